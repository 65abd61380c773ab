/// All settings of one HTTP session. A value: build it, then hand it to `HTTPClient`.
///
/// Redirects: only redirects within the origin of the request (scheme, host and port) are followed; a redirect
/// to any other origin fails with `ODataClientError.Kind.redirectToOtherOrigin` and nothing is sent there. Following
/// it without credentials would mostly land on an identity provider's login page (SAP systems redirect
/// unauthenticated requests to SAML login), which is not an OData answer; the error names the target instead.
///
/// Proxies come from `proxy` or else from the usual environment variables (`http_proxy`, `https_proxy`,
/// `all_proxy`, `no_proxy`), which libcurl reads by itself.
public struct HTTPConfiguration: Sendable {
    /// The service root URL (ending in "/"), used to fetch CSRF tokens; without it no CSRF token is fetched.
    public var serviceRoot: String?

    /// Headers sent with every request (repeatable); a request's own headers of the same name replace them.
    public var headers = HTTPHeaders()
    /// Header names (besides the usual credentials, see the trace documentation) whose values traces hide.
    public var secretHeaderNames: Set<String> = []
    /// The User-Agent header.
    public var userAgent = ODataClientVersion.userAgent
    /// Ask for gzip/deflate (and whatever else libcurl decodes) and decode transparently.
    public var acceptCompressed = true

    /// Basic or bearer authentication.
    public var authentication = HTTPAuthentication.none
    /// A sign-in the client consults around every request: form login, OAuth2 (see `SignIn`).
    public var signIn: (any SignIn)?
    /// Cookies sent with every request, as in a Cookie header: "name=value; name2=value2".
    public var cookie: String?
    /// A Netscape cookie file that is read at the start and written by `flushCookies()` and `close()`, so that
    /// session cookies (SAP's MYSAPSSO2, SAP_SESSIONID_*) survive between runs. Written with mode 0600.
    public var cookieJar: String?
    /// Where session cookies are kept instead of a cookie file (loaded when the client opens, saved as the jar
    /// is); `cookieJar`, when set too, wins.
    public var cookieStore: (any CookieStore)?
    /// Use ~/.netrc (or `netrcFile`) for credentials when the URL and `authentication` give none.
    public var useNetrc = false
    /// A netrc file other than ~/.netrc.
    public var netrcFile: String?

    /// Client certificate for mutual TLS (PEM; may hold the key too).
    public var clientCertificate: String?
    /// Private key of the client certificate (PEM).
    public var clientKey: String?
    /// CA certificates (PEM bundle) to verify the server with, instead of the system's.
    public var caBundle: String?
    /// Skip verification of the server's certificate and host name. Only when explicitly asked for.
    public var insecure = false
    /// A proxy URL (`http://host:port`, `socks5://...`) for every request; nil leaves it to the environment.
    public var proxy: String?

    /// Seconds allowed to connect (including TLS handshake); 0 means libcurl's default (300 s).
    public var connectTimeout: Double = 30
    /// Seconds allowed for a whole exchange, from connect to last byte; 0 means no limit.
    public var timeout: Double = 30
    /// Redirects followed per request (same origin only).
    public var maxRedirects = 10
    /// How requests turned away with 429 or 503 are sent again (`RetryPolicy.off`: never).
    public var retry = RetryPolicy()
    /// The largest `$metadata` document read (bytes as received, after decompression): a service that sends more
    /// (an endless or hostile one) fails with `ODataClientError.Kind.tooLarge` instead of filling memory. The model
    /// of a document costs several bytes per byte read, so this bounds resident memory too (docs/performance.md);
    /// the largest real documents known are a few MiB (Microsoft Graph's 3.5 MiB).
    public var maxMetadataBytes = 128 << 20
    /// Requests of this session that run at once to one origin (scheme, host and port); more wait, in the order
    /// they were sent, until one ends. Kept-alive connections are reused across requests and tasks. Like
    /// async-http-client's default, 8.
    public var maxConnectionsPerHost = 8
    /// The largest body kept in memory when it is not streamed to a payload reader (a `$value`, a `$count`, a
    /// raw answer): over it, `ODataClientError.Kind.tooLarge`.
    public var maxBufferedBodyBytes = 512 << 20

    /// Query parameters of the service root (`ServiceRoot.parameters`: `sap-client=100`, a tenant), added to every
    /// request of the session to the service's origin that does not carry them yet: `$metadata`, data, next links,
    /// the CSRF fetch, `$batch`. Percent-encoded.
    public var serviceParameters: [(name: String, value: String)] = []
    /// SAP client, sent as `sap-client=` query parameter on every request that does not already carry one.
    public var sapClient: String?
    /// SAP logon language, sent as `sap-language=` query parameter like `sapClient`.
    public var sapLanguage: String?
    /// Send modifying requests with an `X-CSRF-Token`: fetched before the first one where the service is SAP's (a
    /// service root under `/sap/`, as SAP Gateway's are) or has asked for one, and fetched afresh with one retry
    /// when the server answers 403 with `X-CSRF-Token: Required`. Other services (most V4 servers never ask) cost
    /// no extra request. Needs `serviceRoot`.
    public var csrfProtection = true

    /// Trace each exchange: method, URL, status, elapsed ms, bytes (SAP's traceRequests).
    public var traceRequests = false
    /// Trace request and response headers and bodies too (SAP's traceWithData); implies traceRequests.
    public var traceWithData = false
    /// Indent JSON and XML bodies in the trace (SAP's prettyTracing).
    public var prettyTracing = false
    /// Show credentials in the trace (Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-CSRF-Token values
    /// and URL passwords); otherwise they read `<redacted>`.
    public var traceSecrets = false
    /// Bodies longer than this are cut in the trace.
    public var traceBodyLimit = 64 * 1024
    /// Where trace records go; standard error when nil.
    public var traceSink: (any TraceSink)?
    /// Keep request and response bodies out of the trace (unless `traceSecrets`): a token endpoint's client.
    var hidesBodiesInTrace = false

    /// The defaults, for the service at `serviceRoot` (CSRF tokens are fetched from it; nil fetches none).
    public init(serviceRoot: String? = nil) {
        self.serviceRoot = serviceRoot
    }

    /// Whether anything is traced.
    public var isTracing: Bool { traceRequests || traceWithData }
}
