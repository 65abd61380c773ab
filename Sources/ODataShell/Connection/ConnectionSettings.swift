import FoundationEssentials
import ODataClient
#if canImport(Glibc)
import Glibc
#endif

/// How to reach a service, whoever signs in: headers, TLS, timeouts, proxy, SAP client and language. The command
/// line's transport options as a plain value (made once, at the edge, by `TransportOptions.settings`).
struct TransportSettings: Sendable {
    var headers: [(name: String, value: String)] = []
    var userAgent: String?
    var certificate: String?
    var key: String?
    var caBundle: String?
    var insecure = false
    var timeout: Double?
    var connectTimeout: Double?
    var proxy: String?
    var sapClient: String?
    var sapLanguage: String?

    /// Lays these settings over `c` (settings given win; a header given replaces the one of that name in `c`).
    func apply(to c: inout HTTPConfiguration) {
        for (name, _) in headers { c.headers.remove(name) }
        for (name, value) in headers { c.headers.add(name, value) }
        if let userAgent { c.userAgent = userAgent }
        if let certificate {
            c.clientCertificate = FileSystemPath.expandingTilde(certificate)
            c.clientKey = key.map(FileSystemPath.expandingTilde)
        }
        if let caBundle { c.caBundle = FileSystemPath.expandingTilde(caBundle) }
        if insecure { c.insecure = true }
        if let proxy { c.proxy = proxy }
        if let timeout { c.timeout = timeout }
        if let connectTimeout { c.connectTimeout = connectTimeout }
        if let sapClient { c.sapClient = sapClient }
        if let sapLanguage { c.sapLanguage = sapLanguage }
    }
}

/// Everything the command line says about connecting to a service, as one plain value made at the edge
/// (`ConnectionOptions.settings`): transport, sign-in, limits, retries and tracing. Nothing below `Subcommands/`
/// sees the argument parser's types; a profile's settings are laid under these (`ProfileConnection`).
struct ConnectionSettings: Sendable {
    var transport = TransportSettings()
    /// Basic authentication: `user` or `user:password` (the password is asked for once per run when missing).
    var user: String?
    var bearer: String?
    var negotiate = false
    var browserSignIn = BrowserSignInSettings()
    /// `--auth browser` or `device`: how a person signs in for this run (a profile's endpoints unless
    /// `browserSignIn` gives some).
    var personSignIn: Profile.AuthMethod?
    var cookie: String?
    var cookieJar: String?
    var netrc = false
    /// Limits in bytes.
    var maxMetadataBytes: Int?
    var maxBufferedBodyBytes: Int?
    var maxValueBytes: Int?
    var retries: Int?
    var retryMaxWait: Double?
    /// The trace asked for: nothing, the exchanges, with headers and bodies, and indented.
    var trace = TraceLevel.off
    var traceFile: String?
    var traceSecrets = false
    /// Which standard streams are terminals (made once, at the edge): whether a password can be asked for and a
    /// person can sign in. `odsh mcp` has none, whatever its streams are.
    var terminal = TerminalFacts.none

    /// How much of each HTTP exchange is traced.
    enum TraceLevel: Int, Sendable, Comparable {
        case off, on, data, pretty
        static func < (a: TraceLevel, b: TraceLevel) -> Bool { a.rawValue < b.rawValue }
    }

    /// Who signs in as the command line says (for the metadata cache key); nil when it says nothing.
    var identity: String? { user.map { String($0.prefix { $0 != ":" }) } }

    /// Lays these settings over `c`, which may hold a profile's. A user, bearer token, Kerberos or browser sign-in
    /// given here replaces the profile's way of signing in; `ODSH_BEARER_TOKEN` counts only where `c` has none.
    /// What must happen once per run (asking for a password, the browser sign-in and its tokens, opening the trace
    /// file) comes from `run`.
    func apply(to c: inout HTTPConfiguration, environment: [String: String], run: RunCredentials) throws {
        transport.apply(to: &c)
        if let maxMetadataBytes { c.maxMetadataBytes = maxMetadataBytes }
        if let maxBufferedBodyBytes { c.maxBufferedBodyBytes = maxBufferedBodyBytes }
        if let retries { c.retry.maxRetries = retries }
        if let retryMaxWait { c.retry.maxTotalWait = retryMaxWait }
        let signsIn = c.authentication != .none || c.signIn != nil || c.cookie != nil
        if let user {
            c.signIn = nil
            if let colon = user.firstIndex(of: ":") {
                c.authentication = .basic(user: String(user[..<colon]), password: String(user[user.index(after: colon)...]))
            } else {
                c.authentication = .basic(user: user, password: try run.password(for: user))
            }
        } else if negotiate {
            c.signIn = nil
            c.authentication = .negotiate
        } else if browserSignIn.isGiven {
            c.authentication = .none
            c.signIn = run.browserSignIn(browserSignIn, environment: environment)
        } else if let token = bearer ?? (signsIn ? nil : environment["ODSH_BEARER_TOKEN"].flatMap({ $0.isEmpty ? nil : $0 })) {
            c.signIn = nil
            c.authentication = .bearer(token: token)
        }
        if let cookie { c.cookie = cookie }
        if let cookieJar { c.cookieJar = FileSystemPath.expandingTilde(cookieJar) }
        if netrc { c.useNetrc = true }
        c.traceWithData = trace >= .data
        c.traceRequests = trace >= .on || traceFile != nil
        c.prettyTracing = trace == .pretty
        c.traceSecrets = traceSecrets
        if let traceFile { c.traceSink = try run.traceSink(FileSystemPath.expandingTilde(traceFile)) }
        CoreDumps.disableIfHoldingSecret(c)
    }
}

/// What the command line's settings resolve to once per run, whichever services the run reaches: the password
/// asked for `--user NAME`, the browser sign-in (so its tokens serve the metadata and every statement), the trace
/// file. Held in memory only.
final class RunCredentials {
    private let readPassword: (String) throws -> String
    /// Which standard streams are terminals: a person's sign-in waits for someone only where one may be.
    private let terminal: TerminalFacts
    private var passwords: [String: String] = [:]
    private var signIn: (BrowserSignInSettings, OAuth2SignIn)?
    private var sinks: [String: FileTraceSink] = [:]

    /// A password missing is asked for on `terminal`'s standard input (an error where it is no terminal).
    convenience init(terminal: TerminalFacts = .none) {
        self.init(readPassword: { try RunCredentials.readPasswordFromTerminal($0, terminal: terminal) }, terminal: terminal)
    }

    init(readPassword: @escaping (String) throws -> String, terminal: TerminalFacts = .none) {
        self.readPassword = readPassword
        self.terminal = terminal
    }

    func password(for user: String) throws -> String {
        if let known = passwords[user] { return known }
        let typed = try readPassword(user)
        passwords[user] = typed
        return typed
    }

    func browserSignIn(_ settings: BrowserSignInSettings, environment: [String: String]) -> OAuth2SignIn {
        if let (made, signIn) = signIn, made == settings { return signIn }
        let made = settings.signIn(environment: environment, terminal: terminal)
        signIn = (settings, made)
        return made
    }

    func traceSink(_ path: String) throws -> FileTraceSink {
        if let sink = sinks[path] { return sink }
        do {
            let sink = try FileTraceSink(path: path)
            sinks[path] = sink
            return sink
        } catch let error as ODataClientError {
            throw UsageError("--trace-file: \(error.summary)")
        }
    }

    /// Asks for the password of `user` on the terminal without echo; an error when standard input is no terminal.
    static func readPasswordFromTerminal(_ user: String, terminal: TerminalFacts) throws -> String {
        guard terminal.stdin else {
            throw UsageError("--user \(user) has no password and standard input is not a terminal to ask for it; use --user \(user):PASSWORD or --netrc")
        }
        return try TerminalPassword.read(prompt: "Password for \(user): ")
    }
}
