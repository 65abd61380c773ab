/// What a request cost: time, bytes, connections, redirects.
public struct HTTPTransferMetrics: Sendable {
    /// Wall time from the first byte sent to the last received, over all redirects and a CSRF retry, in seconds.
    public var elapsed: Double = 0
    /// Body bytes received (after content decoding) by the final exchange.
    public var bytesReceived: Int64 = 0
    /// Connections opened, summed over the exchanges; 0 means every exchange reused a kept-alive connection.
    public var connectionsOpened: Int = 0
    /// Same-origin redirects followed.
    public var redirects: Int = 0
    /// Exchanges made in all, counting CSRF token fetches and redirects.
    public var exchanges: Int = 0
    /// Requests sent again after a 429 or 503 (see `RetryPolicy`).
    public var retries: Int = 0

    /// All figures zero.
    public init() {}
}
