extension DataService {
    /// Stops the request this service has in flight, if any (from another thread); see `HTTPClient.cancelCurrentRequest()`.
    public func cancelCurrentRequest() {
        client.cancelCurrentRequest()
    }

    /// Runs `body`; its requests (every page of a query, the CSRF fetch, a batch) stop once `token` is cancelled.
    public func withCancellation<T>(_ token: CancellationToken, _ body: () throws -> T) rethrows -> T {
        try client.withCancellation(token, body)
    }
}

extension DataService {
    /// Runs `body`; each of its requests gives up after `seconds` (see `HTTPClient.withTimeout`).
    public func withTimeout<T>(_ seconds: Double, _ body: () throws -> T) rethrows -> T {
        try client.withTimeout(seconds, body)
    }
}
