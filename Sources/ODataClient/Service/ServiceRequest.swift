import FoundationEssentials

/// One request as a tool states it: method, URL relative to the service root, JSON body, and what the answer holds.
public struct ServiceRequest {
    public var method: HTTPMethod
    /// Relative to the service root (`Customers?$top=5`); an absolute http(s) URL is sent as it is.
    public var relativeURL: String
    /// A JSON body, sent with `Content-Type: application/json`.
    public var body: Data?
    /// What the payload holds; nil lets `execute` work it out from the URL (`DataService.target(forRelativeURL:)`).
    public var target: PayloadTarget?
    /// Extra request headers (If-Match, Prefer, ...).
    public var headers = HTTPHeaders()

    public init(method: HTTPMethod = .get, relativeURL: String, body: Data? = nil, target: PayloadTarget? = nil) {
        self.method = method
        self.relativeURL = relativeURL
        self.body = body
        self.target = target
    }
}
