/// A JSON tree that remembers where each value and member name stood, for readers that report positions
/// (the CSDL JSON reader). Member order is kept.
struct JSONNode {
    enum Value {
        case null
        case bool(Bool)
        case number(String, isInteger: Bool)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// An object member: its name, where the name stands, and its value.
    struct Member {
        var key: String
        var location: SourceLocation
        var value: JSONNode
    }

    var value: Value
    var location: SourceLocation

    /// Parses one complete JSON text.
    static func parse(bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONNode {
        var s = JSONScanner(bytes: bytes)
        try s.next()
        // An explicit stack: the scanner bounds the depth, and the call stack is not used for nesting.
        var open: [Partial] = []
        while true {
            let node: JSONNode
            let location = s.tokenLocation()
            switch s.token {
            case .beginObject, .beginArray:
                open.append(Partial(isObject: s.token == .beginObject, location: location))
                try s.next()
                continue
            case .key:
                open[open.count - 1].key = s.stringValue
                open[open.count - 1].keyLocation = location
                try s.next()
                continue
            case .endObject, .endArray: node = open.removeLast().node
            case .string: node = JSONNode(value: .string(s.stringValue), location: location)
            case .number: node = JSONNode(value: .number(s.numberText, isInteger: s.numberIsInteger), location: location)
            case .true: node = JSONNode(value: .bool(true), location: location)
            case .false: node = JSONNode(value: .bool(false), location: location)
            case .null: node = JSONNode(value: .null, location: location)
            case .endOfInput: throw s.error(.unexpectedEndOfInput, "unexpected end of input, expected a JSON value")
            }
            if open.isEmpty {
                try s.next()   // only `.endOfInput` may follow
                return node
            }
            open[open.count - 1].add(node)
            try s.next()
        }
    }

    private struct Partial {
        let isObject: Bool
        let location: SourceLocation
        var items: [JSONNode] = []
        var members: [Member] = []
        var key = ""
        var keyLocation = SourceLocation.unknown
        init(isObject: Bool, location: SourceLocation) { self.isObject = isObject; self.location = location }
        mutating func add(_ n: JSONNode) {
            if isObject { members.append(Member(key: key, location: keyLocation, value: n)) } else { items.append(n) }
        }
        var node: JSONNode { JSONNode(value: isObject ? .object(members) : .array(items), location: location) }
    }

    // MARK: Access

    var string: String? { if case .string(let s) = value { return s } else { return nil } }
    var bool: Bool? { if case .bool(let b) = value { return b } else { return nil } }
    var array: [JSONNode]? { if case .array(let a) = value { return a } else { return nil } }
    var members: [Member]? { if case .object(let m) = value { return m } else { return nil } }
    /// The first member with this name, for an object.
    func member(_ key: String) -> Member? { members?.first { $0.key == key } }

    /// A scalar as text: strings as they are, numbers as written, `true`/`false`/`null`.
    var scalarText: String? {
        switch value {
        case .string(let s): return s
        case .number(let n, _): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array, .object: return nil
        }
    }

    /// "a string", "an object", ... for messages.
    var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
