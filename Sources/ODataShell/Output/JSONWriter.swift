import ODataClient
/// Writes JSON text: objects keep the order members are added in, strings are escaped per RFC 8259 (ODataClient's
/// one escaper), rows as `-o json` writes them (ODataClient's value writer).
struct JSONWriter {
    /// How the text is laid out.
    enum Layout {
        /// Members and elements on lines of their own, indented.
        case pretty
        /// All on one line.
        case compact
        /// The outer array's elements one a line, each on one line: the layout of `-o json` rows.
        case lines
    }

    private(set) var output = ""
    private var needsComma: [Bool] = [false]
    private let layout: Layout
    private var depth: Int { needsComma.count - 1 }

    init(pretty: Bool = true) { layout = pretty ? .pretty : .compact }
    init(layout: Layout) { self.layout = layout }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { output += "," }
        needsComma[needsComma.count - 1] = true
        switch layout {
        case .pretty where depth > 0: output += "\n" + String(repeating: "  ", count: depth)
        case .lines where depth == 1: output += "\n"
        default: break
        }
    }

    mutating func beginObject(_ key: String? = nil) { keyed(key); output += "{"; needsComma.append(false) }
    mutating func endObject() { close("}") }
    mutating func beginArray(_ key: String? = nil) { keyed(key); output += "["; needsComma.append(false) }
    mutating func endArray() { close("]") }

    private mutating func close(_ c: String) {
        let had = needsComma.removeLast()
        if had && layout == .pretty { output += "\n" + String(repeating: "  ", count: depth) }
        if had && layout == .lines && depth == 0 { output += "\n" }
        output += c
    }

    private mutating func keyed(_ key: String?) {
        separator()
        if let k = key { output += Self.quote(k) + (layout == .pretty ? ": " : ":") }
    }

    mutating func string(_ key: String?, _ v: String?) {
        keyed(key)
        output += v.map(Self.quote) ?? "null"
    }
    mutating func number(_ key: String?, _ v: Int?) { keyed(key); output += v.map(String.init) ?? "null" }
    mutating func bool(_ key: String?, _ v: Bool?) { keyed(key); output += v.map { $0 ? "true" : "false" } ?? "null" }
    /// Writes already-encoded JSON text.
    mutating func raw(_ key: String?, _ json: String) { keyed(key); output += json }

    /// An entity as a row of `-o json`: its properties in `order` (nil: the metadata's), expanded navigation nested,
    /// on one line.
    mutating func entity(_ key: String?, _ e: EntityValue, order: MemberOrder?) {
        let o = JSONOutput(capacity: 1024)
        JSONValueWriter(dialect: .output).writeEntity(e, to: o, order: order)
        raw(key, String(decoding: o.bytesView, as: UTF8.self))
    }

    /// A value as a row of `-o json` (a property, an operation's result), on one line.
    mutating func value(_ key: String?, _ v: DataValue, order: MemberOrder?) {
        let o = JSONOutput(capacity: 256)
        JSONValueWriter(dialect: .output).write(v, to: o, order: order)
        raw(key, String(decoding: o.bytesView, as: UTF8.self))
    }

    /// A JSON string literal (ODataClient's one escaper).
    static func quote(_ s: String) -> String { JSONOutput.quoted(s) }
}
