import ODataClient
/// A value of the TOML subset odsh reads: strings, integers, floats, booleans, arrays and tables.
enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    case array([TOMLValue])
    case table(TOMLTable)

    /// What kind of value this is, for messages.
    var kind: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a number"
        case .bool: return "true or false"
        case .array: return "an array"
        case .table: return "a table"
        }
    }

    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    var table: TOMLTable? { if case .table(let t) = self { return t } else { return nil } }
    var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .float(let d): return d
        default: return nil
        }
    }

    /// The value written as TOML (strings as basic strings with escapes).
    var tomlText: String {
        switch self {
        case .string(let s): return TOMLValue.quote(s)
        case .integer(let i): return String(i)
        case .float(let d): return d == d.rounded() && abs(d) < 1e15 ? String(cFormat: "%.1f", d) : String(d)
        case .bool(let b): return b ? "true" : "false"
        case .array(let a): return "[" + a.map(\.tomlText).joined(separator: ", ") + "]"
        case .table(let t): return "{ " + t.entries.map { "\(TOMLValue.key($0.key)) = \($0.value.tomlText)" }.joined(separator: ", ") + " }"
        }
    }

    /// A basic string with the escapes TOML requires, which are JSON's (`\"`, `\\`, `\n`, `\u001f`); DEL too.
    static func quote(_ s: String) -> String { JSONOutput.quoted(s, escapingDelete: true) }

    /// A key, bare when it may be, else quoted.
    static func key(_ k: String) -> String {
        let bare = !k.isEmpty && k.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSetBare.contains($0)) }
        return bare ? k : quote(k)
    }
}

private enum CharacterSetBare {
    static func contains(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == "_"
    }
}

/// A TOML table: keys in the order they were written.
struct TOMLTable: Equatable, Sendable {
    var entries: [(key: String, value: TOMLValue)] = []

    subscript(key: String) -> TOMLValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let i = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    var keys: [String] { entries.map(\.key) }

    static func == (a: TOMLTable, b: TOMLTable) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
