import Synchronization

/// A cancellation flag that a caller owns: requests sent inside `HTTPClient.withCancellation(_:_:)` (or
/// `DataService.withCancellation`) stop when it is cancelled, and requests elsewhere go on.
///
/// `cancel()` only stores into a lock-free atomic: any thread may call it, a signal handler too. A cancelled token
/// stays cancelled; use a new one for the next piece of work.
public final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A token not cancelled.
    public init() {}

    /// Asks the requests watching this token to stop. Async-signal-safe.
    public func cancel() {
        flag.store(true, ordering: .sequentiallyConsistent)
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool {
        flag.load(ordering: .sequentiallyConsistent)
    }
}
