/// A way of signing in that `HTTPClient` consults around each request (SAP's form logins and OAuth2 token
/// acquisition are two). Set it as `HTTPConfiguration.signIn`.
///
/// The client calls `authorize` before every request it sends (the CSRF token fetch included). When the answer
/// says the session is gone (`needsSignIn`: a 401, a login page), it calls `signInAgain` and sends the request
/// once more; if that answer says so too, the request fails with `ODataClientError.Kind.signInFailed`.
/// Responses that need a sign-in never reach the caller's consumer. The sign-in's own exchanges (through
/// `SignInSession`) bypass these hooks.
public protocol SignIn: AnyObject, Sendable {
    /// Adds credentials to a request about to be sent (e.g. `Authorization: Bearer`), signing in first if needed.
    func authorize(_ request: inout HTTPRequest, session: SignInSession) throws
    /// Whether a response (its head; for a redirect, before it is followed) means "not signed in".
    func needsSignIn(_ response: HTTPResponseHead, request: HTTPRequest) -> Bool
    /// Signs in afresh: the session or token the last request used is no longer good.
    func signInAgain(session: SignInSession) throws
}

/// What a sign-in may use of the client that calls it: its settings and its connection (with its cookies).
public struct SignInSession {
    unowned let client: HTTPClient

    init(client: HTTPClient) {
        self.client = client
    }

    /// The settings of the client that signs in.
    public var configuration: HTTPConfiguration { client.configuration }

    /// Sends a request on the client's own connection and cookie engine (so a login's cookies stay with the
    /// session), following same-origin redirects and collecting the body. The sign-in hooks are not applied;
    /// bodies are not traced unless `traceSecrets`. A status of 400 or more is thrown as for `HTTPClient.send`.
    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try client.signInExchange(request)
    }
}
