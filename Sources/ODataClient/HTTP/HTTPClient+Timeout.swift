extension HTTPClient {
    /// Runs `body`; each request sent in it on this thread ends with `ODataClientError.Kind.timeout` after at most
    /// `seconds` (connecting included), when that is shorter than the configured timeout. For work that must not
    /// keep a person waiting, such as the shell's value help while typing. Scopes nest; the innermost limit applies.
    package func withTimeout<T>(_ seconds: Double, _ body: () throws -> T) rethrows -> T {
        try Self.$timeoutOverride.withValue(seconds) { try body() }
    }
}
