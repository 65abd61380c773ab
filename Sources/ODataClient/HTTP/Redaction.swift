/// Hides credentials in trace output, error texts and files odsh writes (the metadata cache).
///
/// Secret headers (compared without case): `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`,
/// `X-CSRF-Token` (its protocol words excepted), the API-key headers `APIKey`, `API-Key`, `X-API-Key`,
/// `X-APIKey`, `Ocp-Apim-Subscription-Key`, `X-Auth-Token`, `X-Access-Token`, `X-Amz-Security-Token`,
/// `Private-Token`, and any header `HTTPConfiguration.secretHeaders` names. In URLs: the password of
/// `user:password@host` and the values of the query parameters `password` and `sap-password`.
package enum Redaction {
    package static let placeholder = "<redacted>"

    /// Header fields whose values are credentials (lowercase).
    package static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-csrf-token",
        "apikey", "api-key", "x-api-key", "x-apikey", "ocp-apim-subscription-key", "x-auth-token", "x-access-token",
        "x-amz-security-token", "private-token",
    ]

    /// Query parameters whose values are credentials (lowercase).
    package static let secretQueryParameters: [String] = ["password", "sap-password"]

    /// Whether a header's value is a credential: one of `secretHeaders` or of `extra` (lowercase names).
    package static func isSecretHeader(_ name: String, extra: Set<String> = []) -> Bool {
        let lower = name.lowercased()
        return secretHeaders.contains(lower) || extra.contains(lower)
    }

    /// The value to show for a header: secret values become `<redacted>`. The CSRF protocol words "Fetch"
    /// and "Required" are no secret and stay readable, which is what one looks for in a CSRF trace.
    static func headerValue(name: String, value: String, extra: Set<String> = []) -> String {
        let lower = name.lowercased()
        guard isSecretHeader(lower, extra: extra) else { return redactURLPasswords(value) }
        if lower == "x-csrf-token", ["fetch", "required"].contains(value.lowercased()) { return value }
        return placeholder
    }

    /// A raw header line ("Name: value", or a status/request line) with a secret value redacted.
    static func headerLine(_ line: String, extra: Set<String> = []) -> String {
        guard let colon = line.firstIndex(of: ":"), !line[..<colon].contains(" ") else { return redactURLPasswords(line) }
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].drop(while: { $0 == " " || $0 == "\t" })
        return "\(name): \(headerValue(name: name, value: String(value), extra: extra))"
    }

    /// Replaces the password of every `scheme://user:password@host` in `text`, and the value of every
    /// `password=` and `sap-password=` query parameter, by `<redacted>`.
    package static func redactURLPasswords(_ text: String) -> String {
        redactQueryPasswords(redactUserInfoPasswords(text))
    }

    /// Replaces the values of `secretQueryParameters` (after `?`, `&` or `;`, names without case) by `<redacted>`.
    static func redactQueryPasswords(_ text: String) -> String {
        guard text.lowercased().contains("password=") else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        outer: while i < bytes.count {
            let b = bytes[i]
            out.append(b)
            i += 1
            guard b == UInt8(ascii: "?") || b == UInt8(ascii: "&") || b == UInt8(ascii: ";") else { continue }
            for name in secretQueryParameters {
                let n = Array((name + "=").utf8)
                guard i + n.count <= bytes.count,
                      zip(bytes[i..<(i + n.count)], n).allSatisfy({ lowerASCII($0) == $1 }) else { continue }
                out.append(contentsOf: bytes[i..<(i + n.count)])
                out.append(contentsOf: placeholder.utf8)
                i += n.count
                while i < bytes.count, !isParameterEnd(bytes[i]) { i += 1 }
                continue outer
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func lowerASCII(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    private static func isParameterEnd(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "&") || b == UInt8(ascii: ";") || b == UInt8(ascii: "#") || isAuthorityEnd(b) && b != UInt8(ascii: "/") && b != UInt8(ascii: "?")
    }

    /// Replaces the password of every `scheme://user:password@host` in `text` by `<redacted>`.
    static func redactUserInfoPasswords(_ text: String) -> String {
        guard text.contains("://") else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if i + 3 <= bytes.count, bytes[i] == 0x3A, bytes[i + 1] == 0x2F, bytes[i + 2] == 0x2F {  // "://"
                out.append(contentsOf: bytes[i..<(i + 3)])
                i += 3
                var end = i
                while end < bytes.count, !isAuthorityEnd(bytes[end]) { end += 1 }
                let authority = bytes[i..<end]
                if let at = authority.lastIndex(of: 0x40), let colon = authority[..<at].firstIndex(of: 0x3A) {
                    out.append(contentsOf: bytes[i...colon])
                    out.append(contentsOf: placeholder.utf8)
                    out.append(contentsOf: bytes[at..<end])
                } else {
                    out.append(contentsOf: authority)
                }
                i = end
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isAuthorityEnd(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"),
             UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
             UInt8(ascii: ">"):
            return true
        default:
            return false
        }
    }
}
