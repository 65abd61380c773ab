import FoundationEssentials
import ODataModel

/// Reads the part of TOML that odsh's files use: `[table]` headers (dotted, quoted keys), `key = value` with
/// dotted keys, basic and literal strings, integers, floats, booleans, arrays (also over several lines) and
/// inline tables. Dates, multi-line strings and arrays of tables are refused with a clear error rather than
/// misread. It also records where each table header stands, so `TOMLEditor` can cut a table out of the text
/// and leave the rest of a hand-edited file (its comments included) as it was.
///
/// Why not a TOML library: the only one at hand (TOMLKit, over toml++) adds a C++ build for a few hundred lines
/// of need, and rewrites whole files when saving, which would drop the comments people keep in their config.
struct TOMLReader {
    /// A `[table]` header: its key path and its line (from 1).
    struct Header: Equatable {
        var path: [String]
        var line: Int
    }

    /// What a file holds.
    struct Document {
        var root: TOMLTable
        var headers: [Header]
    }

    private let bytes: [UInt8]
    private let source: String
    private var i = 0
    private var line = 1

    private init(_ text: String, source: String) {
        bytes = Array(text.utf8)
        self.source = source
    }

    /// Parses `text`; errors name `source` and the line.
    static func parse(_ text: String, source: String = "") throws -> Document {
        var reader = TOMLReader(text, source: source)
        return try reader.document()
    }

    // MARK: structure

    private mutating func document() throws -> Document {
        var root = TOMLTable()
        var headers: [Header] = []
        var current: [String] = []
        var defined: Set<[String]> = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while true {
            skipBlank()
            guard let b = peek() else { break }
            if b == UInt8(ascii: "\n") { advance(); continue }
            if b == UInt8(ascii: "#") { skipComment(); continue }
            if b == UInt8(ascii: "[") {
                advance()
                if peek() == UInt8(ascii: "[") { throw error("arrays of tables ([[...]]) are not supported") }
                skipBlank()
                let path = try keyPath()
                skipBlank()
                guard take(UInt8(ascii: "]")) else { throw error("expected ']' to close the table header") }
                guard defined.insert(path).inserted else { throw error("table [\(Self.spell(path))] is defined twice") }
                try Self.table(at: path, in: &root, create: true, line: line, source: source)
                headers.append(Header(path: path, line: line))
                current = path
                try endOfLine()
                continue
            }
            let key = try keyPath()
            skipBlank()
            guard take(UInt8(ascii: "=")) else { throw error("expected '=' after \(Self.spell(key))") }
            skipBlank()
            let value = try self.value()
            try Self.insert(value, at: current + key, in: &root, line: line, source: source)
            try endOfLine()
        }
        return Document(root: root, headers: headers)
    }

    /// The table at `path`, creating missing tables on the way; an error when something else stands there.
    @discardableResult
    private static func table(at path: [String], in root: inout TOMLTable, create: Bool, line: Int, source: String) throws -> TOMLTable {
        guard let first = path.first else { return root }
        var child: TOMLTable
        switch root[first] {
        case nil: child = TOMLTable()
        case .table(let t): child = t
        case .some(let other):
            throw TOMLError(source: source, line: line, message: "\(first) is already \(other.kind), not a table")
        }
        let found = try table(at: Array(path.dropFirst()), in: &child, create: create, line: line, source: source)
        root[first] = .table(child)
        return found
    }

    private static func insert(_ value: TOMLValue, at path: [String], in root: inout TOMLTable, line: Int, source: String) throws {
        if path.count == 1 {
            guard root[path[0]] == nil else {
                throw TOMLError(source: source, line: line, message: "\(path[0]) is set twice")
            }
            root[path[0]] = value
            return
        }
        var child: TOMLTable
        switch root[path[0]] {
        case nil: child = TOMLTable()
        case .table(let t): child = t
        case .some(let other):
            throw TOMLError(source: source, line: line, message: "\(path[0]) is already \(other.kind), not a table")
        }
        try insert(value, at: Array(path.dropFirst()), in: &child, line: line, source: source)
        root[path[0]] = .table(child)
    }

    static func spell(_ path: [String]) -> String { path.map(TOMLValue.key).joined(separator: ".") }

    // MARK: keys

    private mutating func keyPath() throws -> [String] {
        var parts = [try key()]
        while true {
            skipBlank()
            guard take(UInt8(ascii: ".")) else { return parts }
            skipBlank()
            parts.append(try key())
        }
    }

    private mutating func key() throws -> String {
        guard let b = peek() else { throw error("expected a key") }
        if b == UInt8(ascii: "\"") { return try basicString() }
        if b == UInt8(ascii: "'") { return try literalString() }
        let start = i
        while let c = peek(), Self.isBare(c) { advance() }
        guard i > start else { throw error("expected a key, found '\(Character(Unicode.Scalar(b)))'") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F
    }

    // MARK: values

    private mutating func value() throws -> TOMLValue {
        guard let b = peek(), b != UInt8(ascii: "\n"), b != UInt8(ascii: "#") else { throw error("expected a value") }
        switch b {
        case UInt8(ascii: "\""):
            if startsWith("\"\"\"") { throw error("multi-line strings are not supported") }
            return .string(try basicString())
        case UInt8(ascii: "'"):
            if startsWith("'''") { throw error("multi-line strings are not supported") }
            return .string(try literalString())
        case UInt8(ascii: "["):
            return try array()
        case UInt8(ascii: "{"):
            return try inlineTable()
        default:
            let start = i
            while let c = peek(), !(c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ",")
                                     || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: "#")) {
                advance()
            }
            let word = String(decoding: bytes[start..<i], as: UTF8.self)
            if word == "true" { return .bool(true) }
            if word == "false" { return .bool(false) }
            let digits = word.replacingAll("_", with: "")
            if let n = Int(digits) { return .integer(n) }
            if word.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let d = Double(digits), d.isFinite { return .float(d) }
            if word.count >= 10, word.prefix(4).allSatisfy(\.isNumber), word.dropFirst(4).first == "-" {
                throw error("dates are not supported; write \(word) as a string")
            }
            throw error(word.isEmpty ? "expected a value" : "\(word) is not a TOML value (strings need quotes)")
        }
    }

    private mutating func array() throws -> TOMLValue {
        advance()  // [
        var items: [TOMLValue] = []
        while true {
            skipWhitespaceAndComments()
            if take(UInt8(ascii: "]")) { return .array(items) }
            items.append(try value())
            skipWhitespaceAndComments()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in the array") }
            return .array(items)
        }
    }

    private mutating func inlineTable() throws -> TOMLValue {
        advance()  // {
        var table = TOMLTable()
        skipBlank()
        if take(UInt8(ascii: "}")) { return .table(table) }
        while true {
            skipBlank()
            let key = try keyPath()
            skipBlank()
            guard take(UInt8(ascii: "=")) else { throw error("expected '=' after \(Self.spell(key))") }
            skipBlank()
            let v = try value()
            try Self.insert(v, at: key, in: &table, line: line, source: source)
            skipBlank()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in the inline table (it must stay on one line)") }
            return .table(table)
        }
    }

    private mutating func basicString() throws -> String {
        advance()  // "
        var out: [UInt8] = []
        while let b = peek() {
            advance()
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\n"):
                throw error("a string is not closed on its line")
            case UInt8(ascii: "\\"):
                guard let e = peek() else { break }
                advance()
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"), UInt8(ascii: "U"):
                    let n = e == UInt8(ascii: "u") ? 4 : 8
                    guard i + n <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + n)], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(v) else { throw error("bad \\\(Character(Unicode.Scalar(e))) escape") }
                    i += n
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw error("unknown escape \\\(Character(Unicode.Scalar(e)))")
                }
            default:
                out.append(b)
            }
        }
        throw error("a string is not closed")
    }

    private mutating func literalString() throws -> String {
        advance()  // '
        let start = i
        while let b = peek() {
            if b == UInt8(ascii: "'") {
                let s = String(decoding: bytes[start..<i], as: UTF8.self)
                advance()
                return s
            }
            if b == UInt8(ascii: "\n") { break }
            advance()
        }
        throw error("a string is not closed on its line")
    }

    // MARK: scanning

    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func advance() {
        if bytes[i] == UInt8(ascii: "\n") { line += 1 }
        i += 1
    }

    private mutating func take(_ b: UInt8) -> Bool {
        guard peek() == b else { return false }
        advance()
        return true
    }

    private func startsWith(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && Array(bytes[i..<(i + u.count)]) == u
    }

    /// Spaces and tabs (and a CR before LF).
    private mutating func skipBlank() {
        while let b = peek(), b == 0x20 || b == 0x09 || b == 0x0D { advance() }
    }

    private mutating func skipComment() {
        while let b = peek(), b != UInt8(ascii: "\n") { advance() }
    }

    private mutating func skipWhitespaceAndComments() {
        while let b = peek() {
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A { advance() } else if b == UInt8(ascii: "#") { skipComment() } else { return }
        }
    }

    private mutating func endOfLine() throws {
        skipBlank()
        if peek() == UInt8(ascii: "#") { skipComment() }
        guard let b = peek() else { return }
        guard b == UInt8(ascii: "\n") else { throw error("unexpected text after the value; one setting a line") }
        advance()
    }

    private func error(_ message: String) -> TOMLError {
        TOMLError(source: source, line: line, message: message)
    }
}

/// A TOML document odsh cannot read, with the line.
struct TOMLError: CategorizedError, CustomStringConvertible {
    var category: ErrorCategory { .usage }

    var source: String
    var line: Int
    var message: String
    var description: String { "\(source.isEmpty ? "" : source + ":")\(line): \(message)" }
}

extension String {
    var trimmingLeadingSpaces: Substring { drop(while: { $0 == " " || $0 == "\t" }) }
}
