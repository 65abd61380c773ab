import ODataClient
/// Writes JSON text: objects keep the order members are added in, strings are escaped per RFC 8259.
struct JSONWriter {
    private(set) var output = ""
    private var needsComma: [Bool] = [false]
    private let pretty: Bool
    private var depth: Int { needsComma.count - 1 }

    init(pretty: Bool = true) { self.pretty = pretty }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { output += "," }
        needsComma[needsComma.count - 1] = true
        if pretty && depth > 0 { output += "\n" + String(repeating: "  ", count: depth) }
    }

    mutating func beginObject(_ key: String? = nil) { keyed(key); output += "{"; needsComma.append(false) }
    mutating func endObject() { close("}") }
    mutating func beginArray(_ key: String? = nil) { keyed(key); output += "["; needsComma.append(false) }
    mutating func endArray() { close("]") }

    private mutating func close(_ c: String) {
        let had = needsComma.removeLast()
        if pretty && had { output += "\n" + String(repeating: "  ", count: depth) }
        output += c
    }

    private mutating func keyed(_ key: String?) {
        separator()
        if let k = key { output += Self.quote(k) + (pretty ? ": " : ":") }
    }

    mutating func string(_ key: String?, _ v: String?) {
        keyed(key)
        output += v.map(Self.quote) ?? "null"
    }
    mutating func number(_ key: String?, _ v: Int?) { keyed(key); output += v.map(String.init) ?? "null" }
    mutating func bool(_ key: String?, _ v: Bool?) { keyed(key); output += v.map { $0 ? "true" : "false" } ?? "null" }
    /// Writes already-encoded JSON text.
    mutating func raw(_ key: String?, _ json: String) { keyed(key); output += json }

    /// A JSON string literal (ODataClient's one escaper).
    static func quote(_ s: String) -> String { JSONOutput.quoted(s) }
}
