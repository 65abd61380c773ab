import FoundationEssentials

/// One HTTP request: method, URL, headers and an optional body.
public struct HTTPRequest: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The absolute URL as text, spelled by the caller (OData URLs are sent as written, not re-encoded).
    public var url: String
    /// Headers of this request; they replace configured session headers of the same name.
    public var headers: HTTPHeaders
    /// The request body; nil sends none.
    public var body: Data?
    /// May this request be sent again after a 429 or 503 (see `RetryPolicy`)? nil: only when its method is GET or HEAD.
    public var isRepeatable: Bool?

    /// A request of this method to `url`, with these headers and body.
    public init(method: HTTPMethod = .get, url: String, headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
