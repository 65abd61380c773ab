import Synchronization

/// The process-wide request cancellation flag.
///
/// `requestCancel()` only stores into a lock-free atomic, so a SIGINT handler may call it. Transfers poll the
/// flag from curl's progress callback (about once a second while waiting, more often while data flows) and
/// end with `ODataClientError.Kind.cancelled`. The flag stays set until `reset()`: the shell resets it before
/// each command, and a request started while it is set fails at once. To stop one client's request or one piece
/// of work only, use `HTTPClient.cancelCurrentRequest()` or a `CancellationToken` with `withCancellation`.
public enum HTTPCancellation {
    private static let flag = Atomic<Bool>(false)

    /// Asks every request in flight, and every request started until `reset()`, to stop. Async-signal-safe.
    public static func requestCancel() {
        flag.store(true, ordering: .sequentiallyConsistent)
    }

    /// Clears the flag.
    public static func reset() {
        flag.store(false, ordering: .sequentiallyConsistent)
    }

    /// Whether cancellation was requested.
    public static var isCancelled: Bool {
        flag.load(ordering: .sequentiallyConsistent)
    }
}
