import FoundationEssentials
import ODataClient

/// What an SAP developer checks next for an error: one line naming the transaction or setting that tells more
/// (/IWFND/ERROR_LOG, /IWFND/MAINT_SERVICE, SU53, ST22), or nil when the error says nothing SAP-specific.
enum SAPErrorHint {
    /// Whether a redirect's target is a SAML 2.0 authentication request (HTTP-Redirect binding: `SAMLRequest=` in
    /// the query).
    static func isSAMLRequest(_ location: String) -> Bool {
        guard let query = location.firstIndex(of: "?") else { return false }
        return location[query...].split(separator: "&").contains { $0.drop { $0 == "?" }.hasPrefix("SAMLRequest=") }
    }

    /// The hint for an error of the client or of `DataService`; nil when there is none.
    static func hint(for error: Error) -> String? {
        let samlHint = "the service sends you to a SAML identity provider's sign-in page, which odsh does not fill in: "
            + "sign in with OAuth 2.0 instead, through your browser (auth = \"browser\" with authorize-url, token-endpoint and "
            + "client-id: the OAuth client of the system, such as a BTP/XSUAA service key or a communication arrangement with OAuth)"
        if let e = error as? ODataClientError, case .redirectToOtherOrigin(let location) = e.kind, isSAMLRequest(location) {
            return samlHint
        }
        if let e = error as? DataServiceError, e.underlying is SAMLSignInPage { return samlHint }
        if let e = error as? DataServiceError {
            if case .notOData(_, _, let signInPage) = e.kind, signInPage {
                return "the service answered with a sign-in page: the session ran out or no credentials were sent "
                    + "(check --user, the profile's auth, or its cookie jar)"
            }
            return e.underlying.flatMap { hint(for: $0) }
        }
        guard let e = error as? ODataClientError, case .http(let status, _, let odata, _) = e.kind else { return nil }
        let code = odata?.code.uppercased() ?? ""
        let isSAP = code.hasPrefix("/IWFND/") || code.hasPrefix("/IWBEP/") || code.hasPrefix("SY/") || odata?.transactionID != nil
            || e.responseHeaders?["sap-server"] != nil
        let log = odata?.transactionID.map { "/IWFND/ERROR_LOG (transaction id \($0))" } ?? "/IWFND/ERROR_LOG"
        switch status {
        case 403 where e.responseHeaders?["X-CSRF-Token"]?.lowercased() == "required":
            return "the CSRF token check failed: the token and the session cookie it belongs to must come back together "
                + "(check that cookies are kept and that a load balancer keeps the session on one server)"
        case 403:
            return "not authorised: run transaction SU53 for this user right after the request to see the missing authorisation"
                + (isSAP ? "; details in \(log)" : "")
        case 401:
            return isSAP ? "not signed in: check user and password (SU01 shows a locked user); details in \(log)" : nil
        case 404 where code == "/IWFND/MED/170" || (isSAP && e.url.contains("$metadata")):
            return "the service is not active (or not registered) on this system: activate it in /IWFND/MAINT_SERVICE "
                + "and check its ICF node in SICF"
        case 500...599 where code.contains("DUMP") || (odata?.message.lowercased().contains("dump") ?? false)
                             || (odata?.message.lowercased().contains("runtime error") ?? false):
            return "the backend ended in a short dump: look it up in ST22; the request is in \(log)"
        case 503 where isSAP:
            return "the system is busy or its backend cannot be reached: check the system alias in /IWFND/MAINT_SERVICE "
                + "and its RFC destination in SM59; details in \(log)"
        default:
            return isSAP ? "details in \(log) (gateway) or /IWBEP/ERROR_LOG (backend)" : nil
        }
    }
}
