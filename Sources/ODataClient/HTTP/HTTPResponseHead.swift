/// The status line and headers of a response, handed over before its body.
public struct HTTPResponseHead: Sendable {
    /// The HTTP status code, e.g. 200.
    public var status: Int
    /// The reason phrase (empty for HTTP/2, which has none).
    public var reason: String
    /// The protocol version as the server spelled it, e.g. "HTTP/1.1" or "HTTP/2".
    public var httpVersion: String
    /// The response headers in the order received.
    public var headers: HTTPHeaders
    /// The URL that answered, as sent: after same-origin redirects, with sap-client/sap-language added.
    public var url: String

    /// A head with this status, reason, protocol version, headers and URL.
    public init(status: Int, reason: String = "", httpVersion: String = "HTTP/1.1", headers: HTTPHeaders = HTTPHeaders(), url: String = "") {
        self.status = status
        self.reason = reason
        self.httpVersion = httpVersion
        self.headers = headers
        self.url = url
    }

    /// The status with its reason phrase, e.g. "404 Not Found".
    public var statusLine: String {
        let phrase = reason.isEmpty ? HTTPResponseHead.standardReason(status) : reason
        return phrase.isEmpty ? String(status) : "\(status) \(phrase)"
    }

    /// The standard reason phrase of a status, for HTTP/2 responses that carry none.
    static func standardReason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 409: return "Conflict"
        case 412: return "Precondition Failed"
        case 415: return "Unsupported Media Type"
        case 428: return "Precondition Required"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return ""
        }
    }
}
