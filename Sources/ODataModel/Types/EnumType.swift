/// An enumeration type with its members and values.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class EnumType: SchemaElement, @unchecked Sendable {
    var _underlyingType: PrimitiveType = .int32
    /// The integer type of the member values (`UnderlyingType`, default `Edm.Int32`).
    public package(set) var underlyingType: PrimitiveType {
        get { _underlyingType }
        set { _underlyingType = newValue }
    }
    var _isFlags: Bool = false
    /// `IsFlags`: values may be combined, each member a bit.
    public package(set) var isFlags: Bool {
        get { _isFlags }
        set { _isFlags = newValue }
    }
    var _members: [EnumMember] = []
    /// The members, in document order.
    public internal(set) var members: [EnumMember] {
        get { _members }
        // A list set or changed in place may have other members at the same positions: its index goes.
        set { _members = newValue; memberIndex = MemberIndex() }
        _modify { var v = _members; _members = []; defer { _members = v; memberIndex = MemberIndex() }; yield &v }
    }

    /// Filed by `indexMembers` (the resolver's), not member by member: see `StructuredType`.
    private var memberIndex = MemberIndex<EnumMember>()

    /// Adds a member, making this its enumeration type (a name declared twice keeps its first member).
    package func addMember(_ m: EnumMember) {
        m.enumType = self
        // Taken out, changed and put back (see `CsdlElement`); a first member makes room for a few more.
        var list = _members
        _members = []
        if list.isEmpty { list.reserveCapacity(MemberIndex<EnumMember>.indexFrom) }
        list.append(m)
        _members = list
    }
    /// A member by name, nil when there is none.
    public func member(named name: String) -> EnumMember? { memberIndex.find(name, in: _members) }

    /// Files the members by name for look-ups and returns the names declared more than once, each later
    /// declaration's, in document order (the first member keeps the name). The loader calls it while it resolves
    /// the model, before the model is shared.
    func indexMembers() -> [String] {
        var repeated: [String] = []
        let members = _members
        memberIndex = MemberIndex(members) { repeated.append(members[$0].name) }
        return repeated
    }
}

/// One member of an enumeration type.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class EnumMember: CsdlElement, @unchecked Sendable {
    var _value: Int64
    /// The value: given, or implied by position (0, 1, 2, ...).
    public package(set) var value: Int64 {
        get { _value }
        set { _value = newValue }
    }
    var _valueIsExplicit: Bool
    /// True when the document gave the value explicitly.
    public package(set) var valueIsExplicit: Bool {
        get { _valueIsExplicit }
        set { _valueIsExplicit = newValue }
    }
    private var _enumType = BackReference<EnumType>(nil)
    /// The enumeration type it belongs to.
    public internal(set) var enumType: EnumType? {
        get { _enumType.element }
        set { _enumType = BackReference(newValue) }
    }
    /// A member of this name and value (explicit when the document gave it), read at `location`.
    public init(name: String, value: Int64, explicit: Bool, location: SourceLocation = .unknown) {
        _value = value; _valueIsExplicit = explicit
        super.init(name: name, location: location)
    }
}

/// A type definition: a named primitive type with facets.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class TypeDefinition: SchemaElement, @unchecked Sendable {
    var _underlyingType: TypeReference = TypeReference("Edm.String")
    /// The primitive type it defines a name for.
    public package(set) var underlyingType: TypeReference {
        get { _underlyingType }
        set { _underlyingType = newValue }
    }
    var _facets: Facets = Facets()
    /// The facets it fixes for every use (`MaxLength`, `Precision`, ...).
    public package(set) var facets: Facets {
        get { _facets }
        set { _facets = newValue }
    }
}
