import Foundation
import ODataClient

/// Collects trace records in memory so a test can read what would have gone to stderr.
final class TraceCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [String] = []

    var sink: ClosureTraceSink {
        ClosureTraceSink { [self] record in
            lock.lock()
            records.append(record)
            lock.unlock()
        }
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return records.joined()
    }
}
