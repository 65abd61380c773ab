import ArgumentParser
import FoundationEssentials
import ODataClient
import ODataModel
#if canImport(Glibc)
import Glibc
#endif

/// The options of every odsh command that talks to a service: headers, authentication, TLS, timeouts,
/// SAP client and language, and tracing. `httpConfiguration(serviceRoot:)` turns them into an `HTTPConfiguration`;
/// `apply(to:)` lays them over one that a profile filled in (options given on the command line win).
public struct ConnectionOptions: ParsableArguments {
    public init() {}

    @OptionGroup public var transport: TransportOptions

    @Option(name: [.customShort("u"), .customLong("user")],
            help: ArgumentHelp("Basic authentication. Without \":password\", odsh asks for it on the terminal.",
                               valueName: "user[:password]"))
    public var user: String?

    @Option(name: .customLong("bearer"),
            help: ArgumentHelp("Send \"Authorization: Bearer TOKEN\" (default: $ODSH_BEARER_TOKEN).", valueName: "token"))
    public var bearer: String?

    @Flag(name: .customLong("negotiate"),
          help: "Kerberos single sign-on (SPNEGO) with the tickets of your credential cache (kinit).")
    public var negotiate = false

    // Browser sign-in (`BrowserSignInOptions`), declared here rather than as an option group of its own.
    @Option(name: .customLong("authorize-url"),
            help: ArgumentHelp("Sign in through your browser at this OAuth2 authorization endpoint (with --token-endpoint and --client-id; "
                               + "a confidential client's secret from $ODSH_CLIENT_SECRET).", valueName: "url"))
    public var authorizeURL: String?

    @Option(name: .customLong("token-endpoint"), help: ArgumentHelp("Browser sign-in: the OAuth2 token endpoint.", valueName: "url"))
    public var tokenEndpoint: String?

    @Option(name: .customLong("client-id"), help: ArgumentHelp("Browser sign-in: the OAuth2 client ID.", valueName: "id"))
    public var clientID: String?

    @Option(name: .customLong("scope"), help: ArgumentHelp("Browser sign-in: the scope to ask for.", valueName: "scope"))
    public var scope: String?

    /// Browser sign-in as the command line asks for it.
    public var browserSignIn: BrowserSignInOptions {
        BrowserSignInOptions(authorizeURL: authorizeURL, tokenEndpoint: tokenEndpoint, clientID: clientID, scope: scope)
    }

    @Option(name: .customLong("cookie"),
            help: ArgumentHelp("Send these cookies with every request.", valueName: "name=value[; name=value]"))
    public var cookie: String?

    @Option(name: .customLong("cookie-jar"),
            help: ArgumentHelp("Read cookies from this Netscape cookie file and write them back (mode 0600), so a session such as SAP's MYSAPSSO2 lasts between runs.",
                               valueName: "file"), completion: .file())
    public var cookieJar: String?

    @Flag(name: .customLong("netrc"), help: "Take user and password for the host from ~/.netrc.")
    public var netrc = false

    @Option(name: .customLong("max-metadata-size"),
            help: ArgumentHelp("Read a $metadata document of at most this many MiB (default: 128).", valueName: "MiB"))
    public var maxMetadataSize: Int?

    @Option(name: .customLong("max-body-size"),
            help: ArgumentHelp("Keep an answer that is not streamed ($value, raw get) of at most this many MiB (default: 512).",
                               valueName: "MiB"))
    public var maxBodySize: Int?

    @Option(name: .customLong("max-value-size"),
            help: ArgumentHelp("Read one value of a payload (a string, an entity's text) of at most this many MiB (default: 64).",
                               valueName: "MiB"))
    public var maxValueSize: Int?

    @Option(name: .customLong("retries"),
            help: ArgumentHelp("Send a GET again at most N times when the service answers 429 or 503, after its Retry-After (default: 3; 0: never).",
                               valueName: "N"))
    public var retries: Int?

    @Option(name: .customLong("retry-max-wait"),
            help: ArgumentHelp("Wait at most this many seconds in all for the retries of one request (default: 30).", valueName: "seconds"))
    public var retryMaxWait: Double?

    @Flag(name: .customLong("trace"),
          help: "Trace every HTTP exchange on stderr: method, URL, status, time, bytes.")
    public var trace = false

    @Flag(name: .customLong("trace-data"),
          help: "Trace headers and bodies too (implies --trace; long bodies are cut).")
    public var traceData = false

    @Flag(name: .customLong("trace-pretty"),
          help: "Indent JSON and XML bodies in the trace (implies --trace-data).")
    public var tracePretty = false

    @Option(name: .customLong("trace-file"),
            help: ArgumentHelp("Append the trace to this file instead of stderr (implies --trace).", valueName: "path"), completion: .file())
    public var traceFile: String?

    @Flag(name: .customLong("trace-secrets"),
          help: "Show credentials in the trace (Authorization, cookies, CSRF tokens, URL passwords), which are otherwise <redacted>.")
    public var traceSecrets = false

    public mutating func validate() throws {
        try browserSignIn.validate()
        if let user, user.isEmpty || user.hasPrefix(":") {
            throw ValidationError("--user needs a user name: --user USER[:PASSWORD]")
        }
        if user != nil && bearer != nil {
            throw ValidationError("--user and --bearer exclude each other")
        }
        if negotiate && (user != nil || bearer != nil) {
            throw ValidationError("--negotiate excludes --user and --bearer")
        }
        if browserSignIn.isGiven && (user != nil || bearer != nil || negotiate) {
            throw ValidationError("--authorize-url (browser sign-in) excludes --user, --bearer and --negotiate")
        }
        if let retries, retries < 0 { throw ValidationError("--retries must be 0 or more") }
        if let retryMaxWait, retryMaxWait < 0 || !retryMaxWait.isFinite { throw ValidationError("--retry-max-wait must be 0 or more seconds") }
    }

    /// The session settings these options describe.
    ///
    /// A password missing from `--user` is read from the terminal without echo (`readPassword`), or is an error
    /// when standard input is not a terminal. `--bearer` falls back to `ODSH_BEARER_TOKEN` in `environment`.
    public func httpConfiguration(serviceRoot: String?,
                                  environment: [String: String] = ProcessEnvironment.current,
                                  readPassword: (String) throws -> String = ConnectionOptions.readPasswordFromTerminal) throws -> HTTPConfiguration {
        var c = HTTPConfiguration.odsh(serviceRoot: serviceRoot)
        try apply(to: &c, environment: environment, readPassword: readPassword)
        return c
    }

    /// Lays the options given on the command line over `c`, which may hold a profile's settings. `--user`,
    /// `--bearer`, `--negotiate` or `--authorize-url` replace the profile's way of signing in; `ODSH_BEARER_TOKEN` counts only where `c` has none.
    public func apply(to c: inout HTTPConfiguration,
                      environment: [String: String] = ProcessEnvironment.current,
                      readPassword: (String) throws -> String = ConnectionOptions.readPasswordFromTerminal) throws {
        // A header given here replaces the profile's of that name; several of one name are all sent.
        try transport.apply(to: &c)
        if let maxMetadataSize { c.maxMetadataBytes = max(1, maxMetadataSize) << 20 }
        if let maxBodySize { c.maxBufferedBodyBytes = max(1, maxBodySize) << 20 }
        if let retries { c.retry.maxRetries = retries }
        if let retryMaxWait { c.retry.maxTotalWait = retryMaxWait }
        let signsIn = c.authentication != .none || c.signIn != nil || c.cookie != nil
        if let user {
            c.signIn = nil
            if let colon = user.firstIndex(of: ":") {
                c.authentication = .basic(user: String(user[..<colon]), password: String(user[user.index(after: colon)...]))
            } else {
                c.authentication = .basic(user: user, password: try readPassword(user))
            }
        } else if negotiate {
            c.signIn = nil
            c.authentication = .negotiate
        } else if browserSignIn.isGiven {
            c.authentication = .none
            c.signIn = browserSignIn.signIn(environment: environment)
        } else if let token = bearer ?? (signsIn ? nil : environment["ODSH_BEARER_TOKEN"].flatMap({ $0.isEmpty ? nil : $0 })) {
            c.signIn = nil
            c.authentication = .bearer(token: token)
        }
        if let cookie { c.cookie = cookie }
        if let cookieJar { c.cookieJar = Self.expandTilde(cookieJar) }
        if netrc { c.useNetrc = true }
        c.traceWithData = traceData || tracePretty
        c.traceRequests = trace || c.traceWithData || traceFile != nil
        c.prettyTracing = tracePretty
        c.traceSecrets = traceSecrets
        if let traceFile {
            do {
                c.traceSink = try FileTraceSink(path: Self.expandTilde(traceFile))
            } catch let error as ODataClientError {
                throw ValidationError("--trace-file: \(error.summary)")
            }
        }
        CoreDumps.disableIfHoldingSecret(c)
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

    static func expandTilde(_ path: String) -> String {
        FileSystemPath.expandingTilde(path)
    }

    /// Asks for the password of `user` on the terminal without echo; an error when standard input is no terminal.
    public static func readPasswordFromTerminal(_ user: String) throws -> String {
        guard isatty(0) == 1 else {
            throw ValidationError("--user \(user) has no password and standard input is not a terminal to ask for it; use --user \(user):PASSWORD or --netrc")
        }
        return try TerminalPassword.read(prompt: "Password for \(user): ")
    }
}
