import FoundationEssentials
import ODataClient
import ODataModel

/// The HTTP settings for a service: a profile's (with its secrets resolved, its cookie jar and its sign-in),
/// then the command line's settings over them. A run makes one per service (`ServiceConnections`).
struct ProfileConnection {
    var configuration: HTTPConfiguration
    /// Who signs in (user or OAuth2 client), for the metadata cache key; "" when nobody does.
    var identity: String

    /// Builds the settings. `profile` nil: the command line's settings alone.
    init(serviceRoot: String, profile: Profile?, connections: ServiceConnections, pending: [String: String] = [:]) throws {
        let context = connections.context
        var c = HTTPConfiguration.odsh(serviceRoot: serviceRoot)
        var identity = ""
        if var profile {
            // `--auth device` (or `browser`) for this run: the profile's other way for a person to sign in.
            if let method = connections.settings.personSignIn, !connections.settings.browserSignIn.isGiven {
                profile.auth = method
            }
            try Self.fill(&c, from: profile, resolver: context.resolver(pending: pending), dirs: context.dirs,
                          terminal: connections.settings.terminal)
            identity = profile.identity
        } else if let method = connections.settings.personSignIn, !connections.settings.browserSignIn.isGiven {
            let endpoint = method == .device ? "--device-authorization-url" : "--authorize-url"
            throw UsageError("--auth \(method.rawValue) without a profile needs \(endpoint), --token-endpoint and --client-id")
        }
        try connections.settings.apply(to: &c, environment: context.environment, run: connections.credentials)
        try Self.checkRootParameters(serviceRoot, c)
        if let user = connections.settings.identity { identity = user }
        configuration = c
        self.identity = identity
    }

    /// A parameter that the URL's query sets (`?sap-client=200`) and an option or the profile sets otherwise
    /// (`--sap-client 100`): one of them would be dropped without a word, so the conflict is refused.
    static func checkRootParameters(_ root: String, _ c: HTTPConfiguration) throws {
        let inURL = ServiceRoot(root).parameters
        for (name, value) in [("sap-client", c.sapClient), ("sap-language", c.sapLanguage)] {
            guard let value, !value.isEmpty,
                  let given = inURL.first(where: { $0.name.lowercased() == name })?.value else { continue }
            let decoded = given.removingPercentEscapes ?? given
            guard decoded.lowercased() != value.lowercased() else { continue }
            throw UsageError("the URL says \(name)=\(decoded), and --\(name) (or the profile) says \(value): give one of them")
        }
    }

    private static func fill(_ c: inout HTTPConfiguration, from p: Profile, resolver: SecretResolver, dirs: XDGDirectories,
                             terminal: TerminalFacts) throws {
        if let problem = p.validate() { throw ProfileError("profile \(p.name): \(problem)") }
        let path = FileSystemPath.expandingTilde
        c.headers = p.headers
        for name in p.secretHeaders {
            c.headers.add(name, try resolver.secretHeader(name, of: p))
            c.secretHeaderNames.insert(name)
        }
        if let ua = p.userAgent { c.userAgent = ua }
        c.sapClient = p.sapClient
        c.sapLanguage = p.sapLanguage
        if let t = p.timeout { c.timeout = t }
        if let t = p.connectTimeout { c.connectTimeout = t }
        c.proxy = p.proxy
        c.caBundle = p.caBundle.map(path)
        c.clientCertificate = p.certificate.map(path)
        c.clientKey = p.key.map(path)
        c.insecure = p.insecure
        // Each profile keeps its session cookies (MYSAPSSO2, SAP_SESSIONID_*) between runs: in the secret store,
        // or in a cookie jar of its own when the plain files are chosen. `--cookie-jar FILE` overrides either.
        let store = try resolver.store()
        if store.backend == .plain {
            try XDGDirectories.ensure(dirs.state)
            c.cookieJar = dirs.cookieJar(profile: p.name)
        } else {
            c.cookieStore = StoreCookies(store: store, profile: p.name)
        }

        func secret(_ name: String, _ source: SecretSource?) throws -> String {
            try resolver.secret(name, of: p, from: source)
        }
        /// The profile's token endpoint, client and scope with this grant; tokens kept in the secrets store when `store`.
        func oauth2(_ grant: OAuth2SignIn.Grant, clientSecret: String?, store: Bool, storeNextTo source: SecretSource? = nil,
                    before: (@Sendable (OAuth2SignIn.PersonNeeded) throws -> Void)? = nil) throws -> OAuth2SignIn {
            var s = OAuth2SignIn.Settings(tokenEndpoint: p.tokenEndpoint ?? "", clientID: p.clientID ?? "", clientSecret: clientSecret, grant: grant)
            s.beforeAskingPerson = before
            if let a = p.clientAuth { s.clientAuthentication = a }
            s.scope = p.scope
            if store { s.tokenStore = SecretsTokenStore(store: try resolver.secretsFile(source ?? p.secretFrom), profile: p.name) }
            return OAuth2SignIn(s)
        }
        switch p.auth {
        case .none, .cert:
            break
        case .basic:
            c.authentication = .basic(user: p.user ?? "", password: try secret("password", p.secretFrom))
        case .kerberos:
            c.authentication = .negotiate
        case .bearer:
            c.authentication = .bearer(token: try secret("token", p.secretFrom))
        case .cookie:
            c.cookie = try secret("cookie", p.secretFrom)
        case .form:
            var s = FormLoginSignIn.Settings(loginURL: p.loginURL ?? "", user: p.user ?? "", password: try secret("password", p.secretFrom))
            if let f = p.userField { s.userField = f }
            if let f = p.passwordField { s.passwordField = f }
            s.extraFields = p.loginFields
            s.userAgent = p.loginUserAgent
            c.signIn = FormLoginSignIn(s)
        case .oauth2SAMLBearer:
            let endpoint = p.tokenEndpoint ?? ""
            func pem(_ file: String, _ what: String) throws -> String {
                do {
                    return try String(contentsOfFile: path(file), encoding: .utf8)
                } catch {
                    throw ProfileError("profile \(p.name): cannot read the \(what) \(file)")
                }
            }
            let assertion = SAMLBearerAssertion(user: p.user ?? "", clientID: p.clientID ?? "", recipient: endpoint,
                                                privateKeyPEM: try pem(p.samlKey ?? "", "saml-key"),
                                                certificatePEM: try p.samlCert.map { try pem($0, "saml-cert") },
                                                audience: p.samlAudience ?? SAMLBearerAssertion.successFactorsAudience)
            c.signIn = try oauth2(.samlBearer(assertion, companyID: p.companyID), clientSecret: nil, store: p.tokenCache)
        case .oauth2Client, .oauth2Password:
            if p.auth == .oauth2Client {
                c.signIn = try oauth2(.clientCredentials, clientSecret: try secret("client-secret", p.secretFrom), store: p.tokenCache)
            } else {
                c.signIn = try oauth2(.password(user: p.user ?? "", password: try secret("password", p.secretFrom)),
                                      clientSecret: try p.clientSecretFrom.map { try secret("client-secret", $0) }, store: p.tokenCache)
            }
        case .browser:
            var browser = BrowserAuthorization(authorizationEndpoint: p.authorizeURL ?? "", openURL: { _ in })
            let timeout = browser.timeout
            browser.openURL = { BrowserOpener().open($0, timeout: timeout) }
            // The refresh token is the point of keeping tokens: always kept, where the client secret is kept.
            c.signIn = try oauth2(.authorizationCode(browser), clientSecret: try p.clientSecretFrom.map { try secret("client-secret", $0) },
                                  store: true, storeNextTo: p.clientSecretFrom, before: PersonSignIn.profile(p.name, terminal: terminal).beforeBrowser)
        case .device:
            c.signIn = try oauth2(.deviceCode(PersonSignIn.device(at: p.deviceAuthorizationURL ?? "")),
                                  clientSecret: try p.clientSecretFrom.map { try secret("client-secret", $0) },
                                  store: true, storeNextTo: p.clientSecretFrom, before: PersonSignIn.profile(p.name, terminal: terminal).beforeDevice)
        }
    }
}
