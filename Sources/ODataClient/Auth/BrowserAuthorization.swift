import FoundationEssentials
import ODataModel

/// A person's sign-in through their own browser: the OAuth 2.0 authorization code grant (RFC 6749 section 4.1)
/// for a native app (RFC 8252), with PKCE (RFC 7636, S256), a random `state`, and a loopback redirect
/// (`LoopbackRedirectListener`). Use it as `OAuth2SignIn.Grant.authorizationCode`.
///
/// The program decides how the authorization URL reaches the browser (`openURL`: the shell runs `xdg-open` and
/// prints the URL; a test follows it itself). The sign-in waits at most `timeout` seconds for the browser to come
/// back, and stops at once when the request in effect is cancelled.
public struct BrowserAuthorization: Sendable {
    /// The authorization endpoint (`.../oauth/authorize`, `.../oauth2/v2.0/authorize`).
    public var authorizationEndpoint: String
    /// How long to wait for the browser's redirect, in seconds (default five minutes: a person types a password,
    /// perhaps a second factor).
    public var timeout: Double = 300
    /// Brings the authorization URL to a browser; an error it throws ends the sign-in.
    public var openURL: @Sendable (String) throws -> Void

    /// A browser sign-in at this endpoint; `openURL` gets the authorization URL.
    public init(authorizationEndpoint: String, openURL: @escaping @Sendable (String) throws -> Void) {
        self.authorizationEndpoint = authorizationEndpoint
        self.openURL = openURL
    }

    /// What the browser's redirect brought, once checked: the code to exchange, with what the exchange needs.
    public struct Code: Sendable {
        /// The authorization code.
        public var code: String
        /// The `redirect_uri` of the authorization request, sent again with the code.
        public var redirectURI: String
        /// The PKCE verifier of the authorization request.
        public var verifier: String
    }

    /// The authorization request's URL (RFC 6749 section 4.1.1, RFC 7636 section 4.3).
    func authorizationURL(clientID: String, scope: String?, redirectURI: String, state: String, pkce: PKCEChallenge) -> String {
        var fields = [("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI)]
        if let scope, !scope.isEmpty { fields.append(("scope", scope)) }
        fields += [("state", state), ("code_challenge", pkce.challenge), ("code_challenge_method", pkce.method)]
        let joiner = authorizationEndpoint.contains("?") ? "&" : "?"
        return authorizationEndpoint + joiner + FormURLEncoding.encode(fields)
    }

    /// Sends the person to the authorization endpoint, waits for the redirect, checks it and hands the code to
    /// `exchange` (which asks the token endpoint for tokens); the browser is told how that went. The errors are
    /// `ODataClientError.Kind.signInFailed` with one line each (consent denied, wrong state, no answer in time),
    /// or `.cancelled`.
    func authorize<T>(clientID: String, scope: String?, exchange: (Code) throws -> T) throws -> T {
        let pkce = try PKCEChallenge()
        let state = PKCEChallenge.randomText(bytes: 16)
        let listener = try LoopbackRedirectListener()
        let url = authorizationURL(clientID: clientID, scope: scope, redirectURI: listener.redirectURI, state: state, pkce: pkce)
        try openURL(url)
        guard let redirect = try listener.waitForRedirect(timeout: timeout) else {
            throw failure("no answer came back from the browser within \(Int(timeout.rounded())) s")
        }
        // The state first: an answer that is not this sign-in's says nothing that may be believed, not even an error.
        guard let got = redirect["state"], Self.sameText(got, state) else {
            redirect.respond(succeeded: false, message: "This answer does not belong to the sign-in odsh started (its state does not match); it was not used.")
            throw failure("the browser came back with a state that is not this sign-in's (a forged or stale answer); nothing was used")
        }
        if let error = redirect["error"] {
            let description = redirect["error_description"].map { ": " + String($0.prefix(300)) } ?? ""
            let code = String(error.prefix(60))
            redirect.respond(succeeded: false, message: "The authorization server answered \(error)\(redirect["error_description"].map { ": " + $0 } ?? "").")
            if error == "access_denied" {
                throw failure("access was denied at the authorization server (\(code)\(description)): consent was not given")
            }
            throw failure("the authorization server refused the sign-in (\(code)\(description))")
        }
        guard let code = redirect["code"], !code.isEmpty else {
            redirect.respond(succeeded: false, message: "The answer has neither a code nor an error.")
            throw failure("the browser came back without an authorization code")
        }
        do {
            let result = try exchange(Code(code: code, redirectURI: listener.redirectURI, verifier: pkce.verifier))
            redirect.respond(succeeded: true, message: "odsh is signed in. Go back to the terminal.")
            return result
        } catch {
            redirect.respond(succeeded: false, message: "The authorization server did not give odsh a token for this sign-in; the terminal says why.")
            throw error
        }
    }

    /// Compares without stopping at the first difference, so the time taken tells nothing of the expected state.
    static func sameText(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func failure(_ text: String) -> ODataClientError {
        ODataClientError(.signInFailed("browser sign-in at \(Redaction.redactURLPasswords(authorizationEndpoint)): \(text)"),
                         method: nil, url: "")
    }
}
