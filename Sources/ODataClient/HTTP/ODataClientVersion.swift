import CCurl

/// The version of the odsh OData client and the User-Agent it sends.
public enum ODataClientVersion {
    /// The odsh version.
    public static let version = "0.1.0"

    /// The version of the libcurl that is loaded at run time, e.g. "7.88.1".
    public static let libcurlVersion: String = {
        guard odsh_curl_load() == nil, let info = odsh_curl_version_info(ODSH_CURLVERSION_NOW), let text = info.pointee.version else { return "unknown" }
        return String(cString: text)
    }()

    /// The default User-Agent, e.g. "odsh/0.1.0 libcurl/7.88.1".
    public static let userAgent = "odsh/\(version) libcurl/\(libcurlVersion)"
}
