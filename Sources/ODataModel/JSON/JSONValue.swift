/// A JSON value as a tree; objects keep their members in document order (duplicates too).
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number as written, so that callers decide how to read it (Int64, Decimal, Double).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Parses one complete JSON text (strict RFC 8259; nesting limited to `maxDepth`).
    package static func parse(bytes: UnsafeRawBufferPointer, maxDepth: Int = JSONScanner.defaultMaxDepth) throws(JSONError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        try scanner.next()
        let value = try JSONValue(reading: &scanner)
        try scanner.next()   // only `.endOfInput` is left; anything else throws
        return value
    }

    /// Parses one complete JSON text held in an array.
    package static func parse(bytes: [UInt8], maxDepth: Int = JSONScanner.defaultMaxDepth) throws(JSONError) -> JSONValue {
        let result: Result<JSONValue, JSONError> = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) -> JSONValue in try parse(bytes: raw, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    /// Reads the value that begins with the scanner's current token, leaving the scanner on its last token;
    /// lets a streaming reader build a tree for one part of a document.
    package init(reading scanner: inout JSONScanner) throws(JSONError) {
        // An explicit stack instead of recursion: the depth is bounded by the scanner, the call stack is not touched.
        var open: [Partial] = []
        while true {
            let value: JSONValue
            switch scanner.token {
            case .beginObject: open.append(Partial(isObject: true)); try scanner.next(); continue
            case .beginArray: open.append(Partial(isObject: false)); try scanner.next(); continue
            case .key: open[open.count - 1].key = scanner.stringValue; try scanner.next(); continue
            case .endObject, .endArray: value = open.removeLast().value
            case .string: value = .string(scanner.stringValue)
            case .number: value = .number(scanner.numberText)
            case .true: value = .bool(true)
            case .false: value = .bool(false)
            case .null: value = .null
            case .endOfInput:
                // Only reachable when called on a finished scanner.
                throw scanner.error(.unexpectedEndOfInput, "unexpected end of input, expected a JSON value")
            }
            if open.isEmpty { self = value; return }
            open[open.count - 1].add(value)
            try scanner.next()
        }
    }

    /// An object or array under construction.
    private struct Partial {
        let isObject: Bool
        var items: [JSONValue] = []
        var members: [(key: String, value: JSONValue)] = []
        var key = ""
        init(isObject: Bool) { self.isObject = isObject }
        mutating func add(_ v: JSONValue) {
            if isObject { members.append((key, v)) } else { items.append(v) }
        }
        var value: JSONValue { isObject ? .object(members) : .array(items) }
    }

    // MARK: Access

    /// The value of the first member named `key`, for an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }
    /// The element at `index`, for an array.
    package subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
    /// The text of a string.
    package var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The value of `true` or `false`.
    package var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The text of a number.
    package var numberText: String? { if case .number(let n) = self { return n } else { return nil } }
    /// The elements of an array.
    package var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members of an object, in document order.
    package var objectValue: [(key: String, value: JSONValue)]? { if case .object(let o) = self { return o } else { return nil } }
    /// True for `null`.
    package var isNull: Bool { if case .null = self { return true } else { return false } }

    /// Structural equality; object members are compared in order, numbers by their text.
    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}
