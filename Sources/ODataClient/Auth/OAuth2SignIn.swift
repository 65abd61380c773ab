import FoundationEssentials
import ODataModel

/// OAuth2 sign-in against a token endpoint (SAP's `acquireToken`): the client-credentials, the password or the
/// SAML 2.0 bearer grant (RFC 7522, as SAP SuccessFactors has it: a fresh signed assertion for every token), or a
/// person's sign-in through the browser (the authorization code grant with PKCE, `BrowserAuthorization`) or on
/// another device with a code (the device authorization grant, `DeviceAuthorization`), posted as
/// `application/x-www-form-urlencoded`, the client authenticated by basic authentication or in the body.
/// A refresh token that comes with a person's sign-in is kept with the token and used (the refresh token grant)
/// before the person is asked again. The token is kept (in memory, and in `tokenStore` when given) and sent as `Authorization`; it is
/// renewed shortly before it expires, and at once when a request gets 401, which is then sent once more.
///
/// The token endpoint is called through a client of its own (often another host): it gets the TLS, proxy,
/// timeout and trace settings of the service's session, but not its headers, cookies or SAP parameters.
// @unchecked: the token and its expiry change only with `lock` held.
public final class OAuth2SignIn: SignIn, @unchecked Sendable {
    /// Which grant to ask for.
    public enum Grant: Sendable {
        /// The client-credentials grant: the client acts for itself, with no user.
        case clientCredentials
        /// The resource-owner password grant, for this user.
        case password(user: String, password: String)
        /// A signed SAML assertion for a user; SuccessFactors also wants its `company_id`. The client ID goes in the
        /// body (with the secret only when there is one), whatever `clientAuthentication` says.
        case samlBearer(SAMLBearerAssertion, companyID: String?)
        /// The authorization code grant: a person signs in through the browser; the refresh token that comes with
        /// the tokens renews them without the browser while the authorization server accepts it. A client with
        /// no secret (a public client) sends its ID in the body.
        case authorizationCode(BrowserAuthorization)
        /// The device authorization grant (RFC 8628): a person approves the sign-in on another device with the
        /// code shown; the refresh token is kept and used as the browser sign-in's is. A client with no secret
        /// sends its ID in the body.
        case deviceCode(DeviceAuthorization)
    }

    /// Why a person is about to be asked to sign in (the browser opened, a device code shown).
    public enum PersonNeeded: Sendable, Equatable {
        /// No refresh token is kept: the first sign-in.
        case noRefreshToken
        /// The kept refresh token was refused (expired or revoked); the token endpoint's words.
        case refreshTokenRefused(String)
    }

    /// How the client proves itself to the token endpoint.
    public enum ClientAuthentication: String, Sendable, CaseIterable {
        /// `Authorization: Basic base64(client_id:client_secret)`.
        case basic
        /// `client_id` and `client_secret` in the form body.
        case body
    }

    /// The token endpoint, the client and the grant.
    public struct Settings: Sendable {
        /// The URL of the token endpoint.
        public var tokenEndpoint: String
        /// The OAuth2 client ID.
        public var clientID: String
        /// The client secret, if the client has one.
        public var clientSecret: String?
        /// Which grant to ask for.
        public var grant: Grant
        /// How the client ID and secret reach the token endpoint (basic authentication by default).
        public var clientAuthentication = ClientAuthentication.basic
        /// `scope`, when the endpoint wants one.
        public var scope: String?
        /// Seconds before expiry at which a token is renewed (at most a tenth of its lifetime).
        public var renewalMargin: Double = 30
        /// Where tokens are kept between runs.
        public var tokenStore: (any OAuth2TokenStore)?
        /// Called before a person is asked to sign in (the browser or the device grant), with why; an error it
        /// throws ends the sign-in at once, before anything is opened or shown (a program with nobody to ask).
        public var beforeAskingPerson: (@Sendable (PersonNeeded) throws -> Void)?

        /// Settings for this endpoint, client and grant; the other settings keep their defaults.
        public init(tokenEndpoint: String, clientID: String, clientSecret: String?, grant: Grant) {
            self.tokenEndpoint = tokenEndpoint
            self.clientID = clientID
            self.clientSecret = clientSecret
            self.grant = grant
        }
    }

    /// The token endpoint, the client and the grant.
    public let settings: Settings
    private let lock = RecursiveLock()
    private var token: OAuth2Token?
    private var askedStore = false
    private var tokenClient: HTTPClient?
    private var acquired = 0

    /// A sign-in with these settings; the first token is fetched by the first request.
    public init(_ settings: Settings) {
        self.settings = settings
    }

    /// How many tokens this sign-in has fetched from the endpoint.
    public var tokensAcquired: Int {
        lock.lock()
        defer { lock.unlock() }
        return acquired
    }

    /// The token in use, if any.
    public var currentToken: OAuth2Token? {
        lock.lock()
        defer { lock.unlock() }
        return token
    }

    /// Adds `Authorization` with the current token, fetching a new one first when there is none or it is about to
    /// expire.
    public func authorize(_ request: inout HTTPRequest, session: SignInSession) throws {
        lock.lock()
        defer { lock.unlock() }
        if !askedStore {
            askedStore = true
            token = settings.tokenStore?.loadToken()
        }
        if token == nil || !token!.isUsable(margin: settings.renewalMargin) {
            token = try acquire(session.configuration)
        }
        request.headers.set("Authorization", token!.authorization)
    }

    /// Whether the answer asks for a new token: a 401.
    public func needsSignIn(_ response: HTTPResponseHead, request: HTTPRequest) -> Bool {
        response.status == 401
    }

    /// Fetches a new token from the endpoint at once.
    public func signInAgain(session: SignInSession) throws {
        lock.lock()
        defer { lock.unlock() }
        token = try acquire(session.configuration)
    }

    // MARK: the token request

    private func acquire(_ base: HTTPConfiguration) throws -> OAuth2Token {
        let s = settings
        var fields: [(String, String)]
        switch s.grant {
        case .clientCredentials:
            fields = [("grant_type", "client_credentials")]
        case .password(let user, let password):
            fields = [("grant_type", "password"), ("username", user), ("password", password)]
        case .samlBearer(let assertion, let companyID):
            let xml: String
            do {
                xml = try assertion.signed()
            } catch let error as SAMLBearerAssertion.SigningError {
                throw failure("could not sign the SAML assertion: \(error.description)")
            }
            fields = [("grant_type", "urn:ietf:params:oauth:grant-type:saml2-bearer")]
            if let companyID { fields.append(("company_id", companyID)) }
            fields.append(("assertion", Data(xml.utf8).base64EncodedString()))
        case .authorizationCode, .deviceCode:
            return try signInAsPerson(base)
        }
        if let scope = s.scope, !scope.isEmpty { fields.append(("scope", scope)) }
        return try requestToken(fields, base)
    }

    /// The refresh token grant while there is a refresh token the server takes, else the person: through the
    /// browser or with a device code.
    private func signInAsPerson(_ base: HTTPConfiguration) throws -> OAuth2Token {
        var why = PersonNeeded.noRefreshToken
        if let refresh = token?.refreshToken {
            var fields = [("grant_type", "refresh_token"), ("refresh_token", refresh)]
            if let scope = settings.scope, !scope.isEmpty { fields.append(("scope", scope)) }
            do {
                return try requestToken(fields, base, keepingRefreshToken: refresh)
            } catch let error as TokenEndpointRefusal {
                // Expired or revoked: the person signs in again. Anything else (a wrong client) the person cannot mend.
                guard error.code == "invalid_grant" else {
                    throw failure("the token endpoint refused the refresh token (\(error.code))" + error.descriptionText)
                }
                why = .refreshTokenRefused("invalid_grant" + error.descriptionText)
            }
        }
        try settings.beforeAskingPerson?(why)
        switch settings.grant {
        case .deviceCode(let device):
            return try namingTheWait("device sign-in at \(Redaction.redactURLPasswords(device.deviceAuthorizationEndpoint)), "
                                     + "waiting for the code to be approved") {
                try signInOnDevice(device, base)
            }
        case .authorizationCode(let browser):
            return try namingTheWait("browser sign-in at \(Redaction.redactURLPasswords(browser.authorizationEndpoint)), "
                                     + "waiting for the browser") {
                try signInThroughBrowser(browser, base)
            }
        default:
            throw failure("no person signs in with this grant")
        }
    }

    /// A cancellation (Ctrl-C) while a person signs in is named as the sign-in's, not as the listener's or the
    /// token endpoint's.
    private func namingTheWait<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ODataClientError {
            if case .cancelled = error.kind { throw ODataClientError(.cancelled, method: nil, url: what) }
            throw error
        }
    }

    private func signInThroughBrowser(_ browser: BrowserAuthorization, _ base: HTTPConfiguration) throws -> OAuth2Token {
        try browser.authorize(clientID: settings.clientID, scope: settings.scope) { code in
            do {
                return try requestToken([("grant_type", "authorization_code"), ("code", code.code),
                                         ("redirect_uri", code.redirectURI), ("code_verifier", code.verifier)], base)
            } catch let error as TokenEndpointRefusal {
                let why = error.code == "invalid_grant"
                    ? "refused the authorization code (invalid_grant: expired, used already, or not for this PKCE verifier)"
                    : "refused the authorization code (\(error.code))"
                throw failure(why + error.descriptionText)
            }
        }
    }

    /// RFC 8628: asks for a device code, shows the person the user code, and polls the token endpoint until the
    /// sign-in is approved, denied or expired. The device code itself is never shown.
    private func signInOnDevice(_ device: DeviceAuthorization, _ base: HTTPConfiguration) throws -> OAuth2Token {
        var fields: [(String, String)] = []
        if let scope = settings.scope, !scope.isEmpty { fields.append(("scope", scope)) }
        let endpoint = Redaction.redactURLPasswords(device.deviceAuthorizationEndpoint)
        let answer: HTTPResponse
        do {
            answer = try post(device.deviceAuthorizationEndpoint, fields, base).response
        } catch let error as TokenEndpointRefusal {
            throw failure("the device authorization endpoint \(endpoint) refused the request (\(error.code))" + error.descriptionText)
        }
        let issued = try DeviceAuthorization.parse(answer.body ?? Data()) { failure("the device authorization endpoint \(endpoint): \($0)") }
        try device.showCode(issued.prompt)
        let started = device.now()
        let deadline = started.addingTimeInterval(issued.prompt.expiresIn)
        var interval = issued.interval
        let grant = [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", issued.deviceCode)]
        func expired(_ said: String) -> ODataClientError {
            let lifetime = Int(issued.prompt.expiresIn.rounded())
            return failure("the code expired before the sign-in was approved (\(said), good for \(lifetime) s): sign in again for a new code")
        }
        while true {
            // No wait past the code's lifetime: a server's long interval ends with the code, not after it.
            try device.sleep(max(0, min(interval, deadline.timeIntervalSince(device.now()))))
            if device.now() >= deadline { throw expired("its expires_in passed") }
            do {
                return try requestToken(grant, base)
            } catch let error as TokenEndpointRefusal {
                switch error.code {
                case "authorization_pending":
                    continue
                case "slow_down":
                    interval += DeviceAuthorization.slowDownStep
                case "expired_token":
                    throw expired("expired_token")
                case "access_denied":
                    throw failure("the sign-in was denied at \(issued.prompt.verificationURI) (access_denied\(error.descriptionText))")
                default:
                    throw failure("the token endpoint refused the device code (\(error.code))" + error.descriptionText)
                }
            }
        }
    }

    /// A token endpoint's OAuth2 error answer (RFC 6749 section 5.2), as the code and the description.
    private struct TokenEndpointRefusal: Error {
        var code: String
        var description: String?
        var error: ODataClientError

        var descriptionText: String { description.map { ": " + String($0.prefix(300)) } ?? "" }
    }

    /// Posts the grant's fields with the client's authentication and reads the token. A refresh token the answer
    /// does not renew stays (`keepingRefreshToken`). An OAuth2 error answer of a person's sign-in (browser or
    /// device) is thrown as `TokenEndpointRefusal` for the caller to word; the other grants' as they always were.
    private func requestToken(_ grantFields: [(String, String)], _ base: HTTPConfiguration,
                              keepingRefreshToken: String? = nil) throws -> OAuth2Token {
        let (response, started) = try post(settings.tokenEndpoint, grantFields, base)
        // Some servers (GitHub's device flow) answer an OAuth2 error with 200: read as the error it is.
        if personSignsIn, let object = BodyJSON.object(response.body ?? Data()), BodyJSON.member(object, "access_token") == nil,
           let code = BodyJSON.member(object, "error")?.stringValue, !code.isEmpty {
            throw TokenEndpointRefusal(code: code, description: BodyJSON.member(object, "error_description")?.stringValue,
                                       error: failure("the token endpoint answered \(code)"))
        }
        var token = try parse(response.body ?? Data(), obtainedAt: started)
        if token.refreshToken == nil { token.refreshToken = keepingRefreshToken }
        acquired += 1
        settings.tokenStore?.saveToken(token)
        return token
    }

    /// Whether a person signs in (the browser or the device grant): then the endpoints' OAuth2 error answers are
    /// worded by the caller, and a client without a secret sends its ID in the body.
    private var personSignsIn: Bool {
        switch settings.grant {
        case .authorizationCode, .deviceCode: return true
        default: return false
        }
    }

    /// Posts the fields to `url` (the token or the device authorization endpoint) with the client's
    /// authentication; the answer and when the request was sent.
    private func post(_ url: String, _ grantFields: [(String, String)], _ base: HTTPConfiguration) throws -> (response: HTTPResponse, sent: Date) {
        let s = settings
        var fields = grantFields
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        var clientAuthentication = s.clientAuthentication
        if case .samlBearer = s.grant { clientAuthentication = .body }
        if personSignsIn && s.clientSecret == nil { clientAuthentication = .body }
        switch clientAuthentication {
        case .basic:
            let pair = Data("\(s.clientID):\(s.clientSecret ?? "")".utf8).base64EncodedString()
            headers.add("Authorization", "Basic \(pair)")
        case .body:
            fields.append(("client_id", s.clientID))
            if let secret = s.clientSecret { fields.append(("client_secret", secret)) }
        }
        let request = HTTPRequest(method: .post, url: url, headers: headers, body: Data(FormURLEncoding.encode(fields).utf8))
        let client = try tokenClient ?? HTTPClient(configuration: Self.tokenEndpointConfiguration(base))
        tokenClient = client
        let started = Date()
        do {
            return (try client.send(request), started)
        } catch let error as ODataClientError where error.httpStatus != nil {
            if personSignsIn, let refusal = Self.refusal(error) { throw refusal }
            throw failure("the \(url == s.tokenEndpoint ? "token endpoint" : "endpoint \(Redaction.redactURLPasswords(url))") answered \(error.summary)")
        }
    }

    /// The `error` and `error_description` of a token endpoint's error answer (its first line, as the HTTP layer
    /// keeps it), if it is one.
    private static func refusal(_ error: ODataClientError) -> TokenEndpointRefusal? {
        guard case .http(_, _, _, let summary?) = error.kind, let object = BodyJSON.object(Data(summary.utf8)),
              let code = BodyJSON.member(object, "error")?.stringValue, !code.isEmpty else { return nil }
        return TokenEndpointRefusal(code: code, description: BodyJSON.member(object, "error_description")?.stringValue, error: error)
    }

    private func parse(_ body: Data, obtainedAt: Date) throws -> OAuth2Token {
        guard let object = BodyJSON.object(body) else {
            throw failure("the token endpoint's answer is not a JSON object")
        }
        guard let access = BodyJSON.member(object, "access_token")?.stringValue, !access.isEmpty else {
            throw failure("the token endpoint's answer has no access_token")
        }
        let type = BodyJSON.member(object, "token_type")?.stringValue ?? "Bearer"
        var expiresIn: Double?
        switch BodyJSON.member(object, "expires_in") {
        case .number(let text)?: expiresIn = Double(text)
        case .string(let text)?: expiresIn = Double(text)
        default: break
        }
        let refresh = BodyJSON.member(object, "refresh_token")?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return OAuth2Token(accessToken: access, tokenType: type, obtainedAt: obtainedAt,
                           expiresAt: expiresIn.map { obtainedAt.addingTimeInterval($0) }, refreshToken: refresh)
    }

    private func failure(_ text: String) -> ODataClientError {
        ODataClientError(.signInFailed("OAuth2 sign-in of client \(settings.clientID) at \(settings.tokenEndpoint): \(text)"),
                         method: .post, url: settings.tokenEndpoint)
    }

    /// The session's connection settings that also hold for the token endpoint: how to connect and how to trace.
    /// Headers, cookies, credentials and SAP parameters are the service's and stay with it; bodies (codes, secrets,
    /// tokens) are kept out of traces.
    static func tokenEndpointConfiguration(_ base: HTTPConfiguration) -> HTTPConfiguration {
        var c = HTTPConfiguration()
        for setting in sharedWithTokenEndpoint { setting.copy(base, &c) }
        c.csrfProtection = false
        c.hidesBodiesInTrace = true
        return c
    }

    /// One setting that the token endpoint's client takes over from the service's.
    private struct SharedSetting {
        let copy: (HTTPConfiguration, inout HTTPConfiguration) -> Void

        init<Value>(_ path: WritableKeyPath<HTTPConfiguration, Value>) {
            copy = { $1[keyPath: path] = $0[keyPath: path] }
        }
    }

    /// The settings shared: a list, so that a setting added to `HTTPConfiguration` stays with the service unless
    /// it is named here.
    private static var sharedWithTokenEndpoint: [SharedSetting] {
        [.init(\.userAgent), .init(\.caBundle), .init(\.insecure), .init(\.proxy), .init(\.connectTimeout), .init(\.timeout),
         .init(\.traceRequests), .init(\.traceWithData), .init(\.prettyTracing), .init(\.traceSecrets), .init(\.traceBodyLimit),
         .init(\.traceSink)]
    }
}
