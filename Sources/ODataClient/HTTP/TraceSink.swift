#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Where trace records go. A record is one or more lines ending in a newline, written in one call.
public protocol TraceSink: Sendable {
    /// Writes one trace record.
    func write(_ record: String)
}

/// A trace sink that calls a closure (for tests or an in-memory log).
public struct ClosureTraceSink: TraceSink {
    private let body: @Sendable (String) -> Void

    /// A sink that hands each record to `body`, on the thread that traces.
    public init(_ body: @escaping @Sendable (String) -> Void) {
        self.body = body
    }

    /// Hands the record to the closure.
    public func write(_ record: String) { body(record) }
}

/// A trace sink that writes to a file descriptor: standard error or a file opened for appending.
public final class FileTraceSink: TraceSink, Sendable {
    private let fd: Int32
    private let ownsDescriptor: Bool

    /// A sink on standard error.
    public static let standardError = FileTraceSink(fileDescriptor: 2, closeOnDeinit: false)

    /// A sink on an open file descriptor; the sink closes it on deinit only if told so.
    public init(fileDescriptor: Int32, closeOnDeinit: Bool) {
        fd = fileDescriptor
        ownsDescriptor = closeOnDeinit
    }

    /// A sink appending to the file at `path`, created with mode 0600 because traces may hold payload data; an
    /// existing regular file readable by others is tightened to 0600 before anything is appended.
    public init(path: String) throws {
        let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard opened >= 0 else {
            throw ODataClientError(.invalidRequest("cannot open trace file \(path): \(String(cString: strerror(errno)))"),
                                   method: nil, url: "")
        }
        var st = stat()
        if fstat(opened, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_mode & 0o077 != 0, fchmod(opened, 0o600) != 0 {
            let reason = String(cString: strerror(errno))
            close(opened)
            throw ODataClientError(.invalidRequest("cannot make trace file \(path) private (mode 0600): \(reason)"), method: nil, url: "")
        }
        fd = opened
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Writes the record, with a newline at its end if it has none; a write that fails is dropped, since a trace never
    /// breaks a request.
    public func write(_ record: String) {
        var bytes = Array(record.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }  // a trace must never break a request
                offset += n
            }
        }
    }
}
