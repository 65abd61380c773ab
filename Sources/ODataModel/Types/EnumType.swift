/// An enumeration type with its members and values.
public final class EnumType: SchemaElement, @unchecked Sendable {
    public var underlyingType: PrimitiveType = .int32
    public var isFlags = false
    public internal(set) var members: [EnumMember] = []

    private var memberIndex = MemberIndex<EnumMember>()
    /// Names of members declared more than once, in document order (validation warns about them).
    internal private(set) var duplicateMemberNames: [String] = []

    public func addMember(_ m: EnumMember) {
        m.enumType = self
        // The first member keeps a name declared twice.
        if !memberIndex.add(m, to: &members) { duplicateMemberNames.append(m.name) }
    }
    public func member(named name: String) -> EnumMember? { memberIndex.find(name, in: members) }
}

/// One member of an enumeration type.
public final class EnumMember: CsdlElement, @unchecked Sendable {
    /// The value: given, or implied by position (0, 1, 2, ...).
    public var value: Int64
    /// True when the document gave the value explicitly.
    public var valueIsExplicit: Bool
    private var _enumType = BackReference<EnumType>(nil)
    public internal(set) var enumType: EnumType? {
        get { _enumType.element }
        set { _enumType = BackReference(newValue) }
    }
    public init(name: String, value: Int64, explicit: Bool, location: SourceLocation = .unknown) {
        self.value = value; self.valueIsExplicit = explicit
        super.init(name: name, location: location)
    }
}

/// A type definition: a named primitive type with facets.
public final class TypeDefinition: SchemaElement, @unchecked Sendable {
    public var underlyingType: TypeReference = TypeReference("Edm.String")
    public var facets = Facets()
}
