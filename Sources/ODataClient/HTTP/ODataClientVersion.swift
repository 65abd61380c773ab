import CCurl

/// The version of the OData client library and the User-Agent it sends.
public enum ODataClientVersion {
    /// The library's version (odsh's too: they are released together).
    public static let version = "0.1.0"

    /// The version of the libcurl that is loaded at run time, e.g. "7.88.1".
    public static let libcurlVersion: String = {
        guard odsh_curl_load() == nil, let info = odsh_curl_version_info(ODSH_CURLVERSION_NOW), let text = info.pointee.version else { return "unknown" }
        return String(cString: text)
    }()

    /// The default User-Agent: the library and libcurl with their versions, e.g. "ODataClient/0.1.0 libcurl/7.88.1".
    public static let userAgent = "ODataClient/\(version) libcurl/\(libcurlVersion)"

    /// The User-Agent of a program built on the library: its own name and version first, e.g.
    /// "odsh/0.1.0 ODataClient/0.1.0 libcurl/7.88.1".
    public static func userAgent(product: String, version: String) -> String { "\(product)/\(version) \(userAgent)" }
}
