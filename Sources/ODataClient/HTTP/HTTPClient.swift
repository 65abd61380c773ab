import CCurl
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP session: kept-alive connections, TLS sessions, DNS answers and cookies carry from one request to the
/// next. Requests may be sent from many threads or tasks at once: each exchange runs on a libcurl easy handle of
/// its own, taken from a pool, and the handles share cookies, connections, TLS sessions and the DNS cache. Every
/// transfer of the process is driven by one I/O thread (the engine, see `HTTPConfiguration.maxConnectionsPerHost`);
/// the `async` `send` waits for it without holding a thread, and cancelling the task ends the transfer at once. The
/// blocking `send` is the same path with the calling thread waiting.
///
/// Library code: it prints nothing; failures are thrown as `ODataClientError` (or the consumer's own error),
/// and traces go to `HTTPConfiguration.traceSink`.
public final class HTTPClient: Sendable {
    /// The settings, in a box read under the lock with one retain: a request reads the fields it needs from it
    /// instead of copying the whole `HTTPConfiguration` (some 36 fields) at each step.
    final class Settings: Sendable {
        let value: HTTPConfiguration
        init(_ value: HTTPConfiguration) { self.value = value }
    }

    private struct State: Sendable {
        var settings: Settings
        var tracer: HTTPTracer?
        /// nil until fetched; "" when the server issues none.
        var csrfToken: String?
        /// The service asked for a CSRF token (403 with `X-CSRF-Token: Required`): fetch one before each write
        /// that has none.
        var csrfAsked = false
        var lastRequest: HTTPRequest?
        /// Connections not in use, and every connection made (closed by `close()`).
        var idle: [CurlConnection] = []
        var all: [CurlConnection] = []
        var closed = false
        /// Why the session could not be started, for a client made with `init(deferringFailuresOf:)`: thrown by
        /// every request.
        var setupFailure: ODataClientError?
    }

    private let state: Mutex<State>
    /// nil when libcurl could not be started (see `State.setupFailure`).
    private let share: CurlShare?
    /// The origin of `configuration.serviceRoot`, which credentials belong to.
    private let serviceOrigin: URLOrigin?

    /// The settings this session was made with (tracing as `setTracing` last set it).
    public var configuration: HTTPConfiguration { settings.value }
    /// The settings as they are now (`setTracing` replaces them).
    var settings: Settings { state.withLock { $0.settings } }

    /// The session's tracer; else one to standard error while `Logger.shared(named: "SAP.OData")` is at `.info`
    /// (requests) or `.debug` (with headers and bodies), as SAP's SDK traces.
    private var tracer: HTTPTracer? {
        if let own = state.withLock({ $0.tracer }) { return own }
        let level = Logger.odata.logLevel
        guard level <= .info else { return nil }
        var c = configuration
        c.traceRequests = true
        c.traceWithData = level <= .debug
        return HTTPTracer(configuration: c)
    }

    /// nil until fetched; "" when the server issues none.
    var csrfToken: String? {
        get { state.withLock { $0.csrfToken } }
        set { state.withLock { $0.csrfToken = newValue } }
    }

    /// True while the sign-in's own exchanges run on this thread: they get no sign-in hooks, and their bodies stay
    /// out of traces.
    @TaskLocal static var signingIn = false

    private var signingIn: Bool { Self.signingIn }

    /// The last request this session sent (not counting a sign-in's own), as sent: session URL parameters, the
    /// session's headers, credentials and CSRF token included. In memory only; `CurlCommand` shows it with
    /// placeholders for its secrets.
    public var lastRequest: HTTPRequest? { state.withLock { $0.lastRequest } }

    /// Opens a session. Throws `invalidRequest` when libcurl refuses a setting or a named file cannot be read.
    public convenience init(configuration: HTTPConfiguration = HTTPConfiguration()) throws {
        self.init(deferringFailuresOf: configuration)
        if let failure = state.withLock({ $0.setupFailure }) { throw failure }
    }

    /// Opens a session that does not throw: when it cannot be started (libcurl missing, a setting libcurl refuses,
    /// a named file that cannot be read), every request throws why. For initializers that must not throw, as SAP's
    /// `DataService(provider:)`.
    package init(deferringFailuresOf configuration: HTTPConfiguration) {
        serviceOrigin = configuration.serviceRoot.flatMap { $0.isEmpty ? nil : URLOrigin($0) }
        state = Mutex(State(settings: Settings(configuration),
                            tracer: configuration.isTracing ? HTTPTracer(configuration: configuration) : nil))
        // libcurl is loaded (and curl_global_init run) on first use: commands that never go online skip its cost.
        if let failure = odsh_curl_load() {
            share = nil
            let error = ODataClientError(.transport(curlCode: Int(CURLE_FAILED_INIT.rawValue), curlText: String(cString: failure)),
                                         method: nil, url: "")
            state.withLock { $0.setupFailure = error }
            return
        }
        share = CurlShare()
        // The first connection is made now, so that a setting libcurl refuses or an unreadable file fails here.
        do {
            let first = try makeConnection()
            if configuration.cookieJar == nil, let store = configuration.cookieStore {
                try CookieJarFile.load(store, into: first.handle)
            }
            state.withLock { $0.idle.append(first); $0.all.append(first) }
        } catch {
            let failure = error as? ODataClientError ?? ODataClientError(.invalidRequest("\(error)"), method: nil, url: "")
            state.withLock { $0.setupFailure = failure }
        }
    }

    deinit {
        close()
    }

    // MARK: connections

    private func makeConnection() throws -> CurlConnection {
        guard let share, let connection = CurlConnection(share: share) else {
            throw ODataClientError(.invalidRequest("libcurl could not be initialised"), method: nil, url: "")
        }
        try applySessionOptions(connection)
        return connection
    }

    /// A connection of the pool for one exchange; a new one when all are in use.
    func checkOut(_ request: HTTPRequest) throws -> CurlConnection {
        if let failure = state.withLock({ $0.setupFailure }) { throw failure }
        let (closed, idle) = state.withLock { s -> (Bool, CurlConnection?) in (s.closed, s.closed ? nil : s.idle.popLast()) }
        if closed {
            throw ODataClientError(.invalidRequest("the HTTP client was closed"), method: request.method, url: request.url)
        }
        if let idle { return idle }
        let made = try makeConnection()
        state.withLock { $0.all.append(made) }
        return made
    }

    /// Hands a connection back to the pool (closed when the client is).
    func checkIn(_ connection: CurlConnection) {
        connection.transfer.detach()
        let closed = state.withLock { s -> Bool in
            if !s.closed { s.idle.append(connection) }
            return s.closed
        }
        if closed { connection.close() }
    }

    // MARK: sending

    /// The `$metadata` URL of a service root, with any password in it redacted: for messages.
    public static func metadataURLForDisplay(_ serviceURL: String) -> String {
        Redaction.redactURLPasswords(metadataURL(serviceURL))
    }

    /// A URL with any password in it redacted: for messages and listings.
    public static func urlForDisplay(_ url: String) -> String {
        Redaction.redactURLPasswords(url)
    }

    /// The `$metadata` URL of a service root, keeping a query string (e.g. `sap-client`) at the end.
    static func metadataURL(_ serviceURL: String) -> String {
        let cut = serviceURL.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? serviceURL.endIndex
        var root = String(serviceURL[..<cut])
        if !root.hasSuffix("/") { root += "/" }
        return root + "$metadata" + serviceURL[cut...]
    }

    /// Switches tracing for the requests that follow (SAP's traceRequests, traceWithData, prettyTracing), as the
    /// shell's `.trace` does. A connection made before keeps libcurl's debug callback as it was made; those made
    /// after follow the new setting, and every connection is remade when data tracing is switched on.
    public func setTracing(requests: Bool, withData: Bool, pretty: Bool) {
        let stale = state.withLock { s -> [CurlConnection] in
            var c = s.settings.value
            let hadData = c.traceWithData
            c.traceRequests = requests || withData || pretty
            c.traceWithData = withData || pretty
            c.prettyTracing = pretty
            s.settings = Settings(c)
            s.tracer = c.isTracing ? HTTPTracer(configuration: c) : nil
            guard hadData != c.traceWithData else { return [] }
            // The debug callback is a handle option: idle handles are dropped and made anew when needed.
            let idle = s.idle
            s.idle = []
            s.all.removeAll { c in idle.contains { $0 === c } }
            return idle
        }
        for c in stale { c.close() }
    }

    /// Ends the session: writes the cookie jar and closes connections. Later sends fail.
    public func close() {
        let (idle, configuration) = state.withLock { s -> ([CurlConnection], HTTPConfiguration?) in
            guard !s.closed else { return ([], nil) }
            s.closed = true
            let idle = s.idle
            s.idle = []
            return (idle, s.settings.value)
        }
        // The handles share their cookies: one writes the jar. Connections in use are closed when their exchange
        // hands them back.
        if let configuration, let first = idle.first { CookieJarFile.persist(from: first.handle, configuration) }
        for c in idle { c.close() }
    }

    // MARK: one request: CSRF, redirects

    func run(_ original: HTTPRequest, onHeaders: CurlTransfer.HeadHandler,
                     onChunk: CurlTransfer.ChunkHandler) async throws -> HTTPResponse {
        do {
            return try await withoutActuallyEscaping(onHeaders) { onHeaders in
                try await withoutActuallyEscaping(onChunk) { onChunk in
                    try await run(original, escapingHeaders: onHeaders, escapingChunk: onChunk)
                }
            }
        } catch let error as ODataClientError where Task.isCancelled {
            // The task was cancelled: said the way Swift's own APIs say it.
            if case .cancelled = error.kind { throw CancellationError() }
            throw error
        }
    }

    private func run(_ original: HTTPRequest, escapingHeaders onHeaders: @escaping CurlTransfer.HeadHandler,
                     escapingChunk onChunk: @escaping CurlTransfer.ChunkHandler) async throws -> HTTPResponse {
        if RequestCancellation.isCancelled || Task.isCancelled { throw ODataClientError.stopped(original.method, original.url) }
        let configuration = settings
        let root = configuration.value.serviceRoot ?? ""
        // Credentials (authorization, cookies, API keys, client certificates) belong to the service's origin: a
        // request elsewhere (a next link or raw URL to another host, port or scheme) is not sent at all.
        if let serviceOrigin, URLOrigin(original.url) != serviceOrigin {
            throw ODataClientError(.otherOrigin(url: original.url, serviceOrigin: serviceOrigin.description),
                                   method: original.method, url: original.url)
        }
        let started = ContinuousClock.now
        var metrics = HTTPTransferMetrics()
        let givenToken = original.headers.contains("X-CSRF-Token") || configuration.value.headers.contains("X-CSRF-Token")
        let csrfRoot = original.method.isModifying && configuration.value.csrfProtection && !root.isEmpty && !givenToken ? root : nil
        var outcome = try await signedInExchange(original, csrfRoot, onHeaders, onChunk, &metrics)
        if csrfRoot != nil, outcome.head.status == 403, outcome.head.headers["X-CSRF-Token"]?.lowercased() == "required" {
            // The token ran out, belongs to a session that ended, or was never fetched: one new token, one retry.
            state.withLock { $0.csrfToken = nil; $0.csrfAsked = true }
            outcome = try await signedInExchange(original, csrfRoot, onHeaders, onChunk, &metrics)
        }
        metrics.elapsed = Self.seconds(ContinuousClock.now - started)
        metrics.bytesReceived = outcome.bytes
        if outcome.head.status >= 400 { throw httpError(outcome) }
        return HTTPResponse(head: outcome.head, body: nil, metrics: metrics)
    }

    /// Whether the service issues CSRF tokens for the modifying requests of this session (a write would fetch one
    /// first and send it): known after the first write or fetch, else found out now with the same fetch (a GET on
    /// the service root with `X-CSRF-Token: Fetch`) that the first write would send. False without
    /// `csrfProtection` or a service root, and when the session's own headers carry a token.
    package func issuesCSRFToken() throws -> Bool {
        let configuration = settings.value
        let root = configuration.serviceRoot ?? ""
        guard configuration.csrfProtection, !root.isEmpty, !configuration.headers.contains("X-CSRF-Token") else { return false }
        if csrfToken == nil {
            var metrics = HTTPTransferMetrics()
            _ = try BlockingBridge.wait { try await fetchCSRFToken(root, &metrics) }
        }
        return !(csrfToken ?? "").isEmpty
    }

    /// One request with its redirects, through the sign-in (when configured): authorized first (and given a CSRF
    /// token when `csrfRoot` is set); when the answer says the session is gone, signed in again and sent once more.
    private func signedInExchange(_ original: HTTPRequest, _ csrfRoot: String?, _ onHeaders: CurlTransfer.HeadHandler?,
                                  _ onChunk: CurlTransfer.ChunkHandler?, _ metrics: inout HTTPTransferMetrics) async throws -> Exchange {
        var request = try await prepared(original, csrfRoot, &metrics)
        let outcome = try await followingRedirects(request, onHeaders, onChunk, &metrics)
        guard let signIn = settings.value.signIn, signIn.needsSignIn(outcome.head, request: request) else { return outcome }
        try signIn.signInAgain(session: SignInSession(client: self))
        csrfToken = nil  // it belonged to the session that ended
        request = try await prepared(original, csrfRoot, &metrics)
        let again = try await followingRedirects(request, onHeaders, onChunk, &metrics)
        if signIn.needsSignIn(again.head, request: request) {
            let answer: String
            switch again.head.status {
            case 400...: answer = httpError(again).summary
            case 300..<400: answer = "redirected to \(Redaction.redactURLPasswords(again.redirectTarget ?? again.head.headers["Location"] ?? "?"))"
            default:
                let page = ResponseBodySummary.summarize(again.body, contentType: again.head.headers["Content-Type"]) ?? ""
                answer = "an HTML page instead of OData" + (page.isEmpty ? "" : ": \(page)")
            }
            throw ODataClientError(.signInFailed("signed in again, but the service still asks for it (\(answer)): wrong credentials?"),
                                   method: request.method, url: again.url, responseHeaders: again.head.headers)
        }
        return again
    }

    /// The request as sent: with what the sign-in adds and, for modifying requests, a CSRF token.
    private func prepared(_ original: HTTPRequest, _ csrfRoot: String?, _ metrics: inout HTTPTransferMetrics) async throws -> HTTPRequest {
        var request = original
        try settings.value.signIn?.authorize(&request, session: SignInSession(client: self))
        if let root = csrfRoot {
            let token: String
            if let known = csrfToken {
                token = known
            } else if state.withLock({ $0.csrfAsked }) || Self.isSAPServiceRoot(root) {
                token = try await fetchCSRFToken(root, &metrics)
            } else {
                token = ""  // sent without: a service that wants one says so (403 Required), and is asked then
            }
            if !token.isEmpty { request.headers.set("X-CSRF-Token", token) }
        }
        return request
    }

    /// Whether a service root is SAP's by its path: SAP Gateway serves OData under `/sap/` (`/sap/opu/odata/`,
    /// `/sap/opu/odata4/`), and asks for a CSRF token before every write.
    static func isSAPServiceRoot(_ root: String) -> Bool {
        guard let path = URLOrigin.path(of: root) else { return false }
        return path.lowercased().hasPrefix("/sap/")
    }

    /// An exchange of the sign-in itself (a login form, say): no sign-in hooks, bodies not traced.
    func signInExchange(_ request: HTTPRequest) throws -> HTTPResponse {
        try Self.$signingIn.withValue(true) { try BlockingBridge.wait { try await signInExchangeInScope(request) } }
    }

    private func signInExchangeInScope(_ request: HTTPRequest) async throws -> HTTPResponse {
        var metrics = HTTPTransferMetrics()
        var body = Data()
        let outcome = try await followingRedirects(request, nil, { body.append(contentsOf: $0) }, &metrics)
        if outcome.head.status >= 400 { throw httpError(outcome) }
        metrics.bytesReceived = outcome.bytes
        return HTTPResponse(head: outcome.head, body: outcome.body.isEmpty ? body : outcome.body, metrics: metrics)
    }

    /// GET on the service root with `X-CSRF-Token: Fetch`; the session cookie that goes with the token stays
    /// in this handle's cookie engine.
    private func fetchCSRFToken(_ root: String, _ metrics: inout HTTPTransferMetrics) async throws -> String {
        let fetch = HTTPRequest(method: .get, url: root, headers: ["X-CSRF-Token": "Fetch", "Accept": "application/json"])
        let outcome = try await signedInExchange(fetch, nil, nil, nil, &metrics)
        if outcome.head.status >= 400 { throw httpError(outcome) }
        let answered = outcome.head.headers["X-CSRF-Token"] ?? ""
        let token = answered.lowercased() == "required" ? "" : answered
        csrfToken = token
        return token
    }

    /// One request with its same-origin redirects. See `HTTPConfiguration` for why other origins are refused.
    private func followingRedirects(_ request: HTTPRequest, _ onHeaders: CurlTransfer.HeadHandler?,
                                    _ onChunk: CurlTransfer.ChunkHandler?,
                                    _ metrics: inout HTTPTransferMetrics) async throws -> Exchange {
        var current = request
        var hops = 0
        while true {
            let outcome = try await exchangeRetrying(current, onHeaders, onChunk, &metrics)
            guard let target = outcome.redirectTarget else { return outcome }
            // A redirect to the login page is the sign-in's to handle, not to follow.
            let maxRedirects = settings.value.maxRedirects
            if !signingIn, let signIn = settings.value.signIn, signIn.needsSignIn(outcome.head, request: current) { return outcome }
            guard hops < maxRedirects else {
                throw ODataClientError(.tooManyRedirects(maxRedirects), method: request.method, url: request.url)
            }
            guard let from = URLOrigin(current.url), let to = URLOrigin(target), from == to else {
                throw ODataClientError(.redirectToOtherOrigin(location: target), method: current.method, url: outcome.url,
                                       responseHeaders: outcome.head.headers)
            }
            // A write is never turned into a GET: 301, 302 and 303 would do that (browsers and curl do it for POST),
            // leaving the write unmade and its answer a page of something else. 307 and 308 keep method and body.
            // (A sign-in's own form post is answered with 302 by design, and followed as browsers do.)
            if !signingIn, current.method.isModifying, [301, 302, 303].contains(outcome.head.status) {
                throw ODataClientError(.writeRedirected(status: outcome.head.status, location: target), method: current.method,
                                       url: outcome.url, responseHeaders: outcome.head.headers)
            }
            hops += 1
            metrics.redirects += 1
            current.url = target
            if outcome.head.status == 303 || ([301, 302].contains(outcome.head.status) && current.method == .post) {
                current.method = .get
                current.body = nil
                current.headers.remove("Content-Type")
            }
        }
    }

    /// One exchange, sent again while the service answers 429 or 503 and `configuration.retry` allows (see
    /// `RetryPolicy`); each retry and its wait is a line in the trace. Cancellation ends a wait.
    private func exchangeRetrying(_ request: HTTPRequest, _ onHeaders: CurlTransfer.HeadHandler?,
                                  _ onChunk: CurlTransfer.ChunkHandler?, _ metrics: inout HTTPTransferMetrics) async throws -> Exchange {
        let repeatable = request.isRepeatable ?? (request.method == .get)
        var waited = 0.0
        var attempt = 0
        while true {
            let outcome = try await exchange(request, onHeaders, onChunk, &metrics)
            guard repeatable, !signingIn, RetryPolicy.isRetryable(status: outcome.head.status) else { return outcome }
            attempt += 1
            guard let wait = configuration.retry.delay(attempt: attempt, retryAfter: outcome.head.headers["Retry-After"],
                                                       waited: waited) else {
                if configuration.retry.maxRetries > 0 {
                    let why = attempt > configuration.retry.maxRetries
                        ? "gave up after \(attempt - 1) retries"
                        : "not retried: the wait "
                            + (outcome.head.headers["Retry-After"].map { "it asks for (Retry-After: \($0)) " } ?? "")
                            + "goes past the \(Self.secondsText(configuration.retry.maxTotalWait)) s allowed for retries"
                    tracer?.note("HTTP \(request.method.rawValue) \(Redaction.redactURLPasswords(request.url)): \(outcome.head.status), \(why)")
                }
                return outcome
            }
            tracer?.note("HTTP \(request.method.rawValue) \(Redaction.redactURLPasswords(request.url)): \(outcome.head.status), "
                         + "retry \(attempt) of \(configuration.retry.maxRetries) in \(Self.secondsText(wait)) s")
            try await pause(wait, request)
            waited += wait
            metrics.retries += 1
        }
    }

    /// Waits `seconds` in steps of 20 ms, ending early with `cancelled` when the request or its task is cancelled.
    private func pause(_ seconds: Double, _ request: HTTPRequest) async throws {
        let end = ContinuousClock.now + .milliseconds(Int((seconds * 1000).rounded()))
        while ContinuousClock.now < end {
            if RequestCancellation.isCancelled || Task.isCancelled { throw ODataClientError.stopped(request.method, request.url) }
            let left = end - ContinuousClock.now
            try? await Task.sleep(for: min(left, .milliseconds(20)))
        }
        if RequestCancellation.isCancelled || Task.isCancelled { throw ODataClientError.stopped(request.method, request.url) }
    }

    private static func secondsText(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String(Double(Int(s * 10)) / 10)
    }

    // MARK: one exchange on the handle

    /// The result of one exchange that got an HTTP response.
    struct Exchange {
        var method: HTTPMethod
        var url: String
        var head: HTTPResponseHead
        /// The body of an error or redirect response (up to a limit); empty when it went to the consumer.
        var body: Data
        var bytes: Int64
        var redirectTarget: String?
    }

    private func exchange(_ request: HTTPRequest, _ onHeaders: CurlTransfer.HeadHandler?,
                          _ onChunk: CurlTransfer.ChunkHandler?, _ metrics: inout HTTPTransferMetrics) async throws -> Exchange {
        let connection = try checkOut(request)
        defer { checkIn(connection) }
        let h = connection.handle
        let transfer = connection.transfer
        let configuration = settings
        let tracer = self.tracer
        let url = sessionURL(request.url)
        let headers = effectiveHeaders(for: request)
        if !signingIn {
            let sent = HTTPRequest(method: request.method, url: url, headers: headers, body: request.body)
            state.withLock { $0.lastRequest = sent }
        }
        var list: UnsafeMutablePointer<curl_slist>?
        defer { odsh_curl_slist_free_all(list) }
        for line in try headerLines(headers, request: request, url: url) {
            guard let extended = odsh_curl_slist_append(list, line) else {
                throw ODataClientError(.invalidRequest("out of memory"), method: request.method, url: url)
            }
            list = extended
        }
        try set(h, CURLOPT_URL, url)
        try setMethod(h, request)
        try check(odsh_curl_setopt_slist(h, CURLOPT_HTTPHEADER, list), "HTTP headers")

        let limit = configuration.value.timeout
        let connectLimit = configuration.value.connectTimeout
        try check(odsh_curl_setopt_long(h, CURLOPT_TIMEOUT_MS, Self.milliseconds(limit)), "timeout")
        try check(odsh_curl_setopt_long(h, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectLimit)), "connect timeout")
        connection.clearError()
        var divert: ((HTTPResponseHead) -> Bool)?
        if !signingIn, let signIn = configuration.value.signIn {
            divert = { head in signIn.needsSignIn(head, request: request) }
        }
        transfer.reset(url: url, traceLimit: tracer?.withData == true ? configuration.value.traceBodyLimit : 0,
                       divert: divert, timeLimit: limit)
        let started = ContinuousClock.now
        let (code, consumerError) = await deliver(connection, request: request, url: url, onHeaders: onHeaders, onChunk: onChunk)
        let elapsed = Self.seconds(ContinuousClock.now - started)
        metrics.exchanges += 1
        var opened = 0
        _ = odsh_curl_getinfo_long(h, CURLINFO_NUM_CONNECTS, &opened)
        metrics.connectionsOpened += opened

        var trace = HTTPTracer.Exchange(method: request.method, url: url, sentHeaderLines: transfer.sentHeaderLines,
                                        requestHeaders: headers, requestBody: request.body, head: transfer.head,
                                        responseBody: transfer.traced, responseBodyBytes: transfer.bodyBytes,
                                        elapsed: elapsed, failure: nil,
                                        hidesBodies: signingIn || configuration.value.hidesBodiesInTrace)
        if let failure = transfer.failure {
            trace.failure = "\(failure)"
            tracer?.trace(trace)
            throw failure
        }
        if let consumerError {
            trace.failure = consumerError is StopReading ? "\(consumerError)" : "stopped by the consumer: \(consumerError)"
            tracer?.trace(trace)
            throw consumerError
        }
        guard code == CURLE_OK, let head = transfer.head else {
            let error = curlError(code == CURLE_OK ? CURLE_WEIRD_SERVER_REPLY : code, request.method, url, connection)
            trace.failure = error.reason
            tracer?.trace(trace)
            throw error
        }
        tracer?.trace(trace)
        if configuration.value.cookieJar != nil || configuration.value.cookieStore != nil, head.headers.contains("Set-Cookie") {
            // Written now rather than only at close, so a session cookie survives an interrupted run.
            CookieJarFile.persist(from: h, configuration.value)
        }
        var redirectTarget: String?
        if transfer.isRedirect {
            var location: UnsafeMutablePointer<CChar>?
            if odsh_curl_getinfo_string(h, CURLINFO_REDIRECT_URL, &location) == CURLE_OK, let location {
                redirectTarget = String(cString: location)
            }
        }
        return Exchange(method: request.method, url: url, head: head, body: transfer.collected,
                        bytes: transfer.bodyBytes, redirectTarget: redirectTarget)
    }

    /// A request's URL with the session's query parameters it lacks (the service root's own, `sap-client`,
    /// `sap-language`): what is sent, and what `.url` shows. The root's parameters go only to the root's origin.
    public func sessionURL(_ url: String) -> String {
        let configuration = settings
        var u = url
        if !configuration.value.serviceParameters.isEmpty, !signingIn,
           let root = configuration.value.serviceRoot, URLOrigin(root) == URLOrigin(url) {
            u = ServiceRoot.merge(configuration.value.serviceParameters, into: u)
        }
        return SAPQueryParameters.apply(to: u, client: configuration.value.sapClient, language: configuration.value.sapLanguage)
    }

    /// `request` as this session would send it: its URL with the session's query parameters, the session's headers
    /// under its own, and the bearer token. Cookies of the cookie engine, a sign-in's headers and a CSRF token are
    /// added only when it is sent.
    public func requestAsSent(_ request: HTTPRequest) -> HTTPRequest {
        HTTPRequest(method: request.method, url: sessionURL(request.url), headers: effectiveHeaders(for: request), body: request.body)
    }

    /// Session headers, then the request's (replacing same-named ones), then the bearer token unless given.
    private func effectiveHeaders(for request: HTTPRequest) -> HTTPHeaders {
        let configuration = settings
        var headers = configuration.value.headers.merging(request.headers)
        if case .bearer(let token) = configuration.value.authentication, !headers.contains("Authorization") {
            headers.add("Authorization", "Bearer \(token)")
        }
        return headers
    }

    /// Header lines for CURLOPT_HTTPHEADER. "Name;" sends an empty value, "Name:" suppresses curl's own header.
    private func headerLines(_ headers: HTTPHeaders, request: HTTPRequest, url: String) throws -> [String] {
        var lines: [String] = []
        for field in headers {
            let badName = field.name.isEmpty || field.name.contains(where: { $0 == ":" || $0.isWhitespace || $0.isNewline })
            guard !badName, !field.value.contains(where: \.isNewline) else {
                throw ODataClientError(.invalidRequest("invalid header \"\(field.name)\""), method: request.method, url: url)
            }
            lines.append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        lines.append("Expect:")  // no 100-continue round trip before bodies
        if request.body != nil && !headers.contains("Content-Type") {
            lines.append("Content-Type:")  // not curl's x-www-form-urlencoded
        }
        return lines
    }

    /// The easy handle is reused, so every exchange sets the method options afresh.
    private func setMethod(_ h: UnsafeMutableRawPointer, _ request: HTTPRequest) throws {
        switch (request.method, request.body) {
        case (.get, _):
            try check(odsh_curl_setopt_long(h, CURLOPT_HTTPGET, 1), "GET")
            try check(odsh_curl_setopt_string(h, CURLOPT_CUSTOMREQUEST, nil), "GET")
        case (.delete, nil):
            try check(odsh_curl_setopt_long(h, CURLOPT_HTTPGET, 1), "DELETE")
            try check(odsh_curl_setopt_string(h, CURLOPT_CUSTOMREQUEST, "DELETE"), "DELETE")
        default:
            let body = request.body ?? Data()
            try check(odsh_curl_setopt_off(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)), "body size")
            let code: CURLcode = body.withUnsafeBytes { raw in
                let empty: StaticString = ""
                let bytes = raw.baseAddress ?? UnsafeRawPointer(empty.utf8Start)
                return odsh_curl_setopt_pointer(h, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes))
            }
            try check(code, "body")
            try check(odsh_curl_setopt_string(h, CURLOPT_CUSTOMREQUEST, request.method == .post ? nil : request.method.rawValue),
                      request.method.rawValue)
        }
    }
}
