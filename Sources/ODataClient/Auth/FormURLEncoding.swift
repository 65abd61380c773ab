import ODataModel

/// `application/x-www-form-urlencoded` bodies, as login forms and OAuth2 token endpoints take them, and the query
/// of an OAuth2 redirect.
package enum FormURLEncoding {
    /// `name=value&...` with everything but unreserved characters percent-encoded (space as `+`).
    package static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// The fields of `name=value&...` in order, `+` as space and `%XX` decoded; nil when an escape is malformed or
    /// not UTF-8. A field without `=` has an empty value.
    package static func decode(_ text: String) -> [(String, String)]? {
        var fields: [(String, String)] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let eq = part.firstIndex(of: "=") ?? part.endIndex
            let value = eq == part.endIndex ? "" : part[part.index(after: eq)...]
            guard let name = unescape(part[..<eq]), let decoded = unescape(value) else { return nil }
            fields.append((name, decoded))
        }
        return fields
    }

    private static func unescape(_ text: Substring) -> String? {
        String(text.map { $0 == "+" ? " " : $0 }).removingPercentEscapes
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
