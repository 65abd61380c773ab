import Dispatch
import Synchronization

/// What stops a request: the cancellation of the task (or the shell's statement) that asked for it. It is the one
/// way a request is stopped before its end, and a time limit is one of them: a token that cancels itself.
///
/// A task's own cancellation ends its transfers as well; the shell binds a token to each statement and
/// cancels it on Ctrl-C. A transfer registers its flow with the token while it runs and is ended by it at once.
package final class RequestCancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    private let expired = Atomic<Bool>(false)
    private let parent: RequestCancellation?
    private let waiting = Mutex<[TransferFlow]>([])

    /// A token inside the one in effect (a scope within a scope stops when either is cancelled).
    package init() { parent = Self.current }

    /// The token of the request being sent on this thread or task, if any.
    @TaskLocal package static var current: RequestCancellation?

    /// Whether the request being sent on this thread or task must stop.
    package static var isCancelled: Bool { current?.isCancelled ?? false }

    /// Whether this token or an enclosing one was cancelled.
    package var isCancelled: Bool { flag.load(ordering: .acquiring) || (parent?.isCancelled ?? false) }

    /// Whether the cancellation came from a time limit (`withDeadline`) rather than from someone cancelling.
    package var timedOut: Bool { expired.load(ordering: .acquiring) || (parent?.timedOut ?? false) }

    /// Stops the requests sent under this token, at once: their transfers are ended.
    package func cancel() {
        flag.store(true, ordering: .releasing)
        for flow in waiting.withLock({ $0 }) { flow.cancel() }
    }

    /// Runs `body` with this token in effect on this thread or task.
    package func run<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$current.withValue(self) { try body() }
    }

    /// Runs `body` under a token that cancels itself after `seconds`: each request in it (connecting, waiting for
    /// the answer, a wait before a retry) ends within the limit with `ODataClientError.Kind.timeout`. For work that
    /// must not keep a person waiting, such as the shell's value help while typing. Scopes nest; the shorter wins.
    package static func withDeadline<T>(_ seconds: Double, _ body: () throws -> T) rethrows -> T {
        let token = RequestCancellation()
        let timer = DispatchWorkItem { [token] in
            token.expired.store(true, ordering: .releasing)
            token.cancel()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds), execute: timer)
        defer { timer.cancel() }
        return try token.run(body)
    }

    /// Runs async `body` with this token in effect in this task.
    package func run<T>(_ body: () async throws -> T) async rethrows -> T {
        try await Self.$current.withValue(self) { try await body() }
    }

    /// Cancels this token `seconds` from now, as a time limit does (`timedOut`, `expiredItself`).
    package func expire(after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [self] in
            expired.store(true, ordering: .releasing)
            cancel()
        }
    }

    /// Whether this token's own time limit (`expire(after:)`, `withDeadline`) cancelled it, not an enclosing one.
    package var expiredItself: Bool { expired.load(ordering: .acquiring) }

    func register(_ flow: TransferFlow) {
        waiting.withLock { $0.append(flow) }
        if isCancelled { flow.cancel() }
        parent?.register(flow)
    }

    func unregister(_ flow: TransferFlow) {
        waiting.withLock { $0.removeAll { $0 === flow } }
        parent?.unregister(flow)
    }
}
