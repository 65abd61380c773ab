/// An enumeration type with its members and values.
// @unchecked: immutable once loaded, as CsdlElement says.
public final class EnumType: SchemaElement, @unchecked Sendable {
    /// The integer type of the member values (`UnderlyingType`, default `Edm.Int32`).
    public var underlyingType: PrimitiveType = .int32
    /// `IsFlags`: values may be combined, each member a bit.
    public var isFlags = false
    /// The members, in document order.
    public internal(set) var members: [EnumMember] = []

    private var memberIndex = MemberIndex<EnumMember>()
    /// Names of members declared more than once, in document order (validation warns about them).
    internal private(set) var duplicateMemberNames: [String] = []

    /// Adds a member, making this its enumeration type (a name declared twice keeps its first member).
    public func addMember(_ m: EnumMember) {
        m.enumType = self
        // The first member keeps a name declared twice.
        if !memberIndex.add(m, to: &members) { duplicateMemberNames.append(m.name) }
    }
    /// A member by name, nil when there is none.
    public func member(named name: String) -> EnumMember? { memberIndex.find(name, in: members) }
}

/// One member of an enumeration type.
// @unchecked: immutable once loaded, as CsdlElement says.
public final class EnumMember: CsdlElement, @unchecked Sendable {
    /// The value: given, or implied by position (0, 1, 2, ...).
    public var value: Int64
    /// True when the document gave the value explicitly.
    public var valueIsExplicit: Bool
    private var _enumType = BackReference<EnumType>(nil)
    /// The enumeration type it belongs to.
    public internal(set) var enumType: EnumType? {
        get { _enumType.element }
        set { _enumType = BackReference(newValue) }
    }
    /// A member of this name and value (explicit when the document gave it), read at `location`.
    public init(name: String, value: Int64, explicit: Bool, location: SourceLocation = .unknown) {
        self.value = value; self.valueIsExplicit = explicit
        super.init(name: name, location: location)
    }
}

/// A type definition: a named primitive type with facets.
// @unchecked: immutable once loaded, as CsdlElement says.
public final class TypeDefinition: SchemaElement, @unchecked Sendable {
    /// The primitive type it defines a name for.
    public var underlyingType: TypeReference = TypeReference("Edm.String")
    /// The facets it fixes for every use (`MaxLength`, `Precision`, ...).
    public var facets = Facets()
}
