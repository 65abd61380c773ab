/// An ordered list of HTTP header fields: lookup ignores case, repeated fields are kept in order.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as it was sent or received.
    public struct Field: Sendable, Equatable {
        /// The field name as written.
        public var name: String
        /// The field value.
        public var value: String
        /// A field of this name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field] = []

    /// No fields.
    public init() {}

    /// Fields from name/value pairs, in order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Fields from a dictionary literal, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of the field `name` (case-insensitive), or nil.
    public subscript(name: String) -> String? {
        fields.first { Self.same($0.name, name) }?.value
    }

    /// All values of the field `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Whether a field `name` is present (case-insensitive).
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Appends a field, keeping any earlier fields of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces all fields of that name by one (case-insensitive).
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes all fields of that name (case-insensitive).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// These fields, then those of `other`; a name present in `other` replaces all of its fields here.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var merged = self
        for name in Set(other.fields.map { $0.name.lowercased() }) { merged.remove(name) }
        merged.fields.append(contentsOf: other.fields)
        return merged
    }

    /// Appends folded continuation text to the last field's value.
    mutating func continueLastValue(_ text: String) {
        guard !fields.isEmpty else { return }
        fields[fields.count - 1].value += " " + text
    }

    /// The number of fields, repeated ones counted each.
    public var count: Int { fields.count }
    /// Whether there is no field.
    public var isEmpty: Bool { fields.isEmpty }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }
}
