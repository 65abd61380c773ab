import FoundationEssentials
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
    /// Per structural slot: the primitive type of a single-valued primitive property (readers' fast path), else nil.
    let fastPrimitive: UnsafeMutablePointer<PrimitiveType?>
    /// Per slot: true when writers may find a complex value or a stream there (navigation slots too).
    let writtenSpecially: UnsafeMutablePointer<Bool>
    /// Slot names (structural, then navigation) as UTF-8, back to back; slot i is `nameStart[i]..<nameStart[i+1]`.
    /// Raw memory, so that the hot lookups and writes touch no reference counts.
    private let nameBase: UnsafeMutablePointer<UInt8>
    private let nameStart: UnsafeMutablePointer<Int>
    /// `"Name":` per slot, the same way, for writers.
    private let keyBase: UnsafeMutablePointer<UInt8>
    private let keyStart: UnsafeMutablePointer<Int>
    private let table: UnsafeMutablePointer<Int32>
    private let mask: Int
    let slotCount: Int
    let propertyCount: Int

    init(type: StructuredType) {
        self.type = type
        entityType = type as? EntityType
        properties = type.properties
        navigations = type.navigationProperties
        shapes = properties.map { ValueShape(property: $0) }
        propertyCount = properties.count
        let names: [[UInt8]] = properties.map { Array($0.name.utf8) } + navigations.map { Array($0.name.utf8) }
        slotCount = names.count
        fastPrimitive = .allocate(capacity: max(1, propertyCount))
        for (i, shape) in shapes.enumerated() {
            if !shape.isCollection, case .primitive(let p) = shape.kind, !p.isGeo, p != .stream { (fastPrimitive + i).initialize(to: p) }
            else { (fastPrimitive + i).initialize(to: nil) }
        }
        writtenSpecially = .allocate(capacity: max(1, names.count))
        for i in 0..<names.count {
            var special = i >= propertyCount
            if i < propertyCount {
                switch shapes[i].kind {
                case .complex: special = true
                case .primitive(let p): special = p == .stream
                default: special = false
                }
            }
            (writtenSpecially + i).initialize(to: special)
        }
        let total = names.reduce(0) { $0 + $1.count }
        nameBase = .allocate(capacity: max(1, total))
        nameStart = .allocate(capacity: names.count + 1)
        // Names are server text: the keys are escaped as JSON (`JSONMemberKey`).
        let keys = names.map { JSONMemberKey.bytes($0) }
        keyBase = .allocate(capacity: max(1, keys.reduce(0) { $0 + $1.count }))
        keyStart = .allocate(capacity: names.count + 1)
        var at = 0, keyAt = 0
        for (i, name) in names.enumerated() {
            nameStart[i] = at
            keyStart[i] = keyAt
            for b in name { nameBase[at] = b; at += 1 }
            for b in keys[i] { keyBase[keyAt] = b; keyAt += 1 }
        }
        nameStart[names.count] = at
        keyStart[names.count] = keyAt
        var capacity = 8
        while capacity < names.count * 2 { capacity <<= 1 }
        table = .allocate(capacity: capacity)
        table.initialize(repeating: -1, count: capacity)
        for (slot, name) in names.enumerated() {
            var h = name.withUnsafeBytes { StructureLayout.hash($0) } & (capacity - 1)
            while table[h] >= 0 {
                if names[Int(table[h])] == name { break }   // a duplicate name keeps its first slot
                h = (h + 1) & (capacity - 1)
            }
            if table[h] < 0 { table[h] = Int32(slot) }
        }
        mask = capacity - 1
        let keyNames = (type as? EntityType)?.allKeyNames ?? []
        var slotsByName: [String: Int] = [:]
        for (i, p) in properties.enumerated() where slotsByName[p.name] == nil { slotsByName[p.name] = i }
        keySlots = keyNames.compactMap { slotsByName[$0] }
    }

    deinit {
        fastPrimitive.deallocate(); writtenSpecially.deallocate(); nameBase.deallocate(); nameStart.deallocate()
        keyBase.deallocate(); keyStart.deallocate(); table.deallocate()
    }

    @inline(__always) static func hash(_ b: UnsafeRawBufferPointer) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in b { h = (h ^ UInt64(c)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    @inline(__always) private func matches(_ slot: Int, _ b: UnsafeRawBufferPointer) -> Bool {
        let start = nameStart[slot]
        let n = nameStart[slot + 1] - start
        guard n == b.count else { return false }
        // Names are short: compare eight bytes at a time inline rather than calling memcmp.
        let x = UnsafeRawPointer(nameBase + start), y = b.baseAddress!
        var i = 0
        while i + 8 <= n {
            if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        while i < n {
            if x.load(fromByteOffset: i, as: UInt8.self) != y.load(fromByteOffset: i, as: UInt8.self) { return false }
            i += 1
        }
        return true
    }

    /// The slot named by `b`, trying `hint` first; nil when the type has no such property.
    @inline(__always) func slot(bytes b: UnsafeRawBufferPointer, hint: Int) -> Int? {
        if hint < slotCount, matches(hint, b) { return hint }
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
    /// `"Name":` of a slot, for writers.
    @inline(__always) func key(at slot: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: keyBase + keyStart[slot], count: keyStart[slot + 1] - keyStart[slot])
    }
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
