import ArgumentParser
import FoundationEssentials
import ODataClient
import ODataModel
#if canImport(Glibc)
import Glibc
#endif

/// The options of every odsh command that talks to a service: headers, authentication, TLS, timeouts,
/// SAP client and language, and tracing. `settings` turns them into the plain `ConnectionSettings` the rest of the
/// shell works with.
struct ConnectionOptions: ParsableArguments {
    init() {}

    @OptionGroup var transport: TransportOptions

    @Option(name: [.customShort("u"), .customLong("user")],
            help: ArgumentHelp("Basic authentication. Without \":password\", odsh asks for it on the terminal.",
                               valueName: "user[:password]"))
    var user: String?

    @Option(name: .customLong("bearer"),
            help: ArgumentHelp("Send \"Authorization: Bearer TOKEN\" (default: $ODSH_BEARER_TOKEN).", valueName: "token"))
    var bearer: String?

    @Flag(name: .customLong("negotiate"),
          help: "Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).")
    var negotiate = false

    // A person's sign-in (`BrowserSignInSettings`), declared here rather than as an option group of its own: each group
    // is one more type that swift-argument-parser reflects, decodes and looks protocol conformances up for on every run.
    @Option(name: .customLong("auth"),
            help: ArgumentHelp("How a person signs in for this run: browser, or device (a code entered on another device, for a machine "
                               + "without a browser), at a profile's endpoints or the ones given here.", valueName: "browser|device"))
    var auth: String?

    @Option(name: .customLong("authorize-url"),
            help: ArgumentHelp("Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; "
                               + "a confidential client's secret from $ODSH_CLIENT_SECRET).", valueName: "url"))
    var authorizeURL: String?

    @Option(name: .customLong("device-authorization-url"),
            help: ArgumentHelp("Sign in with a code entered on another device, at this OAuth2 device authorization endpoint "
                               + "(with --token-endpoint and --client-id; a confidential client's secret from $ODSH_CLIENT_SECRET).",
                               valueName: "url"))
    var deviceAuthorizationURL: String?

    @Option(name: .customLong("token-endpoint"), help: ArgumentHelp("Browser or device sign-in: the OAuth2 token endpoint.", valueName: "url"))
    var tokenEndpoint: String?

    @Option(name: .customLong("client-id"), help: ArgumentHelp("Browser or device sign-in: the OAuth2 client ID.", valueName: "id"))
    var clientID: String?

    @Option(name: .customLong("scope"), help: ArgumentHelp("Browser or device sign-in: the scope to ask for.", valueName: "scope"))
    var scope: String?

    @Option(name: .customLong("cookie"),
            help: ArgumentHelp("Send these cookies with every request.", valueName: "name=value[; name=value]"))
    var cookie: String?

    @Option(name: .customLong("cookie-jar"),
            help: ArgumentHelp("Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP's MYSAPSSO2 lasts between runs.",
                               valueName: "file"), completion: .file())
    var cookieJar: String?

    @Flag(name: .customLong("netrc"), help: "Take user and password for the host from ~/.netrc.")
    var netrc = false

    @Option(name: .customLong("max-metadata-size"),
            help: ArgumentHelp("Read a $metadata document of at most this many MiB (default: 128).", valueName: "MiB"))
    var maxMetadataSize: Int?

    @Option(name: .customLong("max-body-size"),
            help: ArgumentHelp("Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).",
                               valueName: "MiB"))
    var maxBodySize: Int?

    @Option(name: .customLong("max-value-size"),
            help: ArgumentHelp("Read one value of a payload (a string, an entity's text) of at most this many MiB (default: 64).",
                               valueName: "MiB"))
    var maxValueSize: Int?

    @Option(name: .customLong("retries"),
            help: ArgumentHelp("Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).",
                               valueName: "N"))
    var retries: Int?

    @Option(name: .customLong("retry-max-wait"),
            help: ArgumentHelp("Wait at most this many seconds in all for the retries of one request (default: 30).", valueName: "seconds"))
    var retryMaxWait: Double?

    @Flag(name: .customLong("trace"),
          help: "Trace every HTTP exchange on stderr: method, URL, status, time, bytes.")
    var trace = false

    @Flag(name: .customLong("trace-data"),
          help: "Trace headers and bodies too (implies --trace; long bodies are cut).")
    var traceData = false

    @Flag(name: .customLong("trace-pretty"),
          help: "Indent JSON and XML bodies in the trace (implies --trace-data).")
    var tracePretty = false

    @Option(name: .customLong("trace-file"),
            help: ArgumentHelp("Append the trace to this file instead of stderr (implies --trace).", valueName: "path"), completion: .file())
    var traceFile: String?

    @Flag(name: .customLong("trace-secrets"),
          help: "Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.")
    var traceSecrets = false

    mutating func validate() throws {
        try validateBrowserSignIn()
        if let user, user.isEmpty || user.hasPrefix(":") {
            throw ValidationError("--user needs a user name: --user USER[:PASSWORD]")
        }
        if user != nil && bearer != nil {
            throw ValidationError("--user and --bearer exclude each other")
        }
        if negotiate && (user != nil || bearer != nil) {
            throw ValidationError("--negotiate excludes --user and --bearer")
        }
        if authorizeURL != nil && (user != nil || bearer != nil || negotiate) {
            throw ValidationError("--authorize-url (browser sign-in) excludes --user, --bearer and --negotiate")
        }
        if (deviceAuthorizationURL != nil || auth != nil) && (user != nil || bearer != nil || negotiate) {
            throw ValidationError("\(auth.map { "--auth \($0)" } ?? "--device-authorization-url") excludes --user, --bearer and --negotiate")
        }
        if let retries, retries < 0 { throw ValidationError("--retries must be 0 or more") }
        if let retryMaxWait, retryMaxWait < 0 || !retryMaxWait.isFinite { throw ValidationError("--retry-max-wait must be 0 or more seconds") }
    }

    /// The options as the plain value the rest of the shell works with: made once, here at the edge.
    var settings: ConnectionSettings {
        var s = ConnectionSettings()
        s.transport = transport.settings
        s.user = user
        s.bearer = bearer
        s.negotiate = negotiate
        s.browserSignIn = BrowserSignInSettings(authorizeURL: authorizeURL, deviceAuthorizationURL: deviceAuthorizationURL,
                                                tokenEndpoint: tokenEndpoint, clientID: clientID, scope: scope)
        s.personSignIn = auth.flatMap(Profile.AuthMethod.init(rawValue:)) ?? (deviceAuthorizationURL != nil ? .device : nil)
        s.cookie = cookie
        s.cookieJar = cookieJar
        s.netrc = netrc
        s.maxMetadataBytes = maxMetadataSize.map { max(1, $0) << 20 }
        s.maxBufferedBodyBytes = maxBodySize.map { max(1, $0) << 20 }
        s.maxValueBytes = maxValueSize.map { max(1, $0) << 20 }
        s.retries = retries
        s.retryMaxWait = retryMaxWait
        s.trace = tracePretty ? .pretty : traceData ? .data : trace ? .on : .off
        s.traceFile = traceFile
        s.traceSecrets = traceSecrets
        s.terminal = .process
        return s
    }

    /// The HTTP settings these options describe on their own (no profile). A password missing from `--user` is
    /// read with `readPassword`; `--bearer` falls back to `ODSH_BEARER_TOKEN` in `environment`.
    func httpConfiguration(serviceRoot: String?, environment: [String: String] = ProcessEnvironment.current,
                           readPassword: @escaping (String) throws -> String = { try RunCredentials.readPasswordFromTerminal($0, terminal: .process) })
        throws -> HTTPConfiguration {
        var c = HTTPConfiguration.odsh(serviceRoot: serviceRoot)
        try settings.apply(to: &c, environment: environment, run: RunCredentials(readPassword: readPassword))
        return c
    }

    /// "Name: value" (or "Name;" for an empty value) split into name and value.
    static func parseHeader(_ text: String) throws -> (String, String) {
        if text.hasSuffix(";"), !text.contains(":") {
            let name = String(text.dropLast())
            if isToken(name) { return (name, "") }
        }
        guard let colon = text.firstIndex(of: ":"), isToken(String(text[..<colon])) else {
            throw ValidationError("--header \"\(text)\" is not \"Name: value\"")
        }
        let value = text[text.index(after: colon)...].trimmingBlanks()
        guard !value.contains(where: \.isNewline) else {
            throw ValidationError("--header \"\(text.prefix(40))\" has a line break in its value")
        }
        return (String(text[..<colon]), value)
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains($0) }
    }


    /// The options of a person's sign-in together: one endpoint (browser or device) with the token endpoint and
    /// the client, or none of them; `--auth` names the way that the endpoint given (or the profile) has.
    private func validateBrowserSignIn() throws {
        if let auth, auth != "browser" && auth != "device" {
            throw ValidationError("--auth is browser or device (other ways of signing in are given by their options or a profile)")
        }
        if authorizeURL != nil && deviceAuthorizationURL != nil {
            throw ValidationError("--authorize-url (browser sign-in) and --device-authorization-url (device sign-in) exclude each other")
        }
        if auth == "device" && authorizeURL != nil {
            throw ValidationError("--auth device signs in with a code: give --device-authorization-url, not --authorize-url")
        }
        if auth == "browser" && deviceAuthorizationURL != nil {
            throw ValidationError("--auth browser signs in through the browser: give --authorize-url, not --device-authorization-url")
        }
        let given = authorizeURL.map { ("--authorize-url", $0) } ?? deviceAuthorizationURL.map { ("--device-authorization-url", $0) }
        guard let (option, endpoint) = given else {
            if tokenEndpoint != nil || clientID != nil || scope != nil {
                throw ValidationError("--token-endpoint, --client-id and --scope go with --authorize-url (browser sign-in) "
                                      + "or --device-authorization-url (device sign-in)")
            }
            return
        }
        if tokenEndpoint == nil || clientID == nil {
            throw ValidationError("\(option) needs --token-endpoint and --client-id")
        }
        for (option, url) in [(option, endpoint), ("--token-endpoint", tokenEndpoint ?? "")] where !MetadataLoader.isURL(url) {
            throw ValidationError("\(option) must be an http:// or https:// URL")
        }
    }
}
