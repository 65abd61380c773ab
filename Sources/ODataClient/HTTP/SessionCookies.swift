import FoundationEssentials

/// The session's cookies that a request to a URL carries, from libcurl's cookie list (Netscape cookie-file lines:
/// domain, include-subdomains, path, secure, expiry, name, value), as one `Cookie` header value. Matched as a
/// browser does (RFC 6265 section 5.4): the host is the cookie's domain (or below it when the cookie allows),
/// the path lies under the cookie's path, a secure cookie goes over https only, an expired one not at all.
enum SessionCookies {
    /// `name=value; name=value` of the cookies in `lines` that a request to `url` sends; nil when none does.
    static func header(for url: String, lines: [String], now: Date = Date()) -> String? {
        guard let parts = URLComponents(string: url), let host = parts.host?.lowercased(), !host.isEmpty else { return nil }
        let https = parts.scheme?.lowercased() == "https"
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        var pairs: [String] = []
        for line in lines {
            var text = Substring(line)
            if text.hasPrefix("#HttpOnly_") { text = text.dropFirst("#HttpOnly_".count) } else if text.hasPrefix("#") { continue }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 7 else { continue }
            var domain = fields[0].lowercased()
            if domain.hasPrefix(".") { domain.removeFirst() }
            let subdomains = fields[1] == "TRUE"
            guard host == domain || (subdomains && host.hasSuffix("." + domain)) else { continue }
            guard pathMatches(path, String(fields[2])) else { continue }
            if fields[3] == "TRUE" && !https { continue }
            if let expiry = Double(fields[4]), expiry > 0, expiry < now.timeIntervalSince1970 { continue }
            pairs.append(fields[5] + "=" + fields[6...].joined(separator: "\t"))
        }
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }

    /// RFC 6265's path-match: the same path, or one below the cookie's path at a `/`.
    static func pathMatches(_ path: String, _ cookiePath: String) -> Bool {
        guard !cookiePath.isEmpty, path.hasPrefix(cookiePath) else { return cookiePath.isEmpty }
        return path.count == cookiePath.count || cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).hasPrefix("/")
    }
}
