import FoundationEssentials
import ODataModel

/// `Codable` for generated proxy classes (`odsh generate swift`): an entity or complex value written to any
/// `Encoder` and read back from any `Decoder` by its type in the metadata, so that proxies can be kept (a cache, a
/// file, a message) with `JSONEncoder` and friends. Keys are the OData property names; values are the Swift types the
/// classes use (`String`, `Int32`, `DecimalValue` as its text, `LocalDate` as `2026-11-28`, enumeration members by
/// name, complex values and expanded navigation properties nested, collections as arrays, null as nil). Properties
/// without a value (not selected, not expanded) are left out and stay without one when read back. A stream
/// property's links and an entity's annotations are not kept: they belong to one response of the service.
public enum ProxyCoding {
    /// Writes the structural properties with a value (and, of an entity, the expanded navigation properties).
    public static func encode(_ structure: StructureBase, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EntityCodingKey.self)
        try encodeProperties(structure, into: &container)
    }

    /// A new entity of `type` (marked new, as `EntityValue.ofType` makes it) with the properties `decoder` holds.
    /// Throws `DecodingError` for a value that does not fit its property's type.
    public static func decodeEntity(_ type: EntityType, from decoder: any Decoder) throws -> EntityValue {
        let entity = EntityValue.ofType(type)
        try decodeProperties(into: entity, from: try decoder.container(keyedBy: EntityCodingKey.self))
        return entity
    }

    /// A new complex value of `type` with the properties `decoder` holds.
    public static func decodeComplex(_ type: ComplexType, from decoder: any Decoder) throws -> ComplexValue {
        let value = ComplexValue.ofType(type)
        try decodeProperties(into: value, from: try decoder.container(keyedBy: EntityCodingKey.self))
        return value
    }

    // MARK: writing

    private static func encodeProperties(_ s: StructureBase, into c: inout KeyedEncodingContainer<EntityCodingKey>) throws {
        for (property, value) in s.propertyValues {
            try encode(value, forKey: EntityCodingKey(stringValue: property.name), into: &c)
        }
        if let entity = s as? EntityValue {
            for n in entity.entityType.navigationProperties {
                if let value = entity.value(for: n) { try encode(value, forKey: EntityCodingKey(stringValue: n.name), into: &c) }
            }
        }
    }

    private static func encode(_ value: DataValue, forKey key: EntityCodingKey, into c: inout KeyedEncodingContainer<EntityCodingKey>) throws {
        switch value {
        case .stream: return
        case .null: try c.encodeNil(forKey: key)
        case .complex(let v):
            var nested = c.nestedContainer(keyedBy: EntityCodingKey.self, forKey: key)
            try encodeProperties(v, into: &nested)
        case .entity(let v):
            var nested = c.nestedContainer(keyedBy: EntityCodingKey.self, forKey: key)
            try encodeProperties(v, into: &nested)
        case .list(let l):
            var nested = c.nestedUnkeyedContainer(forKey: key)
            for v in l.values { try encode(v, into: &nested) }
        case .entityList(let l):
            var nested = c.nestedUnkeyedContainer(forKey: key)
            for e in l.entities { var element = nested.nestedContainer(keyedBy: EntityCodingKey.self); try encodeProperties(e, into: &element) }
        default:
            try encodePrimitive(value) { try c.encode($0, forKey: key) }
        }
    }

    private static func encode(_ value: DataValue, into c: inout UnkeyedEncodingContainer) throws {
        switch value {
        case .null, .stream: try c.encodeNil()
        case .complex(let v): var nested = c.nestedContainer(keyedBy: EntityCodingKey.self); try encodeProperties(v, into: &nested)
        case .entity(let v): var nested = c.nestedContainer(keyedBy: EntityCodingKey.self); try encodeProperties(v, into: &nested)
        case .list(let l): var nested = c.nestedUnkeyedContainer(); for v in l.values { try encode(v, into: &nested) }
        case .entityList(let l): try encode(.list(DataValueList(l.entities.map { .entity($0) })), into: &c)
        default: try encodePrimitive(value) { try c.encode($0) }
        }
    }

    /// A primitive or enumeration value as the Swift value a proxy class gives for it.
    private static func encodePrimitive(_ value: DataValue, _ write: (any Encodable) throws -> Void) throws {
        switch value {
        case .boolean(let v): try write(v)
        case .unsignedByte(let v): try write(v)
        case .byte(let v): try write(v)
        case .short(let v): try write(v)
        case .int(let v): try write(v)
        case .long(let v): try write(v)
        case .decimal(let v): try write(v)
        case .double(let v): try write(v)
        case .float(let v): try write(v)
        case .string(let v): try write(v)
        case .guid(let v): try write(v)
        case .binary(let v): try write(Data(v))
        case .localDate(let v): try write(v)
        case .localTime(let v): try write(v)
        case .localDateTime(let v): try write(v)
        case .globalDateTime(let v): try write(v)
        case .duration(let v): try write(v)
        case .enumValue(let v): try write(v.name)
        case .geography(let v): try write(v.text)
        case .untyped(let r): try write(r.text)
        case .null, .stream, .complex, .list, .entity, .entityList: return
        }
    }

    // MARK: reading

    private static func decodeProperties(into s: StructureBase, from c: KeyedDecodingContainer<EntityCodingKey>) throws {
        let type = s.structuredType
        for p in type.properties where c.contains(EntityCodingKey(stringValue: p.name)) {
            let key = EntityCodingKey(stringValue: p.name)
            let value: DataValue
            if try c.decodeNil(forKey: key) {
                value = .null
            } else if p.type.isCollection {
                var list = try c.nestedUnkeyedContainer(forKey: key)
                var values: [DataValue] = []
                while !list.isAtEnd { values.append(try decodeElement(p.resolvedType, from: &list)) }
                value = .list(DataValueList(elementType: TypeReference(name: p.type.qualifiedName, isCollection: false), values))
            } else {
                value = try decodeSingle(p.resolvedType, from: try c.superDecoder(forKey: key))
            }
            try s.setValue(p, to: value)
        }
        guard let entity = s as? EntityValue else { return }
        for n in entity.entityType.navigationProperties where c.contains(EntityCodingKey(stringValue: n.name)) {
            let key = EntityCodingKey(stringValue: n.name)
            guard let target = n.target else { continue }
            if try c.decodeNil(forKey: key) {
                try entity.setValue(n, to: .null)
            } else if n.isCollection {
                var list = try c.nestedUnkeyedContainer(forKey: key)
                var entities: [EntityValue] = []
                while !list.isAtEnd { entities.append(try decodeEntity(target, from: try list.superDecoder())) }
                try entity.setValue(n, to: .entityList(EntityValueList(entities)))
            } else {
                try entity.setValue(n, to: .entity(try decodeEntity(target, from: try c.superDecoder(forKey: key))))
            }
        }
    }

    private static func decodeElement(_ type: ResolvedType, from c: inout UnkeyedDecodingContainer) throws -> DataValue {
        if try c.decodeNil() { return .null }
        return try decodeSingle(type, from: try c.superDecoder())
    }

    /// One value of `type` (not a collection, not null).
    private static func decodeSingle(_ type: ResolvedType, from decoder: any Decoder) throws -> DataValue {
        switch type {
        case .complex(let t): return .complex(try decodeComplex(t, from: decoder))
        case .entity(let t): return .entity(try decodeEntity(t, from: decoder))
        case .enumeration(let e):
            let name = try decoder.singleValueContainer().decode(String.self)
            let value = name.split(separator: ",").reduce(Int64(0)) { $0 | (e.member(named: String($1))?.value ?? 0) }
            return .enumValue(EnumValue(type: e, name: name, value: value))
        case .primitive(let p): return try decodePrimitive(p, from: decoder)
        case .typeDefinition(let t): return try decodePrimitive(t.underlyingType.primitive ?? .untyped, from: decoder)
        case .unresolved: return .string(try decoder.singleValueContainer().decode(String.self))
        }
    }

    private static func decodePrimitive(_ p: PrimitiveType, from d: any Decoder) throws -> DataValue {
        // Through a single-value container, so that the decoder's strategies apply (JSONDecoder's Base64 for Data).
        let c = try d.singleValueContainer()
        switch p {
        case .boolean: return .boolean(try c.decode(Bool.self))
        case .byte: return .unsignedByte(try c.decode(UInt8.self))
        case .sbyte: return .byte(try c.decode(Int8.self))
        case .int16: return .short(try c.decode(Int16.self))
        case .int32: return .int(try c.decode(Int32.self))
        case .int64: return .long(try c.decode(Int64.self))
        case .decimal: return .decimal(try c.decode(DecimalValue.self))
        case .double: return .double(try c.decode(Double.self))
        case .single: return .float(try c.decode(Float.self))
        case .guid: return .guid(try c.decode(GuidValue.self))
        case .binary: return .binary([UInt8](try c.decode(Data.self)))
        case .date: return .localDate(try c.decode(LocalDate.self))
        case .timeOfDay, .time: return .localTime(try c.decode(LocalTime.self))
        case .dateTime: return .localDateTime(try c.decode(LocalDateTime.self))
        case .dateTimeOffset: return .globalDateTime(try c.decode(GlobalDateTime.self))
        case .duration: return .duration(try c.decode(DayTimeDuration.self))
        default:
            let text = try c.decode(String.self)
            if p.isGeo { return .geography(GeographyValue(type: p, geoJSON: text)) }
            return .string(text)
        }
    }
}
