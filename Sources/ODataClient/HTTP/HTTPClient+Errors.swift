import CCurl
import FoundationEssentials

/// The errors of an exchange: curl's failures and the service's HTTP errors, as `ODataClientError`.
extension HTTPClient {
    /// curl's failure of an exchange, as the error a caller can act on (timeout, cancelled, invalid request, transport).
    func curlError(_ code: CURLcode, _ method: HTTPMethod, _ url: String, _ connection: CurlConnection) -> ODataClientError {
        let buffered = connection.errorText
        let text = Redaction.redactURLPasswords(buffered.isEmpty ? String(cString: odsh_curl_easy_strerror(code)) : buffered)
        switch code {
        case CURLE_ABORTED_BY_CALLBACK where RequestCancellation.isCancelled || Task.isCancelled:
            return ODataClientError.stopped(method, url)
        case CURLE_OPERATION_TIMEDOUT:
            return ODataClientError(.timeout(curlText: text), method: method, url: url)
        case CURLE_UNSUPPORTED_PROTOCOL where ["http://", "https://"].contains { url.lowercased().hasPrefix($0) }:
            // An http(s) URL, so the protocol curl refused is the server's answer (HTTP/0.9, a garbage status line).
            return ODataClientError(.transport(curlCode: Int(code.rawValue), curlText: "the answer is not HTTP/1 or 2: \(text)"),
                                    method: method, url: url)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            // The URL as given cannot be sent: a mistake of the caller, not of the network.
            return ODataClientError(.invalidRequest("\(text) (curl error \(code.rawValue))"), method: method, url: url)
        default:
            return ODataClientError(.transport(curlCode: Int(code.rawValue), curlText: text), method: method, url: url)
        }
    }

    /// A status of 400 or more, with the OData error of its body (or a summary of it).
    func httpError(_ outcome: Exchange) -> ODataClientError {
        if outcome.head.status == 401, configuration.authentication == .negotiate {
            return ODataClientError(.signInFailed(Self.negotiateRefusal(outcome.url)), method: outcome.method, url: outcome.url,
                                    responseHeaders: outcome.head.headers)
        }
        let type = outcome.head.headers["Content-Type"]
        let parsed = ODataErrorResponse.parse(outcome.body, contentType: type)
        let summary = parsed == nil ? ResponseBodySummary.summarize(outcome.body, contentType: type) : nil
        return ODataClientError(.http(status: outcome.head.status, reason: outcome.head.reason, odataError: parsed, bodySummary: summary),
                                method: outcome.method, url: outcome.url, responseHeaders: outcome.head.headers)
    }
}
