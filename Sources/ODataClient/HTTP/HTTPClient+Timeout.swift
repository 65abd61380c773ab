extension HTTPClient {
    /// Runs `body`; each request this client sends in it ends with `ODataClientError.Kind.timeout` after at most
    /// `seconds` (connecting included), when that is shorter than the configured timeout. For work that must not
    /// keep a person waiting, such as value help while typing. Scopes nest; the innermost limit applies.
    public func withTimeout<T>(_ seconds: Double, _ body: () throws -> T) rethrows -> T {
        let saved = timeoutOverride
        timeoutOverride = seconds
        defer { timeoutOverride = saved }
        return try body()
    }
}
