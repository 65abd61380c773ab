import Synchronization

/// What stops one client's requests: the process-wide flag (`HTTPCancellation`, the shell's Ctrl-C), the token of
/// the request in flight (`HTTPClient.cancelCurrentRequest()`), and the tokens of `withCancellation` scopes.
/// Looked at from curl's callbacks on the sending thread; cancelled from any thread.
final class ClientCancellation: Sendable {
    private struct State: Sendable {
        var current: CancellationToken?
        var scoped: [CancellationToken] = []
    }

    private let state = Mutex(State())

    /// A request starts: a token of its own, so that cancelling it leaves the next one alone.
    func begin() { state.withLock { $0.current = CancellationToken() } }

    /// The request is over.
    func end() { state.withLock { $0.current = nil } }

    /// Cancels the request in flight, if there is one.
    func cancelCurrent() { state.withLock { $0.current?.cancel() } }

    func push(_ token: CancellationToken) { state.withLock { $0.scoped.append(token) } }

    func pop() { state.withLock { _ = $0.scoped.popLast() } }

    /// Whether the request in flight (or about to start) must stop.
    var isCancelled: Bool {
        if HTTPCancellation.isCancelled { return true }
        return state.withLock { s in (s.current?.isCancelled ?? false) || s.scoped.contains { $0.isCancelled } }
    }
}
