/// A kind of member of entity and complex types that the comparison matches by name across a type hierarchy:
/// structural and navigation properties move up and down it, and are removed and added, the same way.
protocol ComparedTypeMember: CsdlElement {
    /// The type that declares it.
    var declaringType: StructuredType? { get }
    /// How changes name the kind.
    static var elementKind: MetadataChange.ElementKind { get }
    /// The kind, and the other kind, as a change of kind names them ("property", "navigation property").
    static var kindNames: (this: String, other: String) { get }
    /// The members of this kind that `type` declares itself.
    static func own(in type: StructuredType) -> [Self]
    /// The member of this kind and name that `type` has, declared there or inherited.
    static func member(named name: String, in type: StructuredType) -> Self?
    /// Whether `type` has a member of the other kind by this name.
    static func otherKind(named name: String, in type: StructuredType) -> Bool
    /// Where a refresh carries it when the newer `type` lacks it.
    func removal(into type: StructuredType) -> MetadataComparison.Removal
}

extension Property: ComparedTypeMember {
    static var elementKind: MetadataChange.ElementKind { .property }
    static var kindNames: (this: String, other: String) { ("property", "navigation property") }
    static func own(in type: StructuredType) -> [Property] { type.ownProperties }
    static func member(named name: String, in type: StructuredType) -> Property? { type.structuralProperty(named: name) }
    static func otherKind(named name: String, in type: StructuredType) -> Bool { type.navigationProperty(named: name) != nil }
    func removal(into type: StructuredType) -> MetadataComparison.Removal { .property(self, into: type) }
}

extension NavigationProperty: ComparedTypeMember {
    static var elementKind: MetadataChange.ElementKind { .navigationProperty }
    static var kindNames: (this: String, other: String) { ("navigation property", "property") }
    static func own(in type: StructuredType) -> [NavigationProperty] { type.ownNavigationProperties }
    static func member(named name: String, in type: StructuredType) -> NavigationProperty? { type.navigationProperty(named: name) }
    static func otherKind(named name: String, in type: StructuredType) -> Bool { type.structuralProperty(named: name) != nil }
    func removal(into type: StructuredType) -> MetadataComparison.Removal { .navigation(self, into: type) }
}
