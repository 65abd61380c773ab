import ODataModel

/// A `Decoder` over the library's values, no JSON in between: an entity or complex value decodes as a keyed
/// container (property names as keys: structural, expanded navigation, dynamic), a collection or an expanded list
/// of entities as an unkeyed one, a primitive as a single value (`SwiftValueConversion` maps the types).
/// A property without a value (not selected, navigation not expanded) is absent; null decodes as nil.
struct EntityValueDecoder: Decoder {
    /// The value this decoder decodes.
    let value: DataValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: DataValue, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    /// `T` from `value`: a type of the conversion table directly, else `T`'s own `init(from:)` over a decoder.
    static func decode<T: Decodable>(_ type: T.Type, from value: DataValue, codingPath: [any CodingKey]) throws -> T {
        if value.isNull {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription:
                "\(codingPath.pathText): null where \(T.self) is expected (declare it optional)"))
        }
        if let v = try SwiftValueConversion.swiftValue(T.self, from: value, path: codingPath) { return v }
        return try T(from: EntityValueDecoder(value, codingPath: codingPath))
    }

    /// `T` from an entity or complex value as `decode(_:)` of `EntityValue` and `ComplexValue` give it: an error
    /// becomes an `EntityCodingError` naming the property that does not fit.
    static func decodeTop<T: Decodable>(_ type: T.Type, from value: DataValue) throws -> T {
        do {
            return try decode(T.self, from: value, codingPath: [])
        } catch {
            throw EntityCodingError.decoding(error, type: T.self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .entity(let e): return KeyedDecodingContainer(StructureDecodingContainer<Key>(structure: e, value: value, codingPath: codingPath))
        case .complex(let c): return KeyedDecodingContainer(StructureDecodingContainer<Key>(structure: c, value: value, codingPath: codingPath))
        default: throw mismatch(expected: "an entity or a complex value", for: [String: Int].self)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .list(let l): return ValueListDecodingContainer(l.values, codingPath: codingPath)
        case .entityList(let l): return ValueListDecodingContainer(l.entities.map { .entity($0) }, codingPath: codingPath)
        default: throw mismatch(expected: "a collection", for: [Int].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueDecoding(value: value, codingPath: codingPath) }

    private func mismatch(expected: String, for type: Any.Type) -> DecodingError {
        let at = codingPath.isEmpty ? "" : "\(codingPath.pathText): "
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription:
            "\(at)expected \(expected), got \(value.kindName) \(SwiftValueConversion.shortText(value))"))
    }
}

/// The properties of an entity or complex value, by name.
private struct StructureDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let structure: StructureBase
    let value: DataValue
    let codingPath: [any CodingKey]

    /// Properties with a value (null included): structural, expanded navigation, dynamic.
    var allKeys: [Key] {
        var names = structure.propertyValues.map(\.property.name)
        if let e = structure as? EntityValue {
            names += e.entityType.navigationProperties.filter { e.value(for: $0) != nil }.map(\.name)
        }
        names += structure.dynamicProperties.map(\.name)
        return names.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { structure[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { structure[key.stringValue]?.isNull ?? true }

    private func member(_ key: Key) throws -> DataValue {
        guard let v = structure[key.stringValue] else {
            let type = structure.structuredType
            let known = type.structuralProperty(named: key.stringValue) != nil || type.navigationProperty(named: key.stringValue) != nil
            let why = !known ? "\(type.qualifiedName) has no property \(key.stringValue)"
                : type.navigationProperty(named: key.stringValue) != nil ? "\(key.stringValue) was not expanded"
                : "\(key.stringValue) has no value (not selected?)"
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription:
                "\((codingPath + [key]).pathText): \(why); declare it optional if it may be missing"))
        }
        return v
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try EntityValueDecoder.decode(T.self, from: try member(key), codingPath: codingPath + [key])
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try typed(Bool.self, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try typed(String.self, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try typed(Double.self, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try typed(Float.self, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try typed(Int.self, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try typed(Int8.self, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try typed(Int16.self, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try typed(Int32.self, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try typed(Int64.self, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try typed(UInt.self, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try typed(UInt8.self, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try typed(UInt16.self, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try typed(UInt32.self, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try typed(UInt64.self, key) }

    /// The typed overloads go through the generic path (a call of `decode(Bool.self, forKey:)` here would be the
    /// typed overload again).
    private func typed<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try EntityValueDecoder.decode(T.self, from: try member(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try EntityValueDecoder(try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try EntityValueDecoder(try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { EntityValueDecoder(value, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { EntityValueDecoder(try member(key), codingPath: codingPath + [key]) }
}

/// The elements of a collection or of an expanded list of entities, in order.
private struct ValueListDecodingContainer: UnkeyedDecodingContainer {
    let values: [DataValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(_ values: [DataValue], codingPath: [any CodingKey]) { self.values = values; self.codingPath = codingPath }

    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    private var elementPath: [any CodingKey] { codingPath + [EntityCodingKey(intValue: currentIndex)] }

    private func current<T>(_ type: T.Type) throws -> DataValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: elementPath, debugDescription:
                "\(codingPath.pathText): the collection has only \(values.count) elements"))
        }
        return values[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(Never?.self).isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let v = try EntityValueDecoder.decode(T.self, from: try current(T.self), codingPath: elementPath)
        currentIndex += 1
        return v
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let c = try EntityValueDecoder(try current(NestedKey.self), codingPath: elementPath).container(keyedBy: type)
        currentIndex += 1
        return c
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let c = try EntityValueDecoder(try current([Int].self), codingPath: elementPath).unkeyedContainer()
        currentIndex += 1
        return c
    }
    mutating func superDecoder() throws -> any Decoder {
        let d = EntityValueDecoder(try current(Int.self), codingPath: elementPath)
        currentIndex += 1
        return d
    }
}

/// One value: a primitive, or a structure or collection a wrapper type decodes through.
private struct SingleValueDecoding: SingleValueDecodingContainer {
    let value: DataValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }
    /// A wrapper's single value is the same value again: a type of the table, or the wrapped type's own decoding.
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try typed(T.self) }
    func decode(_ type: Bool.Type) throws -> Bool { try typed(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try typed(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try typed(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try typed(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try typed(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try typed(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try typed(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try typed(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try typed(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try typed(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try typed(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try typed(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try typed(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try typed(UInt64.self) }

    private func typed<T: Decodable>(_ type: T.Type) throws -> T { try EntityValueDecoder.decode(T.self, from: value, codingPath: codingPath) }
}
