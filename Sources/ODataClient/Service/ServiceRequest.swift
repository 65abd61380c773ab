import FoundationEssentials

/// One request as a tool states it: method, URL relative to the service root, JSON body, and what the answer holds.
package struct ServiceRequest {
    package var method: HTTPMethod
    /// Relative to the service root (`Customers?$top=5`); an absolute http(s) URL is sent as it is.
    package var relativeURL: String
    /// A JSON body, sent with `Content-Type: application/json`.
    package var body: Data?
    /// What the payload holds; nil lets `execute` work it out from the URL (`DataService.target(forRelativeURL:)`).
    package var target: PayloadTarget?
    /// Extra request headers (If-Match, Prefer, ...).
    package var headers = HTTPHeaders()
    /// Where a plain answer's body (`$value`, a raw URL's body that is not a payload) goes as it arrives: set, the
    /// body is streamed here, in any size, and `ServiceResponse.rawBody` stays nil; unset, it is kept there, up to
    /// `HTTPConfiguration.maxBufferedBodyBytes`. Error answers never reach it, nor does a `$count`.
    package var onRawChunk: ((UnsafeRawBufferPointer) throws -> Void)?

    package init(method: HTTPMethod = .get, relativeURL: String, body: Data? = nil, target: PayloadTarget? = nil) {
        self.method = method
        self.relativeURL = relativeURL
        self.body = body
        self.target = target
    }
}
