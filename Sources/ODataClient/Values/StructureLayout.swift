import Foundation
import ODataModel

/// How the values of one structured type are stored: a slot per structural property (inherited ones first, the
/// order services write them), then a slot per navigation property. Readers find slots from the bytes of a member
/// name without making a String: first at the slot after the previous one (payloads follow metadata order), then
/// through a small hash table.
final class StructureLayout {
    let type: StructuredType
    let entityType: EntityType?
    let properties: [Property]
    let navigations: [NavigationProperty]
    /// How each structural property's values are read and written.
    let shapes: [ValueShape]
    /// Slots of the key properties, in key order.
    let keySlots: [Int]
    /// Slot names (structural, then navigation) as UTF-8.
    private let names: [[UInt8]]
    private let table: [Int32]
    private let mask: Int

    var slotCount: Int { names.count }
    var propertyCount: Int { properties.count }

    init(type: StructuredType) {
        self.type = type
        entityType = type as? EntityType
        properties = type.properties
        navigations = type.navigationProperties
        shapes = properties.map { ValueShape(property: $0) }
        names = properties.map { Array($0.name.utf8) } + navigations.map { Array($0.name.utf8) }
        var capacity = 8
        while capacity < names.count * 2 { capacity <<= 1 }
        var t = [Int32](repeating: -1, count: capacity)
        for (slot, name) in names.enumerated() {
            var h = name.withUnsafeBytes { StructureLayout.hash($0) } & (capacity - 1)
            while t[h] >= 0 {
                if names[Int(t[h])] == name { break }   // a duplicate name keeps its first slot
                h = (h + 1) & (capacity - 1)
            }
            if t[h] < 0 { t[h] = Int32(slot) }
        }
        table = t
        mask = capacity - 1
        let keyNames = (type as? EntityType)?.allKeyNames ?? []
        var slotsByName: [String: Int] = [:]
        for (i, p) in properties.enumerated() where slotsByName[p.name] == nil { slotsByName[p.name] = i }
        keySlots = keyNames.compactMap { slotsByName[$0] }
    }

    @inline(__always) static func hash(_ b: UnsafeRawBufferPointer) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in b { h = (h ^ UInt64(c)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    @inline(__always) private func matches(_ slot: Int, _ b: UnsafeRawBufferPointer) -> Bool {
        names[slot].withUnsafeBytes { n in
            n.count == b.count && (n.count == 0 || memcmp(n.baseAddress!, b.baseAddress!, n.count) == 0)
        }
    }

    /// The slot named by `b`, trying `hint` first; nil when the type has no such property.
    @inline(__always) func slot(bytes b: UnsafeRawBufferPointer, hint: Int) -> Int? {
        if hint < names.count, matches(hint, b) { return hint }
        var h = StructureLayout.hash(b) & mask
        while true {
            let s = Int(table[h])
            if s < 0 { return nil }
            if matches(s, b) { return s }
            h = (h + 1) & mask
        }
    }

    func slot(named name: String) -> Int? {
        name.withBytes { slot(bytes: $0, hint: Int.max) }
    }

    func slot(of p: Property) -> Int? {
        guard let s = slot(named: p.name), s < properties.count else { return nil }
        return s
    }
    func slot(of n: NavigationProperty) -> Int? {
        guard let s = slot(named: n.name), s >= properties.count else { return nil }
        return s
    }

    func isNavigation(_ slot: Int) -> Bool { slot >= properties.count }
    func navigation(at slot: Int) -> NavigationProperty { navigations[slot - properties.count] }
    func name(at slot: Int) -> String {
        slot < properties.count ? properties[slot].name : navigations[slot - properties.count].name
    }
    /// UTF-8 name bytes of a slot, for writers.
    func nameBytes(at slot: Int) -> [UInt8] { names[slot] }
}

/// What a property holds, resolved once per layout: how a reader decodes it and a writer encodes it.
struct ValueShape {
    enum Kind {
        case primitive(PrimitiveType)
        case enumeration(EnumType)
        case complex(ComplexType)
        /// Edm.Untyped, or a type the model could not resolve: values are kept raw.
        case untyped
    }
    let kind: Kind
    let isCollection: Bool
    /// The declared type for messages: `Edm.Decimal`, `Collection(NS.Address)`.
    let typeName: String

    init(kind: Kind, isCollection: Bool, typeName: String) {
        self.kind = kind; self.isCollection = isCollection; self.typeName = typeName
    }

    init(property p: Property) {
        self.init(resolved: p.resolvedType, reference: p.type)
    }

    init(resolved: ResolvedType, reference: TypeReference) {
        isCollection = reference.isCollection
        typeName = reference.description
        switch resolved {
        case .primitive(let t): kind = ValueShape.primitiveKind(t)
        case .enumeration(let e): kind = .enumeration(e)
        case .complex(let c): kind = .complex(c)
        case .typeDefinition(let d):
            kind = d.underlyingType.primitive.map(ValueShape.primitiveKind) ?? .untyped
        case .entity, .unresolved:
            kind = reference.primitive.map(ValueShape.primitiveKind) ?? .untyped
        }
    }

    private static func primitiveKind(_ t: PrimitiveType) -> Kind {
        t == .untyped || t == .primitiveType ? .untyped : .primitive(t)
    }

    /// The shape of one element of a collection.
    var element: ValueShape {
        ValueShape(kind: kind, isCollection: false, typeName: isCollection ? String(typeName.dropFirst(11).dropLast()) : typeName)
    }
}
