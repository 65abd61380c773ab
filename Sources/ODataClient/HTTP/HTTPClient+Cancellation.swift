extension HTTPClient {
    /// Stops the request this client has in flight, if any; meant to be called from another thread. It ends with
    /// `ODataClientError.Kind.cancelled`; other clients' requests, and this client's later ones, go on.
    public func cancelCurrentRequest() {
        transfer.cancellation.cancelCurrent()
    }

    /// Runs `body`; the requests this client sends in it stop with `ODataClientError.Kind.cancelled` once `token`
    /// is cancelled (and fail at once if it already is). Scopes nest: any of their tokens stops the request.
    public func withCancellation<T>(_ token: CancellationToken, _ body: () throws -> T) rethrows -> T {
        transfer.cancellation.push(token)
        defer { transfer.cancellation.pop() }
        return try body()
    }
}
