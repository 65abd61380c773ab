import FoundationEssentials
import ODataModel

/// Small JSON bodies (OData error bodies, OAuth2 token answers) read and written the way Foundation's
/// `JSONSerialization` did before odsh went without Foundation, so that messages stay byte for byte as they were:
/// a repeated member counts with its last value, numbers read as `NSNumber` showed them, and objects written
/// compactly with keys in `.sortedKeys` order and slashes unescaped.
///
/// The bodies are parsed by `JSONValue` (strict RFC 8259; JSONSerialization also let a trailing comma through).
enum BodyJSON {
    /// The body's top-level object; nil when the body is no JSON object, or holds a number no Swift number type
    /// holds (JSONSerialization refused the whole body then: `1e400`).
    static func object(_ body: Data) -> JSONValue? {
        guard let value = try? body.withUnsafeBytes({ try JSONValue.parse(bytes: $0) }), case .object = value,
              numbersRepresentable(value) else { return nil }
        return value
    }

    private static func numbersRepresentable(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let text): return Number(text) != nil
        case .array(let items): return items.allSatisfy(numbersRepresentable)
        case .object(let members): return members.allSatisfy { numbersRepresentable($0.value) }
        default: return true
        }
    }

    /// The value of the last member named `key`, for an object.
    static func member(_ object: JSONValue?, _ key: String) -> JSONValue? {
        object?.objectValue?.last(where: { $0.key == key })?.value
    }

    /// The members of an object, the last value of each name, in key order.
    static func members(_ object: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        var last: [String: JSONValue] = [:]
        for m in object { last[m.key] = m.value }
        return last.sorted { keyPrecedes($0.key, $1.key) }.map { (key: $0.key, value: $0.value) }
    }

    // MARK: Numbers

    /// A JSON number as JSONSerialization held it: Int64 for negative integers, UInt64 for the others, Decimal for
    /// longer decimals than a Double holds, else Double.
    enum Number {
        case int(Int64), uint(UInt64), decimal(Decimal), double(Double)

        /// JSONSerialization's choice (swift-corelibs-foundation `NSNumber.fromJSONNumber`), which looks for a
        /// lowercase `e` only and counts the characters before it, sign and point included.
        init?(_ text: String) {
            let exponent = text.firstIndex(of: "e")
            let digits = text[..<(exponent ?? text.endIndex)].count
            if text.firstIndex(of: ".") == nil && exponent == nil {
                if text.hasPrefix("-") {
                    if digits <= 19, let n = Int64(text) { self = .int(n); return }
                } else if digits <= 20, let n = UInt64(text) {
                    self = .uint(n); return
                }
            }
            var power = 0
            if let e = exponent, let p = Int(text[text.index(after: e)...]) { power = p }
            if digits > 17, (-128...127).contains(power), let d = Decimal(string: text), d.isFinite {
                self = .decimal(d); return
            }
            if let d = Double(text), d.isFinite { self = .double(d); return }
            return nil
        }

        /// What `NSNumber.stringValue` gave.
        var text: String {
            switch self {
            case .int(let n): return String(n)
            case .uint(let n): return String(n)
            case .decimal(let d): return d.description
            case .double(let d): return d.description
            }
        }

        /// What JSONSerialization wrote: a Double without a trailing `.0`.
        var jsonText: String {
            guard case .double(let d) = self else { return text }
            let s = d.description
            return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
        }
    }

    // MARK: Writing

    /// The value as `JSONSerialization.data(withJSONObject:options: [.sortedKeys, .withoutEscapingSlashes])` wrote it.
    static func compactText(_ value: JSONValue) -> String {
        let out = JSONOutput(capacity: 256)
        write(value, to: out)
        return String(decoding: out.bytesView, as: UTF8.self)
    }

    /// Strings are escaped as JSONSerialization escaped them, which is what `JSONOutput` writes: `"`, `\`, `\b`,
    /// `\f`, `\n`, `\r`, `\t`, other control characters as `\u00xx`, everything else as is.
    private static func write(_ value: JSONValue, to out: JSONOutput) {
        switch value {
        case .null: out.ascii("null")
        case .bool(let b): if b { out.ascii("true") } else { out.ascii("false") }
        case .number(let text): out.raw(Number(text)?.jsonText ?? text)
        case .string(let s): out.string(s)
        case .array(let items):
            out.byte(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                write(item, to: out)
            }
            out.byte(UInt8(ascii: "]"))
        case .object(let object):
            out.byte(UInt8(ascii: "{"))
            for (i, m) in members(object).enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                out.string(m.key)
                out.byte(UInt8(ascii: ":"))
                write(m.value, to: out)
            }
            out.byte(UInt8(ascii: "}"))
        }
    }

    // MARK: Key order

    /// Whether key `a` comes before `b` in `.sortedKeys` order: JSONSerialization compared keys with the options
    /// `.numeric, .caseInsensitive, .forcedOrdering` in the root locale, that is ICU's root collation. For keys of
    /// printable ASCII this is it exactly: punctuation and symbols first (in the order of `asciiOrder`), then digit
    /// runs by their numeric value, then letters whatever their case; among keys that are equal so far, fewer
    /// leading zeros first (`1Z` before `01z`), then the lowercase letter first at the first difference of case, then
    /// the code points.
    /// Other characters (rare in keys) sort after the ASCII letters, by code point.
    static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        let ka = CollationKey(a), kb = CollationKey(b)
        if ka.primary != kb.primary { return ka.primary.lexicographicallyPrecedes(kb.primary) }
        if ka.zeros != kb.zeros { return ka.zeros.lexicographicallyPrecedes(kb.zeros) }
        if ka.cases != kb.cases { return ka.cases.lexicographicallyPrecedes(kb.cases) }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    /// Printable ASCII in ICU root collation order, letters left out (they follow the digits, `a A b B …`).
    private static let asciiOrder = Array("\u{20}_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)
    private static let asciiRank: [UInt8: UInt32] = {
        var rank: [UInt8: UInt32] = [:]
        for (i, s) in asciiOrder.enumerated() { rank[UInt8(s.value)] = UInt32(i + 1) }
        return rank
    }()

    /// A key's weights for the three comparisons above.
    private struct CollationKey {
        /// Per character or digit run: punctuation 1…, a digit run 0x100 then its digits without leading zeros
        /// (longer numbers are larger), letters 0x200 + letter, others 0x300 + code point.
        var primary: [UInt32] = []
        /// Per letter: 0 lowercase, 1 uppercase.
        var cases: [UInt8] = []
        /// Per digit run: its leading zeros.
        var zeros: [Int] = []

        init(_ key: String) {
            let bytes = Array(key.utf8)
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    var j = i
                    while j < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) { j += 1 }
                    var start = i
                    while start < j - 1, bytes[start] == UInt8(ascii: "0") { start += 1 }
                    zeros.append(start - i)
                    primary.append(0x100)
                    primary.append(UInt32(j - start))
                    primary += bytes[start..<j].map { UInt32($0) }
                    i = j
                    continue
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    primary.append(0x200 + UInt32(b)); cases.append(0)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    primary.append(0x200 + UInt32(b | 0x20)); cases.append(1)
                default:
                    if let r = BodyJSON.asciiRank[b] { primary.append(r) } else { primary.append(0x300 + UInt32(b)) }
                }
                i += 1
            }
        }
    }
}
