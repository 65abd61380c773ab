/// The response to one request of a `$batch`: HTTP status, headers, body, and the Content-ID (or JSON `id`) that
/// ties it to its request.
public struct BatchOperationResponse: Equatable, Sendable {
    /// The HTTP status of the request's answer.
    public var status: Int
    /// The reason phrase of the status line (may be empty).
    public var reason: String
    /// The answer's headers, in order.
    public var headers: [(name: String, value: String)]
    /// The answer's body (empty when there is none).
    public var body: [UInt8]
    /// Content-ID (multipart, from the part's MIME headers or the inner HTTP headers) or `id` (JSON batch).
    public var contentID: String?
    /// JSON batch: the atomicity group the request was in.
    public var atomicityGroup: String?

    /// A response with these parts.
    public init(status: Int, reason: String = "", headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                contentID: String? = nil, atomicityGroup: String? = nil) {
        self.status = status; self.reason = reason; self.headers = headers; self.body = body
        self.contentID = contentID; self.atomicityGroup = atomicityGroup
    }

    /// The value of a header (names compare case-insensitively).
    public func header(_ name: String) -> String? {
        let n = name.lowercased()
        return headers.first { $0.name.lowercased() == n }?.value
    }

    /// 2xx.
    public var succeeded: Bool { (200..<300).contains(status) }
    /// The body as text (bodies of OData responses are UTF-8).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Equal when status, reason, headers (in order), body, Content-ID and atomicity group are.
    public static func == (a: BatchOperationResponse, b: BatchOperationResponse) -> Bool {
        a.status == b.status && a.reason == b.reason && a.body == b.body && a.contentID == b.contentID && a.atomicityGroup == b.atomicityGroup
            && a.headers.map { "\($0.name): \($0.value)" } == b.headers.map { "\($0.name): \($0.value)" }
    }
}
