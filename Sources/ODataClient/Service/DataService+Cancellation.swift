extension DataService {
    /// Runs `body`; each of its requests gives up after `seconds` (see `HTTPClient.withTimeout`).
    package func withTimeout<T>(_ seconds: Double, _ body: () throws -> T) rethrows -> T {
        try client.withTimeout(seconds, body)
    }
}
