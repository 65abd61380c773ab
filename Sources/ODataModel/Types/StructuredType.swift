/// What entity types and complex types share: a base type, properties (own and inherited), openness.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public class StructuredType: SchemaElement, @unchecked Sendable {
    var _baseTypeName: TypeReference?
    /// `BaseType`: the type this one derives from, as written.
    public package(set) var baseTypeName: TypeReference? {
        get { _baseTypeName }
        set { _baseTypeName = newValue }
    }
    var _isAbstract: Bool = false
    /// `Abstract`: no instances of exactly this type exist, only of derived ones.
    public package(set) var isAbstract: Bool {
        get { _isAbstract }
        set { _isAbstract = newValue }
    }
    var _isOpen: Bool = false
    /// `OpenType`: instances may carry dynamic properties the model does not declare.
    public package(set) var isOpen: Bool {
        get { _isOpen }
        set { _isOpen = newValue }
    }
    var _ownProperties: [Property] = []
    /// Properties declared on this type, in document order.
    public internal(set) var ownProperties: [Property] {
        get { _ownProperties }
        // A list set or changed in place may have other members at the same positions: its index goes.
        set { _ownProperties = newValue; propertyIndex = MemberIndex() }
        _modify { var v = _ownProperties; _ownProperties = []; defer { _ownProperties = v; propertyIndex = MemberIndex() }; yield &v }
    }
    var _ownNavigationProperties: [NavigationProperty] = []
    /// Navigation properties declared on this type, in document order.
    public internal(set) var ownNavigationProperties: [NavigationProperty] {
        get { _ownNavigationProperties }
        set { _ownNavigationProperties = newValue; navigationIndex = MemberIndex() }
        _modify {
            var v = _ownNavigationProperties
            _ownNavigationProperties = []
            defer { _ownNavigationProperties = v; navigationIndex = MemberIndex() }
            yield &v
        }
    }
    /// The base type, once resolved.
    private var _baseType = BackReference<StructuredType>(nil)
    /// The base type, once resolved.
    public internal(set) var baseType: StructuredType? {
        get { _baseType.element }
        set { _baseType = BackReference(newValue) }
    }
    var _directDerivedTypes: [StructuredType] = []
    /// Types that name this one as their base type (direct only).
    public internal(set) var directDerivedTypes: [StructuredType] {
        get { _directDerivedTypes }
        set { _directDerivedTypes = newValue }
        _modify { var v = _directDerivedTypes; _directDerivedTypes = []; defer { _directDerivedTypes = v }; yield &v }
    }

    // Filed by `indexMembers` (the resolver's), not member by member as they are added: keeping an index current
    // through every `addProperty` cost more than the look-ups it served (docs/performance.md). An index that does not
    // cover the list (members added since) is passed over for a scan, so look-ups never change the type.
    private var propertyIndex = MemberIndex<Property>()
    private var navigationIndex = MemberIndex<NavigationProperty>()

    /// An own structural property by name (the first one declared with it).
    func ownProperty(named name: String) -> Property? { propertyIndex.find(name, in: _ownProperties) }
    private func ownNavigationProperty(named name: String) -> NavigationProperty? {
        navigationIndex.find(name, in: _ownNavigationProperties)
    }

    /// Adds a structural property, making this its declaring type (a name declared twice is kept for validation).
    package func addProperty(_ p: Property) {
        p.declaringType = self
        // Taken out, changed and put back (see `CsdlElement`); a first member makes room for a few more, which most
        // types have.
        var list = _ownProperties
        _ownProperties = []
        if list.isEmpty { list.reserveCapacity(MemberIndex<Property>.indexFrom) }
        list.append(p)
        _ownProperties = list
    }
    /// Adds a navigation property, making this its declaring type (a name declared twice is kept for validation).
    package func addNavigationProperty(_ n: NavigationProperty) {
        n.declaringType = self
        var list = _ownNavigationProperties
        _ownNavigationProperties = []
        list.append(n)
        _ownNavigationProperties = list
    }

    /// Files the members by name for look-ups and returns the names declared more than once (structural and
    /// navigation together), each later declaration's, in document order. The first declaration keeps the name.
    /// The loader calls it once per type while it resolves the model, before the model is shared.
    func indexMembers() -> [String] {
        // Most types have a few members and no repeats: checked by a scan, with no index to file.
        if _ownProperties.count <= MemberIndex<Property>.indexFrom, _ownNavigationProperties.count <= MemberIndex<NavigationProperty>.indexFrom,
           !Self.anyRepeat(_ownProperties, _ownNavigationProperties) {
            return []
        }
        let (properties, navigations, duplicates) = memberIndexes()
        propertyIndex = properties
        navigationIndex = navigations
        return duplicates
    }

    /// Whether any name comes twice among a few members of either kind (lengths compared first: comparing two
    /// different strings goes through the standard library's general comparison).
    private static func anyRepeat(_ props: [Property], _ navs: [NavigationProperty]) -> Bool {
        let count = props.count + navs.count
        guard count > 1 else { return false }
        @inline(__always) func name(_ i: Int) -> String { i < props.count ? props[i].name : navs[i - props.count].name }
        for i in 1..<count {
            let n = name(i), length = n.utf8.count
            for j in 0..<i {
                let m = name(j)
                if m.utf8.count == length && m == n { return true }
            }
        }
        return false
    }

    private func memberIndexes() -> (MemberIndex<Property>, MemberIndex<NavigationProperty>, duplicates: [String]) {
        let props = _ownProperties, navs = _ownNavigationProperties
        var repeated: [(name: String, at: SourceLocation)] = []
        let properties = MemberIndex(props) { repeated.append((props[$0].name, props[$0].location)) }
        let navigations = MemberIndex(navs) { repeated.append((navs[$0].name, navs[$0].location)) }
        if !props.isEmpty, !navs.isEmpty {
            // A name of both kinds: the later declaration is the repeat (by position in the document; without one,
            // the structural property counts as the first). A member repeating one of its own kind is counted already.
            for n in navs where navigations.find(n.name, in: navs) === n {
                guard let p = properties.find(n.name, in: props) else { continue }
                if Self.declaredBefore(n.location, p.location) { repeated.append((p.name, p.location)) } else { repeated.append((n.name, n.location)) }
            }
            repeated.sort { Self.declaredBefore($0.at, $1.at) }
        }
        var names: [String] = []
        for r in repeated { names.append(r.name) }
        return (properties, navigations, names)
    }

    /// Whether a declaration at `a` comes before one at `b` in the document (false when either is unknown, so that
    /// a stable sort keeps the order of unknown positions).
    private static func declaredBefore(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        guard a != .unknown, b != .unknown else { return false }
        return (a.line, a.column) < (b.line, b.column)
    }

    /// Base types from the nearest up; stops on a cycle.
    public var baseTypeChain: [StructuredType] {
        var out: [StructuredType] = []
        forEachBaseType { out.append($0); return true }
        return out
    }

    /// Calls `body` with each base type from the nearest up while it returns true; stops before a type would come
    /// again (a cycle). Linear in the chain's length: short chains are checked for repeats by a scan, long ones by a
    /// set.
    func forEachBaseType(_ body: (StructuredType) -> Bool) {
        var recent: [StructuredType] = []
        var seen: Set<ObjectIdentifier>?
        var next = baseType
        while let b = next, b !== self {
            if seen != nil {
                guard seen!.insert(ObjectIdentifier(b)).inserted else { return }
            } else if recent.contains(where: { $0 === b }) {
                return
            } else if recent.count == 16 {
                seen = Set(recent.map(ObjectIdentifier.init))
                seen!.insert(ObjectIdentifier(b))
            } else {
                recent.append(b)
            }
            guard body(b) else { return }
            next = b.baseType
        }
    }

    /// All structural properties, inherited ones first (the order a service writes them).
    public var properties: [Property] {
        baseTypeChain.reversed().flatMap { $0.ownProperties } + ownProperties
    }
    /// All navigation properties, inherited ones first.
    public var navigationProperties: [NavigationProperty] {
        baseTypeChain.reversed().flatMap { $0.ownNavigationProperties } + ownNavigationProperties
    }

    /// A structural property by name, inherited ones included; nil when there is none.
    public func structuralProperty(named name: String) -> Property? {
        if let p = ownProperty(named: name) { return p }
        var found: Property?
        forEachBaseType { found = $0.ownProperty(named: name); return found == nil }
        return found
    }
    /// A navigation property by name, inherited ones included.
    public func navigationProperty(named name: String) -> NavigationProperty? {
        if let p = ownNavigationProperty(named: name) { return p }
        var found: NavigationProperty?
        forEachBaseType { found = $0.ownNavigationProperty(named: name); return found == nil }
        return found
    }

    /// A structural or navigation property by name, inherited included; throws a lookup error with suggestions.
    public func member(withName name: String) throws -> CsdlElement {
        if let p = structuralProperty(named: name) { return p }
        if let n = navigationProperty(named: name) { return n }
        let all = properties.map(\.name) + navigationProperties.map(\.name)
        throw ModelLookupError(name: name, message: "\(qualifiedName) has no property \(name)",
                               suggestions: NameSuggester.closest(to: name, in: all))
    }

    /// The structural property with this name, inherited ones included (SAP's `property(withName:)`).
    ///
    /// SAP's one `Property` class stands for navigation properties too; here they are a class of their own, and
    /// the overload that returns a `NavigationProperty` finds them when the context asks for one:
    /// `let category: NavigationProperty = try type.property(withName: "Category")`, or
    /// `query.expand(try type.property(withName: "Category"))`. Asked here for a navigation property's name, it
    /// throws an error that says how to ask for it.
    ///
    /// It throws where SAP's ends the program: a name that is not in the metadata (a misspelling, or a service that
    /// changed) is an error the caller can report, with suggestions, and no reason to crash.
    public func property(withName name: String) throws -> Property {
        if let p = structuralProperty(named: name) { try p.checkUsable("property"); return p }
        if navigationProperty(named: name) != nil {
            throw ModelLookupError(name: name, message: "\(qualifiedName).\(name) is a navigation property: ask for it as one "
                                   + "(let n: NavigationProperty = try type.property(withName: \"\(name)\"))", category: .usage)
        }
        throw noMember(name)
    }

    /// The member with this name, inherited ones included, as the kind the context asks for: a `NavigationProperty`
    /// (`let orders: NavigationProperty = try type.property(withName: "Orders")`) or a `Property`, as SAP's
    /// `property(withName:)` finds both. A context that asks for nothing in particular gets the `Property` overload.
    /// Throws a lookup error with suggestions when there is no such member, and one naming both kinds when the member
    /// is of the other kind. Throws rather than ending the program, as SAP's does, for the reason the `Property`
    /// overload gives.
    public func property<Member: CsdlElement>(withName name: String) throws -> Member {
        let found: CsdlElement? = structuralProperty(named: name) ?? navigationProperty(named: name)
        guard let element = found else { throw noMember(name) }
        guard let member = element as? Member else {
            let kind = element is NavigationProperty ? "a navigation property" : "a structural property"
            throw ModelLookupError(name: name, message: "\(qualifiedName).\(name) is \(kind), not a \(Member.self)", category: .usage)
        }
        try element.checkUsable(element is NavigationProperty ? "navigation property" : "property")
        return member
    }

    /// "no property" with the names that come close (structural and navigation).
    private func noMember(_ name: String) -> ModelLookupError {
        ModelLookupError(name: name, message: "\(qualifiedName) has no property \(name)",
                         suggestions: NameSuggester.closest(to: name, in: properties.map(\.name) + navigationProperties.map(\.name)))
    }

    /// All types derived from this one, directly or not.
    public var derivedTypes: [StructuredType] {
        var out: [StructuredType] = []
        var queue = directDerivedTypes
        var seen: Set<ObjectIdentifier> = []
        var next = 0
        while next < queue.count {
            let t = queue[next]
            next += 1
            guard seen.insert(ObjectIdentifier(t)).inserted else { continue }
            out.append(t); queue += t.directDerivedTypes
        }
        return out
    }

    /// True when this type is `other` or derives from it.
    public func isSubtype(of other: StructuredType) -> Bool {
        if self === other { return true }
        var found = false
        forEachBaseType { found = $0 === other; return !found }
        return found
    }
}

/// Members of one kind by name (the first declared with a name wins): a linear scan while there are few, which beats
/// hashing; past `indexFrom`, an open-addressed table of the members' positions with their names' hashes beside them
/// (`NameTable`'s hash). It keeps no names of its own: a hash match is confirmed against the member's name. Built
/// whole from a list of members, it serves that list only while its length is the one it was built for (a list
/// grown since is scanned). Most types and enums have a handful of members; a `Dictionary` per type, grown one
/// member at a time and hashing with SipHash, cost far more (docs/performance.md).
struct MemberIndex<Member: CsdlElement> {
    static var indexFrom: Int { 8 }
    /// Position + 1 of a member in each slot (0 marks a free slot), and that member's name hash (`| 1`).
    private var positions: [Int32] = []
    private var hashes: [UInt64] = []
    /// The length of the list the table was built for (-1: no table).
    private var covers = -1

    init() {}

    /// An index of `members`; `repeated` is called with the position of each member whose name an earlier member
    /// has, in order.
    init(_ members: [Member], repeated: (Int) -> Void) {
        let count = members.count
        guard count > Self.indexFrom else {
            // Lengths first: comparing two different strings goes through the standard library's general comparison.
            for i in members.indices where i > 0 {
                let name = members[i].name, length = name.utf8.count
                for j in 0..<i where members[j].name.utf8.count == length && members[j].name == name { repeated(i); break }
            }
            return
        }
        var capacity = 32
        while capacity < count * 2 { capacity *= 2 }
        positions = Array(repeating: 0, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        for i in members.indices {
            let h = NameTable<Int>.hash(members[i].name) | 1
            let p = probe(members[i].name, h, in: members)
            if p.found { repeated(i); continue }
            positions[p.slot] = Int32(i + 1)
            hashes[p.slot] = h
        }
        covers = count
    }

    func find(_ name: String, in members: [Member]) -> Member? {
        if members.count != covers {
            // By index: `first(where:)` retained and released each member it passed. Lengths first, as above.
            let length = name.utf8.count
            for i in members.indices where members[i].name.utf8.count == length && members[i].name == name { return members[i] }
            return nil
        }
        let p = probe(name, NameTable<Int>.hash(name) | 1, in: members)
        return p.found ? members[Int(positions[p.slot]) - 1] : nil
    }

    /// The slot holding a member named `name`, or the free slot where it goes.
    @inline(__always)
    private func probe(_ name: String, _ h: UInt64, in members: [Member]) -> (slot: Int, found: Bool) {
        let mask = positions.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let at = positions[i]
            if at == 0 { return (i, false) }
            if hashes[i] == h && members[Int(at) - 1].name == name { return (i, true) }
            i = (i + 1) & mask
        }
    }
}
