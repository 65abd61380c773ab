import FoundationEssentials

extension HTTPClient {
    /// Why a 401 under `HTTPAuthentication.negotiate` happens: curl found no ticket to offer for the server's
    /// principal (no `kinit`, an expired ticket, another realm), or the server refused the one it offered.
    static func negotiateRefusal(_ url: String) -> String {
        let host = URLOrigin(url)?.host ?? "the server"
        return "Kerberos (SPNEGO) sign-in refused by \(host): no valid ticket for HTTP@\(host) in the credential cache "
            + "(run kinit; see klist), or the server does not accept it"
    }
}
