import CCurl

/// Scheme, host and port of a URL, as libcurl's URL parser reads them (so they match what curl connects to).
struct URLOrigin: Equatable, CustomStringConvertible {
    var scheme: String
    var host: String
    var port: String

    /// The origin of an absolute URL, or nil when libcurl cannot parse it.
    init?(_ url: String) {
        guard odsh_curl_load() == nil, let handle = odsh_curl_url() else { return nil }
        defer { odsh_curl_url_cleanup(handle) }
        guard odsh_curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK,
              let scheme = Self.part(handle, CURLUPART_SCHEME, 0),
              let host = Self.part(handle, CURLUPART_HOST, 0),
              let port = Self.part(handle, CURLUPART_PORT, UInt32(CURLU_DEFAULT_PORT)) else { return nil }
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port
    }

    var description: String { "\(scheme)://\(host):\(port)" }

    /// The path of an absolute URL as libcurl reads it, or nil when it cannot parse it.
    static func path(of url: String) -> String? {
        guard odsh_curl_load() == nil, let handle = odsh_curl_url() else { return nil }
        defer { odsh_curl_url_cleanup(handle) }
        guard odsh_curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
        return part(handle, CURLUPART_PATH, 0)
    }

    private static func part(_ handle: OpaquePointer, _ which: CURLUPart, _ flags: UInt32) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard odsh_curl_url_get(handle, which, &value, flags) == CURLUE_OK, let value else { return nil }
        defer { odsh_curl_free(value) }
        return String(cString: value)
    }
}
