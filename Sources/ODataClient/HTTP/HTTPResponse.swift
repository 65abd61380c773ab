import FoundationEssentials

/// A completed response: head, body (nil when it was streamed to a consumer) and transfer figures.
public struct HTTPResponse: Sendable {
    /// The status line and headers.
    public var head: HTTPResponseHead
    /// The whole body, or nil when it went to an `onChunk` consumer.
    public var body: Data?
    /// What the transfer cost: time, bytes, connections, redirects.
    public var metrics: HTTPTransferMetrics

    /// A response of this head, body and metrics.
    public init(head: HTTPResponseHead, body: Data?, metrics: HTTPTransferMetrics) {
        self.head = head
        self.body = body
        self.metrics = metrics
    }

    /// The HTTP status code.
    public var status: Int { head.status }
    /// The response headers.
    public var headers: HTTPHeaders { head.headers }
}
