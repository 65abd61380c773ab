import ODataModel

/// Every failure of the HTTP layer, with where it happened (method and URL, passwords redacted).
///
/// The service's words are data: its error message and code, a body's first line, a redirect's target are kept as
/// they came, control characters included, in `kind` and in the texts made from them (`summary`, `detailLines`,
/// `details`, `description`). Escape them before they reach a terminal, where an escape sequence from a hostile
/// service would act (odsh does, where it writes its messages). Limits are named by their Swift setting
/// (`HTTPConfiguration.maxMetadataBytes`), which `SizeLimit` carries for a caller to word in its own terms.
public struct ODataClientError: CategorizedError, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// libcurl failed: connection refused, DNS, TLS, a body cut short. `curlText` is curl's own message.
        case transport(curlCode: Int, curlText: String)
        /// The connect or total timeout ran out.
        case timeout(curlText: String)
        /// The request was stopped before it finished: the shell's Ctrl-C. (A cancelled task's call of the async
        /// API throws `CancellationError` instead.)
        case cancelled
        /// The server answered with status 400 or above.
        case http(status: Int, reason: String, odataError: ODataErrorResponse?, bodySummary: String?)
        /// The server redirected to another scheme, host or port; nothing was sent there.
        case redirectToOtherOrigin(location: String)
        /// A request (a next link, a raw URL) that leads away from the service root's origin (scheme, host, port):
        /// refused before anything is sent, since the session's credentials belong to the service.
        case otherOrigin(url: String, serviceOrigin: String)
        /// A write (POST, PUT, PATCH, MERGE, DELETE) answered with 301, 302 or 303, which would turn it into a GET
        /// elsewhere: not followed, and nothing was written.
        case writeRedirected(status: Int, location: String)
        /// An answer larger than a limit of `HTTPConfiguration`: `setting` names it, `limit` is its value in bytes,
        /// `received` the bytes that had come when the reading stopped (more than `limit`).
        case tooLarge(setting: SizeLimit, limit: Int, received: Int)
        /// More redirects than `HTTPConfiguration.maxRedirects`.
        case tooManyRedirects(Int)
        /// Signing in (`HTTPConfiguration.signIn`) failed, or the service still asked for it after signing in.
        case signInFailed(String)
        /// The request could not be made as given: a malformed URL or one that is not http(s), a bad header,
        /// the client busy or closed, a file named in the configuration not readable.
        case invalidRequest(String)
    }

    /// A setting of `HTTPConfiguration` that bounds the size of an answer.
    public enum SizeLimit: String, Sendable, CaseIterable {
        /// `HTTPConfiguration.maxMetadataBytes`: the `$metadata` document.
        case maxMetadataBytes
        /// `HTTPConfiguration.maxBufferedBodyBytes`: an answer kept whole in memory (a `$value`, a raw body).
        case maxBufferedBodyBytes

        /// The setting as Swift names it: `HTTPConfiguration.maxMetadataBytes`.
        public var settingName: String { "HTTPConfiguration." + rawValue }
    }

    /// What went wrong.
    public let kind: Kind
    /// The method of the failed exchange, when there was one.
    public let method: HTTPMethod?
    /// The URL of the failed exchange, passwords redacted.
    public let url: String
    /// Response headers of an HTTP error.
    public let responseHeaders: HTTPHeaders?

    /// An error of this kind for the exchange `method` `url` (passwords in the URL are redacted here).
    public init(_ kind: Kind, method: HTTPMethod?, url: String, responseHeaders: HTTPHeaders? = nil) {
        self.kind = kind
        self.method = method
        self.url = Redaction.redactURLPasswords(url)
        self.responseHeaders = responseHeaders
    }

    /// Whether the server could not be reached or the transfer broke (transport or timeout): the shell's exit 3.
    public var isTransportFailure: Bool {
        switch kind {
        case .transport, .timeout: return true
        default: return false
        }
    }

    /// The category of the failure: the server could not be reached or left the service's origin (transport), it
    /// answered with an error (service), the request was malformed (usage), or it was cancelled.
    public var category: ErrorCategory {
        switch kind {
        case .transport, .timeout, .redirectToOtherOrigin, .otherOrigin, .tooManyRedirects: return .transport
        case .cancelled: return .cancelled
        case .http, .signInFailed, .writeRedirected: return .service
        case .invalidRequest: return .usage
        case .tooLarge: return .invalidData
        }
    }

    /// The HTTP status of an HTTP error.
    public var httpStatus: Int? {
        if case .http(let status, _, _, _) = kind { return status }
        return nil
    }

    /// The parsed OData error body of an HTTP error.
    public var odataError: ODataErrorResponse? {
        if case .http(_, _, let odataError, _) = kind { return odataError }
        return nil
    }

    /// The failed exchange as messages name it, method and URL (`GET https://host/svc/$metadata`); empty when
    /// there was none.
    public var exchange: String {
        [method?.rawValue, url.isEmpty ? nil : url].compactMap { $0 }.joined(separator: " ")
    }

    /// The one line a person needs. HTTP errors speak of the answer; the others name the request first. The
    /// service's text in it is as it came (see the type's documentation).
    public var summary: String {
        if case .http = kind { return reason }
        return exchange.isEmpty ? reason : "\(exchange): \(reason)"
    }

    /// What went wrong, without the request.
    public var reason: String {
        switch kind {
        case .transport(let code, let text):
            return "\(text) (curl error \(code))"
        case .timeout(let text):
            return "timed out: \(text)"
        case .cancelled:
            return "cancelled"
        case .http(let status, let reason, let odataError, let bodySummary):
            let line = HTTPResponseHead(status: status, reason: reason).statusLine
            // The service's words as they came: whoever shows them escapes them (the type's documentation).
            if let e = odataError {
                var text = "HTTP \(line): \(e.message)"
                if !e.code.isEmpty { text += " [\(e.code)]" }
                return text
            }
            if let s = bodySummary, !s.isEmpty { return "HTTP \(line): \(s)" }
            return "HTTP \(line)"
        case .redirectToOtherOrigin(let location):
            return "redirected to another origin, not followed (credentials stay with the service): \(Redaction.redactURLPasswords(location))"
        case .otherOrigin(let url, let serviceOrigin):
            let host = URLOrigin(url)?.description ?? Redaction.redactURLPasswords(url)
            return "refused to send a request to \(host), which is not the service's origin (\(serviceOrigin)): "
                + "credentials stay with the service, nothing was sent"
        case .writeRedirected(let status, let location):
            return "the service answered the write with a redirect (\(status)) to \(Redaction.redactURLPasswords(location)); "
                + "it was not sent again as a GET, and nothing was written"
        case .tooLarge(let setting, let limit, _):
            return "the answer is larger than the limit of \(Self.describeBytes(limit)) (\(setting.settingName)); nothing more was read"
        case .tooManyRedirects(let n):
            return "more than \(n) redirects"
        case .invalidRequest(let text):
            return text
        case .signInFailed(let text):
            return text
        }
    }

    /// `n` bytes in the largest unit that divides it: `2 MiB`, `512 KiB`, `1000 bytes`.
    static func describeBytes(_ n: Int) -> String {
        n > 0 && n % (1 << 20) == 0 ? "\(n >> 20) MiB" : n > 0 && n % 1024 == 0 ? "\(n >> 10) KiB" : "\(n) bytes"
    }

    /// The rest, one line each (a line of the service's text may still hold a line break: it is as it came):
    /// request, OData code, target, details, inner error.
    public var detailLines: [String] {
        var lines: [String] = []
        if !exchange.isEmpty { lines.append("request: \(exchange)") }
        switch kind {
        case .transport(let code, _):
            lines.append("curl error \(code)")
        case .http(_, _, let odataError, let bodySummary):
            if let e = odataError {
                if !e.code.isEmpty { lines.append("code: \(e.code)") }
                if let lang = e.language { lines.append("language: \(lang)") }
                if let target = e.target, !target.isEmpty { lines.append("target: \(target)") }
                for d in e.details {
                    var line = "detail:"
                    if let s = d.severity, !s.isEmpty { line += " [\(s)]" }
                    if !d.code.isEmpty { line += " \(d.code):" }
                    line += " \(d.message)"
                    if let t = d.target, !t.isEmpty { line += " (target: \(t))" }
                    lines.append(line)
                }
                if let inner = e.innerError, !inner.isEmpty { lines.append("inner error: \(inner)") }
            } else if let s = bodySummary, !s.isEmpty {
                lines.append("body: \(s)")
            }
        default:
            break
        }
        return lines
    }

    /// `detailLines` joined by line feeds.
    public var details: String { detailLines.joined(separator: "\n") }

    /// The summary: what failed, the method and URL, and the service's error message.
    public var description: String { summary }
}

extension ODataClientError {
    /// The error of a request its token stopped: `timeout` when a time limit cancelled it, else `cancelled`.
    static func stopped(_ method: HTTPMethod, _ url: String) -> ODataClientError {
        if RequestCancellation.current?.timedOut == true {
            return ODataClientError(.timeout(curlText: "the time limit of the request's scope ran out"), method: method, url: url)
        }
        return ODataClientError(.cancelled, method: method, url: url)
    }
}
