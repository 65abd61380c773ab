import FoundationEssentials
import ODataModel

/// An `Encoder` that writes a Swift value into the library's values, checked against the metadata, no JSON in
/// between: a struct becomes an entity or complex value (property names as keys), an array a collection or a list of
/// entities (deep insert), a primitive a value of the property's declared type (`SwiftValueConversion`).
struct EntityValueEncoder: Encoder {
    /// What is being made: an entity or complex value, a list of entities, a collection, or one value.
    enum Target {
        /// An entity (for an entity type) or complex value; `existing` is filled instead of a new one.
        case structure(StructuredType, existing: StructureBase?)
        /// The entities of a collection-valued navigation property.
        case entities(EntityType)
        /// A collection-valued structural property of this shape and declared type.
        case values(ValueShape, TypeReference)
        /// One value of a primitive, enum or untyped property.
        case scalar(ValueShape)

        /// What it expects, for messages.
        var expected: String {
            switch self {
            case .structure(let t, _): return t is EntityType ? "an entity of \(t.qualifiedName)" : "a value of \(t.qualifiedName)"
            case .entities(let t): return "a list of \(t.qualifiedName) entities"
            case .values(let s, _): return s.typeName
            case .scalar(let s): return s.typeName
            }
        }
    }

    let target: Target
    /// Where the value made goes, each time it changes (a list is committed again after each element).
    let commit: (DataValue) throws -> Void
    let state: EncodingState
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `value` made into a value of `target`: types of the conversion table directly, others through their own
    /// `encode(to:)`.
    static func encode<T: Encodable>(_ value: T, target: Target, codingPath: [any CodingKey], state: EncodingState) throws -> DataValue {
        if case .scalar(let shape) = target, let v = try SwiftValueConversion.dataValue(value, shape: shape, path: codingPath) {
            return v
        }
        // A String, number or date where a structure or a list belongs; bytes may be a Collection(Edm.Byte).
        let isList: Bool = if case .values = target { true } else { false }
        if SwiftValueConversion.isTableValue(value), !(isList && (value is [UInt8] || value is Data)) {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription:
                "\(codingPath.pathText): expected \(target.expected), got \(SwiftValueConversion.describe(value))"))
        }
        var made: DataValue?
        let encoder = EntityValueEncoder(target: target, commit: { made = $0 }, state: state, codingPath: codingPath)
        try value.encode(to: encoder)
        if let error = state.takeError() { throw error }
        guard let made else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription:
                "\(codingPath.pathText): \(T.self) encoded nothing where \(target.expected) was expected"))
        }
        return made
    }

    /// The structure filled by keyed containers, made on first use (a type's `encode(to:)` may ask more than once).
    private let made = MadeStructure()

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard case .structure(let t, let existing) = target else {
            return failing("a structure (properties by name)")
        }
        let structure: StructureBase
        if let s = made.structure ?? existing {
            structure = s
        } else if let entityType = t as? EntityType {
            structure = EntityValue.ofType(entityType)
        } else {
            structure = ComplexValue.ofType(t as! ComplexType)
        }
        if made.structure == nil {
            made.structure = structure
            state.record { try commit(structure is EntityValue ? .entity(structure as! EntityValue) : .complex(structure as! ComplexValue)) }
        }
        return KeyedEncodingContainer(StructureEncodingContainer<Key>(structure: structure, state: state, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let element: Target
        let finish: ([DataValue]) throws -> Void
        switch target {
        case .entities(let t):
            element = .structure(t, existing: nil)
            finish = { values in
                try commit(.entityList(EntityValueList(values.compactMap { if case .entity(let e) = $0 { return e } else { return nil } })))
            }
        case .values(let shape, let reference):
            let elementShape = ValueShape(kind: shape.kind, isCollection: false,
                                          typeName: reference.isCollection ? String(reference.description.dropFirst(11).dropLast()) : reference.description)
            if case .complex(let c) = shape.kind { element = .structure(c, existing: nil) } else { element = .scalar(elementShape) }
            let elementType = TypeReference(name: reference.qualifiedName, isCollection: false)
            finish = { values in try commit(.list(DataValueList(elementType: elementType, values))) }
        default:
            state.record { throw EncodingError.invalidValue([Int](), .init(codingPath: codingPath, debugDescription:
                "\(codingPath.pathText): expected \(target.expected), got a list")) }
            return ListEncodingContainer(element: target, finish: { _ in }, state: state, codingPath: codingPath)
        }
        // An empty array encodes no element: the empty list is committed now.
        state.record { try finish([]) }
        return ListEncodingContainer(element: element, finish: finish, state: state, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueEncoding(target: target, commit: commit, state: state, codingPath: codingPath)
    }

    /// A keyed container for a value that is no structure: the error is recorded, the writes go nowhere.
    private func failing<Key: CodingKey>(_ got: String) -> KeyedEncodingContainer<Key> {
        state.record { throw EncodingError.invalidValue(0, .init(codingPath: codingPath, debugDescription:
            "\(codingPath.pathText): expected \(target.expected), got \(got)")) }
        let scratch = ComplexValue.ofType(ComplexType(name: "Scratch", namespace: ""))
        return KeyedEncodingContainer(StructureEncodingContainer<Key>(structure: scratch, state: state, codingPath: codingPath))
    }
}

/// The structure an encoder made, shared by its copies.
private final class MadeStructure {
    var structure: StructureBase?
}

/// Properties of an entity or complex value by name, each checked against the metadata.
private struct StructureEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let structure: StructureBase
    let state: EncodingState
    let codingPath: [any CodingKey]

    private var type: StructuredType { structure.structuredType }

    /// Where the member `key` goes: its target, and how its value is set (with errors that name it).
    private func member(_ key: Key) throws -> (target: EntityValueEncoder.Target, set: (DataValue) throws -> Void) {
        let name = key.stringValue
        let path = codingPath + [key]
        func invalid(_ value: DataValue, _ message: String) -> EncodingError {
            .invalidValue(value.description, .init(codingPath: path, debugDescription: "\(path.pathText): \(message)"))
        }
        if let p = type.structuralProperty(named: name) {
            let shape = ValueShape(property: p)
            let target: EntityValueEncoder.Target
            if shape.isCollection { target = .values(shape, p.type) }
            else if case .complex(let c) = shape.kind { target = .structure(c, existing: nil) }
            else { target = .scalar(shape) }
            return (target, { v in
                do { try structure.setValue(p, to: v) } catch let e as ValueConversionError { throw invalid(v, e.message) }
            })
        }
        if let n = type.navigationProperty(named: name), let entity = structure as? EntityValue {
            guard let targetType = n.target else { throw invalid(.null, "the target type of \(n.name) is not in the metadata") }
            return (n.isCollection ? .entities(targetType) : .structure(targetType, existing: nil), { v in
                do { try entity.setValue(n, to: v) } catch let e as ValueConversionError { throw invalid(v, e.message) }
            })
        }
        if type.isOpen {
            return (.scalar(ValueShape(kind: .untyped, isCollection: false, typeName: "a dynamic property")),
                    { v in structure.setDynamicValue(name, to: v) })
        }
        let all = type.properties.map(\.name) + type.navigationProperties.map(\.name)
        let suggestions = NameSuggester.closest(to: name, in: all)
        let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
        throw EncodingError.invalidValue(name, .init(codingPath: path, debugDescription:
            "\(type.qualifiedName) has no property \(name)\(hint)"))
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key).set(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let (target, set) = try member(key)
        try set(try EntityValueEncoder.encode(value, target: target, codingPath: codingPath + [key], state: state))
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try typed(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try typed(value, key) }

    /// The typed overloads through the generic path (calling `encode(_:forKey:)` here would be the typed one again).
    private func typed<T: Encodable>(_ value: T, _ key: Key) throws {
        let (target, set) = try member(key)
        try set(try EntityValueEncoder.encode(value, target: target, codingPath: codingPath + [key], state: state))
    }

    /// An encoder for the member `key`; nil (with the error recorded) when there is no such member.
    private func encoder(for key: Key) -> EntityValueEncoder? {
        do {
            let (target, set) = try member(key)
            return EntityValueEncoder(target: target, commit: set, state: state, codingPath: codingPath + [key])
        } catch {
            state.record { throw error }
            return nil
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let e = encoder(for: key) ?? EntityValueEncoder(target: .scalar(ValueShape(kind: .untyped, isCollection: false, typeName: "")),
                                                          commit: { _ in }, state: state, codingPath: codingPath + [key])
        return e.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let e = encoder(for: key) ?? EntityValueEncoder(target: .scalar(ValueShape(kind: .untyped, isCollection: false, typeName: "")),
                                                          commit: { _ in }, state: state, codingPath: codingPath + [key])
        return e.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        EntityValueEncoder(target: .structure(type, existing: structure), commit: { _ in }, state: state, codingPath: codingPath)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder(for: key) ?? EntityValueEncoder(target: .scalar(ValueShape(kind: .untyped, isCollection: false, typeName: "")),
                                                commit: { _ in }, state: state, codingPath: codingPath + [key])
    }
}

/// The elements of a collection or of a list of entities; the list is committed again after each element.
private struct ListEncodingContainer: UnkeyedEncodingContainer {
    let element: EntityValueEncoder.Target
    let finish: ([DataValue]) throws -> Void
    let state: EncodingState
    let codingPath: [any CodingKey]
    private let values = ValueBox()

    init(element: EntityValueEncoder.Target, finish: @escaping ([DataValue]) throws -> Void, state: EncodingState, codingPath: [any CodingKey]) {
        self.element = element; self.finish = finish; self.state = state; self.codingPath = codingPath
    }

    var count: Int { values.values.count }
    private var elementPath: [any CodingKey] { codingPath + [EntityCodingKey(intValue: count)] }

    mutating func encodeNil() throws { try append(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try append(try EntityValueEncoder.encode(value, target: element, codingPath: elementPath, state: state))
    }

    private func append(_ v: DataValue) throws {
        if v.isNull, case .structure = element {
            throw EncodingError.invalidValue("nil", .init(codingPath: elementPath, debugDescription:
                "\(elementPath.pathText): a list of entities or complex values holds no null"))
        }
        values.values.append(v)
        try finish(values.values)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = elementPath
        let box = values, finish = finish
        let e = EntityValueEncoder(target: element, commit: { v in box.values.append(v); try finish(box.values) }, state: state, codingPath: path)
        return e.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = elementPath
        state.record { throw EncodingError.invalidValue([Int](), .init(codingPath: path, debugDescription:
            "\(path.pathText): a collection's elements are no collections")) }
        return ListEncodingContainer(element: element, finish: { _ in }, state: state, codingPath: path)
    }
    mutating func superEncoder() -> any Encoder {
        let box = values, finish = finish
        return EntityValueEncoder(target: element, commit: { v in box.values.append(v); try finish(box.values) }, state: state, codingPath: elementPath)
    }
}

/// The values a list container collected, shared by its copies.
private final class ValueBox {
    var values: [DataValue] = []
}

/// One value: a primitive, or a wrapper type's wrapped value (encoded for the same target).
private struct SingleValueEncoding: SingleValueEncodingContainer {
    let target: EntityValueEncoder.Target
    let commit: (DataValue) throws -> Void
    let state: EncodingState
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { try commit(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try commit(try EntityValueEncoder.encode(value, target: target, codingPath: codingPath, state: state))
    }
    mutating func encode(_ value: Bool) throws { try typed(value) }
    mutating func encode(_ value: String) throws { try typed(value) }
    mutating func encode(_ value: Double) throws { try typed(value) }
    mutating func encode(_ value: Float) throws { try typed(value) }
    mutating func encode(_ value: Int) throws { try typed(value) }
    mutating func encode(_ value: Int8) throws { try typed(value) }
    mutating func encode(_ value: Int16) throws { try typed(value) }
    mutating func encode(_ value: Int32) throws { try typed(value) }
    mutating func encode(_ value: Int64) throws { try typed(value) }
    mutating func encode(_ value: UInt) throws { try typed(value) }
    mutating func encode(_ value: UInt8) throws { try typed(value) }
    mutating func encode(_ value: UInt16) throws { try typed(value) }
    mutating func encode(_ value: UInt32) throws { try typed(value) }
    mutating func encode(_ value: UInt64) throws { try typed(value) }

    private func typed<T: Encodable>(_ value: T) throws {
        try commit(try EntityValueEncoder.encode(value, target: target, codingPath: codingPath, state: state))
    }
}
