/// Hides credentials in trace output and error texts.
enum Redaction {
    static let placeholder = "<redacted>"

    /// Header fields whose values are credentials.
    static let secretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-csrf-token"]

    /// The value to show for a header: secret values become `<redacted>`. The CSRF protocol words "Fetch"
    /// and "Required" are no secret and stay readable, which is what one looks for in a CSRF trace.
    static func headerValue(name: String, value: String) -> String {
        let lower = name.lowercased()
        guard secretHeaders.contains(lower) else { return redactURLPasswords(value) }
        if lower == "x-csrf-token", ["fetch", "required"].contains(value.lowercased()) { return value }
        return placeholder
    }

    /// A raw header line ("Name: value", or a status/request line) with a secret value redacted.
    static func headerLine(_ line: String) -> String {
        guard let colon = line.firstIndex(of: ":"), !line[..<colon].contains(" ") else { return redactURLPasswords(line) }
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].drop(while: { $0 == " " || $0 == "\t" })
        return "\(name): \(headerValue(name: name, value: String(value)))"
    }

    /// Replaces the password of every `scheme://user:password@host` in `text` by `<redacted>`.
    static func redactURLPasswords(_ text: String) -> String {
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
