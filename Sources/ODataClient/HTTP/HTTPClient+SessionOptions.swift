import CCurl
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The options every libcurl handle of a session is made with (sign-in, cookies, TLS, proxy, callbacks), and the
/// small helpers that set them.
extension HTTPClient {
    func applySessionOptions(_ connection: CurlConnection) throws {
        let h = connection.handle
        let c = settings.value
        let me = Unmanaged.passUnretained(connection.transfer).toOpaque()
        try check(odsh_curl_setopt_long(h, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        try check(connection.useErrorBuffer(), "error buffer")
        try check(connection.useShare(), "share handle")
        try check(odsh_curl_setopt_write_callback(h, CURLOPT_WRITEFUNCTION, odshCurlWrite), "write callback")
        try check(odsh_curl_setopt_pointer(h, CURLOPT_WRITEDATA, me), "write callback")
        try check(odsh_curl_setopt_write_callback(h, CURLOPT_HEADERFUNCTION, odshCurlHeader), "header callback")
        try check(odsh_curl_setopt_pointer(h, CURLOPT_HEADERDATA, me), "header callback")
        try check(odsh_curl_setopt_xferinfo_callback(h, CURLOPT_XFERINFOFUNCTION, odshCurlProgress), "progress callback")
        try check(odsh_curl_setopt_pointer(h, CURLOPT_XFERINFODATA, me), "progress callback")
        try check(odsh_curl_setopt_long(h, CURLOPT_NOPROGRESS, 0), "progress callback")
        if c.traceWithData {
            try check(odsh_curl_setopt_debug_callback(h, CURLOPT_DEBUGFUNCTION, odshCurlDebug), "debug callback")
            try check(odsh_curl_setopt_pointer(h, CURLOPT_DEBUGDATA, me), "debug callback")
            try check(odsh_curl_setopt_long(h, CURLOPT_VERBOSE, 1), "debug callback")
        }
        try set(h, CURLOPT_PROTOCOLS_STR, "http,https")
        try check(odsh_curl_setopt_long(h, CURLOPT_FOLLOWLOCATION, 0), "redirects")  // followed by hand, same origin only
        if c.acceptCompressed { try set(h, CURLOPT_ACCEPT_ENCODING, "") }
        try set(h, CURLOPT_USERAGENT, c.userAgent)
        try check(odsh_curl_setopt_long(h, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(c.connectTimeout)), "connect timeout")
        try check(odsh_curl_setopt_long(h, CURLOPT_TIMEOUT_MS, Self.milliseconds(c.timeout)), "timeout")
        try check(odsh_curl_setopt_long(h, CURLOPT_TCP_KEEPALIVE, 1), "keep-alive")

        if case .basic(let user, let password) = c.authentication {
            try check(odsh_curl_setopt_long(h, CURLOPT_HTTPAUTH, ODSH_CURLAUTH_BASIC), "basic authentication")
            try set(h, CURLOPT_USERNAME, user)
            try set(h, CURLOPT_PASSWORD, password)
        }
        if case .negotiate = c.authentication {
            // Answers a 401 "WWW-Authenticate: Negotiate" of the host asked; the empty user means "the cache's".
            try check(odsh_curl_setopt_long(h, CURLOPT_HTTPAUTH, ODSH_CURLAUTH_NEGOTIATE), "Negotiate authentication")
            try set(h, CURLOPT_USERNAME, "")
            try set(h, CURLOPT_PASSWORD, "")
        }
        if let cookie = c.cookie, !cookie.isEmpty { try set(h, CURLOPT_COOKIE, cookie) }
        if let jar = c.cookieJar {
            // curl reads the jar; odsh writes it (`CookieJarFile`: never through a link), so no CURLOPT_COOKIEJAR.
            try requireWritableDirectory(of: jar)
            try set(h, CURLOPT_COOKIEFILE, jar)
        } else {
            try set(h, CURLOPT_COOKIEFILE, "")  // the cookie engine on, in memory: session and CSRF cookies
        }
        if c.useNetrc || c.netrcFile != nil {
            try check(odsh_curl_setopt_long(h, CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue)), "netrc")
            if let file = c.netrcFile { try setFile(h, CURLOPT_NETRC_FILE, file, "netrc file") }
        }
        if let cert = c.clientCertificate { try setFile(h, CURLOPT_SSLCERT, cert, "client certificate") }
        if let key = c.clientKey { try setFile(h, CURLOPT_SSLKEY, key, "client key") }
        if let ca = c.caBundle { try setFile(h, CURLOPT_CAINFO, ca, "CA bundle") }
        if c.insecure {
            try check(odsh_curl_setopt_long(h, CURLOPT_SSL_VERIFYPEER, 0), "insecure")
            try check(odsh_curl_setopt_long(h, CURLOPT_SSL_VERIFYHOST, 0), "insecure")
        }
        // Without CURLOPT_PROXY libcurl takes http_proxy/https_proxy/all_proxy/no_proxy from the environment.
        if let proxy = c.proxy, !proxy.isEmpty { try set(h, CURLOPT_PROXY, proxy) }
    }

    /// The jar is written as a new file beside it, renamed into place: its directory must take new files.
    func requireWritableDirectory(of path: String) throws {
        let dir = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        guard access(dir, W_OK | X_OK) == 0 else {
            throw ODataClientError(.invalidRequest("cookie jar \(path): \(String(cString: strerror(errno))) (its folder \(dir))"),
                                   method: nil, url: "")
        }
    }

    /// An option naming a file curl reads, once the file is known to be readable: a wrong path is named here, not
    /// later as a failed handshake or sign-in.
    func setFile(_ h: UnsafeMutableRawPointer, _ option: CURLoption, _ path: String, _ what: String) throws {
        try requireReadable(path, what)
        try set(h, option, path)
    }

    func requireReadable(_ path: String, _ what: String) throws {
        guard access(path, R_OK) == 0 else {
            throw ODataClientError(.invalidRequest("\(what) \(path): \(String(cString: strerror(errno)))"), method: nil, url: "")
        }
    }

    func set(_ h: UnsafeMutableRawPointer, _ option: CURLoption, _ value: String) throws {
        try check(odsh_curl_setopt_string(h, option, value), "option \(option.rawValue)")
    }

    func check(_ code: CURLcode, _ what: String) throws {
        guard code == CURLE_OK else {
            throw ODataClientError(.invalidRequest("libcurl refused \(what): \(String(cString: odsh_curl_easy_strerror(code)))"),
                                   method: nil, url: "")
        }
    }

    static func milliseconds(_ seconds: Double) -> Int {
        seconds <= 0 ? 0 : Int((seconds * 1000).rounded())
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
