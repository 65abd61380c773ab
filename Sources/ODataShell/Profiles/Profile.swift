import FoundationEssentials
import ODataClient
import ODataModel

/// A named service and how to reach it: one `[profile.NAME]` table of config.toml. It holds no secret, only
/// where each secret comes from (`SecretSource`).
struct Profile: Sendable, Equatable {
    /// How a profile signs in.
    enum AuthMethod: String, CaseIterable, Sendable {
        case none, basic, bearer, cookie, form
        case oauth2Client = "oauth2-client"
        case oauth2Password = "oauth2-password"
        /// The OAuth2 SAML bearer grant of SAP SuccessFactors: an assertion for `user` signed with `saml-key`.
        case oauth2SAMLBearer = "oauth2-saml-bearer"
        case cert
        /// SPNEGO with the Kerberos tickets of the user's credential cache (`kinit`): no secret in odsh.
        case kerberos
        /// A person signs in through the browser (OAuth2 authorization code with PKCE); the refresh token is kept
        /// in the secrets store. The client secret, when the client has one, comes from `client-secret-from`.
        case browser
        /// A person signs in on another device with a code shown here (the OAuth2 device authorization grant, RFC
        /// 8628): for a machine without a browser. The refresh token is kept as for `browser`.
        case device

        /// What its main secret is called, if it has one.
        var secretName: String? {
            switch self {
            case .basic, .form, .oauth2Password: return "password"
            case .bearer: return "token"
            case .cookie: return "cookie"
            case .oauth2Client: return "client-secret"
            case .none, .cert, .kerberos, .oauth2SAMLBearer, .browser, .device: return nil
            }
        }

        static var spellings: String { allCases.map(\.rawValue).joined(separator: "|") }
    }

    var name: String
    /// The service root URL.
    var url: String
    var auth = AuthMethod.none
    /// The user of basic, form and OAuth2 password sign-in.
    var user: String?
    /// Where the password, token, cookie or (oauth2-client) client secret comes from.
    var secretFrom: SecretSource?
    /// Where the client secret of the OAuth2 password grant or of browser sign-in comes from (none: a public client).
    var clientSecretFrom: SecretSource?

    /// Form login: the URL the form posts to, its field names, more fields, a User-Agent for the login.
    var loginURL: String?
    var userField: String?
    var passwordField: String?
    var loginFields: [FormLoginSignIn.FormField] = []
    var loginUserAgent: String?

    /// OAuth2: the token endpoint, the client, how it authenticates, the scope; keep tokens in the secrets file.
    var tokenEndpoint: String?
    var clientID: String?
    var clientAuth: OAuth2SignIn.ClientAuthentication?
    var scope: String?
    var tokenCache = false
    /// Browser sign-in: the authorization endpoint the browser is sent to.
    var authorizeURL: String?
    /// Device sign-in: the device authorization endpoint that hands out the codes.
    var deviceAuthorizationURL: String?
    /// SAML bearer: the SuccessFactors company ID, the client's private key and certificate (PEM files), the
    /// assertion's audience (default www.successfactors.com).
    var companyID: String?
    var samlKey: String?
    var samlCert: String?
    var samlAudience: String?

    /// Headers sent with every request.
    var headers = HTTPHeaders()
    /// Headers sent with every request whose values are secrets: kept in odsh's secrets file (as `header NAME`),
    /// only their names here.
    var secretHeaders: [String] = []
    var sapClient: String?
    var sapLanguage: String?
    var timeout: Double?
    var connectTimeout: Double?
    var proxy: String?
    var caBundle: String?
    var certificate: String?
    var key: String?
    /// Skip TLS verification: only when written as `insecure = true`.
    var insecure = false
    var userAgent: String?

    /// The shell's default output format and page size.
    var output: String?
    var pageSize: Int?
    /// Whether the interactive shell pages long output (`pager = false` turns it off; nil: on).
    var pager: Bool?
    /// A local metadata file used instead of the service's `$metadata`.
    var metadata: String?
    /// A metadata fix-up file applied after every load (`MetadataFixup`).
    var metadataFix: String?
    /// How many seconds cached metadata is used without asking the service (`metadata-max-age`; 0: always ask;
    /// nil: the service's `Cache-Control: max-age`, else the default).
    var metadataMaxAge: Int?
    /// Short names of services on the profile's system (`odsh NAME ALIAS`): alias to technical name, path on the
    /// system (`/sap/opu/odata/sap/API_X_SRV/`) or URL.
    var services: [String: String] = [:]

    init(name: String, url: String) {
        self.name = name
        self.url = url
    }

    /// Names that would clash with odsh's own subcommands when opened as `odsh NAME`.
    static let reservedNames: Set<String> = ["shell", "metadata", "diff", "profile", "cache", "help"]

    /// Whether `name` may name a profile: letters, digits, `-` and `_`, up to 64, not a subcommand.
    static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 64, !reservedNames.contains(name), !name.hasPrefix("-"), !name.hasPrefix("_") else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    // MARK: config.toml

    static let keys = ["url", "auth", "user", "secret-from", "client-secret-from", "login-url", "user-field", "password-field",
                       "login-fields", "login-user-agent", "authorize-url", "device-authorization-url", "token-endpoint", "client-id", "client-auth", "scope", "token-cache",
                       "company-id", "saml-key", "saml-cert", "saml-audience",
                       "headers", "secret-headers", "sap-client", "sap-language", "timeout", "connect-timeout", "proxy", "ca-bundle", "cert", "key",
                       "insecure", "user-agent", "output", "page-size", "pager", "metadata", "metadata-fix", "metadata-max-age", "services"]

    /// Reads a `[profile.NAME]` table; `place` names it in errors.
    init(name: String, table: TOMLTable, place: String) throws {
        func fail(_ message: String) -> ProfileError { ProfileError("\(place): \(message)") }
        func string(_ key: String) throws -> String? {
            guard let v = table[key] else { return nil }
            guard let s = v.string else { throw fail("\(key) must be a string, not \(v.kind)") }
            return s
        }
        func number(_ key: String) throws -> Double? {
            guard let v = table[key] else { return nil }
            guard let d = v.number, d >= 0 else { throw fail("\(key) must be a number of seconds") }
            return d
        }
        func bool(_ key: String) throws -> Bool {
            guard let v = table[key] else { return false }
            guard let b = v.bool else { throw fail("\(key) must be true or false") }
            return b
        }
        func source(_ key: String) throws -> SecretSource? {
            guard let text = try string(key) else { return nil }
            guard let s = SecretSource(text) else { throw fail("\(key) = \"\(text)\": expected \(SecretSource.spellings)") }
            return s
        }
        func pairs(_ key: String) throws -> [(String, String)] {
            guard let v = table[key] else { return [] }
            guard let t = v.table else { throw fail("\(key) must be a table of names and values") }
            return try t.entries.map { entry in
                guard let s = entry.value.string else { throw fail("\(key).\(entry.key) must be a string") }
                return (entry.key, s)
            }
        }
        for key in table.keys where !Self.keys.contains(key) {
            let hint = NameSuggester.closest(to: key, in: Self.keys)
            throw fail("unknown setting \(key)" + (hint.isEmpty ? "" : " (did you mean \(hint.joined(separator: ", "))?)"))
        }
        guard let url = try string("url") else { throw fail("url is missing") }
        self.init(name: name, url: url)
        if let a = try string("auth") {
            guard let method = AuthMethod(rawValue: a) else { throw fail("auth = \"\(a)\": expected \(AuthMethod.spellings)") }
            auth = method
        }
        user = try string("user")
        secretFrom = try source("secret-from")
        clientSecretFrom = try source("client-secret-from")
        loginURL = try string("login-url")
        userField = try string("user-field")
        passwordField = try string("password-field")
        loginFields = try pairs("login-fields").map { FormLoginSignIn.FormField(name: $0.0, value: $0.1) }
        loginUserAgent = try string("login-user-agent")
        authorizeURL = try string("authorize-url")
        deviceAuthorizationURL = try string("device-authorization-url")
        tokenEndpoint = try string("token-endpoint")
        clientID = try string("client-id")
        if let c = try string("client-auth") {
            guard let ca = OAuth2SignIn.ClientAuthentication(rawValue: c) else { throw fail("client-auth = \"\(c)\": expected basic or body") }
            clientAuth = ca
        }
        scope = try string("scope")
        tokenCache = try bool("token-cache")
        companyID = try string("company-id")
        samlKey = try string("saml-key")
        samlCert = try string("saml-cert")
        samlAudience = try string("saml-audience")
        headers = HTTPHeaders(try pairs("headers"))
        if let v = table["secret-headers"] {
            guard case .array(let items) = v, let names = Optional(items.compactMap(\.string)), names.count == items.count else {
                throw fail("secret-headers must be an array of header names")
            }
            secretHeaders = names
        }
        sapClient = try string("sap-client")
        sapLanguage = try string("sap-language")
        timeout = try number("timeout")
        connectTimeout = try number("connect-timeout")
        proxy = try string("proxy")
        caBundle = try string("ca-bundle")
        certificate = try string("cert")
        key = try string("key")
        insecure = try bool("insecure")
        userAgent = try string("user-agent")
        output = try string("output")
        if let v = table["page-size"] {
            guard case .integer(let n) = v, n > 0 else { throw fail("page-size must be a positive integer") }
            pageSize = n
        }
        if let v = table["pager"] {
            guard let b = v.bool else { throw fail("pager must be true or false") }
            pager = b
        }
        metadata = try string("metadata")
        metadataFix = try string("metadata-fix")
        if let v = table["metadata-max-age"] {
            guard case .integer(let n) = v, n >= 0 else { throw fail("metadata-max-age must be a number of seconds, 0 or more") }
            metadataMaxAge = n
        }
        services = Dictionary(try pairs("services"), uniquingKeysWith: { $1 })
        try validate().map { throw fail($0) }
    }

    /// What is missing or contradictory, as a sentence; nil when the profile can be used.
    func validate() -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return "url must be an http:// or https:// URL" }
        switch auth {
        case .basic, .form, .oauth2Password, .oauth2SAMLBearer:
            if user == nil { return "auth = \"\(auth.rawValue)\" needs user" }
        default: break
        }
        if auth == .form, loginURL == nil { return "auth = \"form\" needs login-url" }
        if auth == .oauth2SAMLBearer, samlKey == nil { return "auth = \"oauth2-saml-bearer\" needs saml-key (the client's private key file)" }
        if auth == .browser, authorizeURL == nil { return "auth = \"browser\" needs authorize-url (the authorization endpoint)" }
        if auth == .device, deviceAuthorizationURL == nil {
            return "auth = \"device\" needs device-authorization-url (the device authorization endpoint)"
        }
        if auth == .oauth2Client || auth == .oauth2Password || auth == .oauth2SAMLBearer || auth == .browser || auth == .device {
            if tokenEndpoint == nil { return "auth = \"\(auth.rawValue)\" needs token-endpoint" }
            if clientID == nil { return "auth = \"\(auth.rawValue)\" needs client-id" }
        }
        if auth == .cert, certificate == nil { return "auth = \"cert\" needs cert (and key, unless cert holds it)" }
        if key != nil, certificate == nil { return "key needs cert" }
        if let c = sapClient, c.count != 3 || !c.allSatisfy({ $0.isASCII && $0.isNumber }) { return "sap-client is a three-digit client number" }
        return nil
    }

    /// Whether a header's value is a secret: a credential header of the redaction list, or a name that says so.
    static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return Redaction.isSecretHeader(lower) || ["token", "secret", "password", "apikey", "api-key"].contains { lower.contains($0) }
    }

    /// The profile with its secret headers (`isSecretHeader`) moved out of `headers` into `secretHeaders`, and
    /// their values, to be kept in the secrets file.
    func keepingSecretHeadersApart() -> (profile: Profile, values: [(name: String, value: String)]) {
        var p = self
        var values: [(name: String, value: String)] = []
        var plain = HTTPHeaders()
        for h in headers {
            if Self.isSecretHeader(h.name) {
                values.append((h.name, h.value))
                if !p.secretHeaders.contains(h.name) { p.secretHeaders.append(h.name) }
            } else {
                plain.add(h.name, h.value)
            }
        }
        p.headers = plain
        return (p, values)
    }

    /// The key of a secret header's value in the secrets file.
    static func secretHeaderKey(_ name: String) -> String { "header \(name)" }

    /// The profile as a `[profile.NAME]` table of config.toml (with sub-tables for headers and form fields).
    var tomlText: String {
        var t = TOMLTable()
        t["url"] = .string(url)
        if auth != .none { t["auth"] = .string(auth.rawValue) }
        func put(_ key: String, _ value: String?) { if let value { t[key] = .string(value) } }
        put("user", user)
        put("secret-from", secretFrom?.description)
        put("client-secret-from", clientSecretFrom?.description)
        put("login-url", loginURL)
        put("user-field", userField)
        put("password-field", passwordField)
        put("login-user-agent", loginUserAgent)
        put("authorize-url", authorizeURL)
        put("device-authorization-url", deviceAuthorizationURL)
        put("token-endpoint", tokenEndpoint)
        put("client-id", clientID)
        put("client-auth", clientAuth?.rawValue)
        put("scope", scope)
        if tokenCache { t["token-cache"] = .bool(true) }
        put("company-id", companyID)
        put("saml-key", samlKey)
        put("saml-cert", samlCert)
        put("saml-audience", samlAudience)
        if !secretHeaders.isEmpty { t["secret-headers"] = .array(secretHeaders.map { .string($0) }) }
        put("sap-client", sapClient)
        put("sap-language", sapLanguage)
        if let timeout { t["timeout"] = timeout == timeout.rounded() ? .integer(Int(timeout)) : .float(timeout) }
        if let c = connectTimeout { t["connect-timeout"] = c == c.rounded() ? .integer(Int(c)) : .float(c) }
        put("proxy", proxy)
        put("ca-bundle", caBundle)
        put("cert", certificate)
        put("key", key)
        if insecure { t["insecure"] = .bool(true) }
        put("user-agent", userAgent)
        put("output", output)
        if let pageSize { t["page-size"] = .integer(pageSize) }
        if let pager { t["pager"] = .bool(pager) }
        put("metadata", metadata)
        put("metadata-fix", metadataFix)
        if let metadataMaxAge { t["metadata-max-age"] = .integer(metadataMaxAge) }
        var out = "[profile.\(TOMLValue.key(name))]\n"
        out += t.entries.map { "\($0.key) = \($0.value.tomlText)\n" }.joined()
        if !headers.isEmpty {
            out += "\n[profile.\(TOMLValue.key(name)).headers]\n"
            out += headers.map { "\(TOMLValue.key($0.name)) = \(TOMLValue.quote($0.value))\n" }.joined()
        }
        if !loginFields.isEmpty {
            out += "\n[profile.\(TOMLValue.key(name)).login-fields]\n"
            out += loginFields.map { "\(TOMLValue.key($0.name)) = \(TOMLValue.quote($0.value))\n" }.joined()
        }
        if !services.isEmpty {
            out += "\n[profile.\(TOMLValue.key(name)).services]\n"
            out += services.sorted { $0.key < $1.key }.map { "\(TOMLValue.key($0.key)) = \(TOMLValue.quote($0.value))\n" }.joined()
        }
        return out
    }

    /// Who signs in, for the metadata cache key and messages: the user, or the OAuth2 client.
    var identity: String {
        switch auth {
        case .oauth2Client: return clientID ?? ""
        case .oauth2Password, .oauth2SAMLBearer: return "\(user ?? "")@\(clientID ?? "")"
        case .browser: return "browser@\(clientID ?? "")"
        case .device: return "device@\(clientID ?? "")"
        default: return user ?? ""
        }
    }
}
