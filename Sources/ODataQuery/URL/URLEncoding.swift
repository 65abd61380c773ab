/// Percent-encoding for the parts of an OData URL.
///
/// Query option values keep `$ ( ) , / = : ; * @ !` and the unreserved characters readable (all are allowed in a
/// URI query and none of them ends a value); everything else, `&`, `#`, `+`, `'`, `%`, space, `?`, `"` and every
/// non-ASCII character (as UTF-8 bytes) included, is percent-encoded. Path segments keep `'` readable
/// (`Customers('ALFKI')`) and encode `/`, `?`, `#`, `&` and `+`.
public enum URLEncoding {
    private static let unreserved: Set<UInt8> = {
        var s = Set<UInt8>()
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { s.insert(c) }
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { s.insert(c) }
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { s.insert(c) }
        for c in "-._~".utf8 { s.insert(c) }
        return s
    }()
    static let queryKeep: Set<UInt8> = unreserved.union("$(),/=:;*@!".utf8)
    static let pathKeep: Set<UInt8> = unreserved.union("$(),=:;*@!'".utf8)

    /// Encodes a query option value (or name).
    public static func queryValue(_ s: String) -> String { encode(s, keeping: queryKeep) }
    /// Encodes a resource path segment (set name, key predicate, navigation property).
    public static func pathSegment(_ s: String) -> String { encode(s, keeping: pathKeep) }

    /// Every character a URL may hold as it is: unreserved, reserved (`: / ? # [ ] @ ! $ & ' ( ) * + , ; =`) and `%`.
    static let urlKeep: Set<UInt8> = unreserved.union(":/?#[]@!$&'()*+,;=%".utf8)

    /// A URL written by hand (`/Customers?$filter=Country eq 'UK'`) made sendable: characters no URL may hold as
    /// they are (space, `"`, `<`, `>`, `\`, `^`, the backtick, `{`, `|`, `}`, controls, non-ASCII) percent-encoded;
    /// what is already encoded, and the URL's structure, kept.
    public static func escapingUnsafe(_ s: String) -> String { encode(s, keeping: urlKeep) }

    static func encode(_ s: String, keeping keep: Set<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in s.utf8 {
            if keep.contains(b) { out.append(b) } else {
                out.append(UInt8(ascii: "%")); out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` sequences (and nothing else: `+` stays `+`); invalid sequences are kept as they are.
    public static func decode(_ s: String) -> String {
        let u = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        func v(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 65...70: return c - 55
            case 97...102: return c - 87
            default: return nil
            }
        }
        while i < u.count {
            if u[i] == UInt8(ascii: "%"), i + 2 < u.count, let h = v(u[i + 1]), let l = v(u[i + 2]) {
                out.append(h << 4 | l); i += 3
            } else { out.append(u[i]); i += 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
