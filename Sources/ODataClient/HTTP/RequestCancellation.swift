import Synchronization

/// What stops a request: the cancellation of the task that asked for it. The async API of `DataService` runs the
/// blocking request path on a thread of its own with a token bound to that thread (`current`) and cancels the token
/// when the task is cancelled; `CurlConnection` looks at it while waiting and is woken by it at once.
package final class RequestCancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    private let parent: RequestCancellation?
    private let waiting = Mutex<[CurlConnection]>([])

    /// A token inside the one in effect (a scope within a scope stops when either is cancelled).
    package init() { parent = Self.current }

    /// The token of the request being sent on this thread or task, if any.
    @TaskLocal package static var current: RequestCancellation?

    /// Whether the request being sent on this thread or task must stop: its token, an enclosing one, or the
    /// shell's interrupt (`ProcessInterrupt`).
    package static var isCancelled: Bool {
        ProcessInterrupt.isRequested || (current?.isCancelled ?? false)
    }

    /// Whether this token or an enclosing one was cancelled.
    package var isCancelled: Bool { flag.load(ordering: .acquiring) || (parent?.isCancelled ?? false) }

    /// Stops the requests sent under this token, at once: waiting transfers are woken.
    package func cancel() {
        flag.store(true, ordering: .releasing)
        for c in waiting.withLock({ $0 }) { c.wake() }
    }

    /// Runs `body` with this token in effect on this thread or task.
    package func run<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$current.withValue(self) { try body() }
    }

    func register(_ c: CurlConnection) {
        waiting.withLock { $0.append(c) }
        if isCancelled { c.wake() }
        parent?.register(c)
    }

    func unregister(_ c: CurlConnection) {
        waiting.withLock { $0.removeAll { $0 === c } }
        parent?.unregister(c)
    }
}

/// The shell's Ctrl-C: a flag a signal handler may set (a lock-free atomic store), looked at by every transfer
/// while it waits (every 100 ms at most). The shell clears it before each command. Library users cancel tasks.
package enum ProcessInterrupt {
    private static let flag = Atomic<Bool>(false)

    /// Async-signal-safe.
    package static func request() { flag.store(true, ordering: .sequentiallyConsistent) }
    package static func reset() { flag.store(false, ordering: .sequentiallyConsistent) }
    package static var isRequested: Bool { flag.load(ordering: .sequentiallyConsistent) }
}
