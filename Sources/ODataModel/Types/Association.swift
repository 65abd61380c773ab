/// A V2/V3 association: two ends with types and multiplicities, and an optional referential constraint.
// @unchecked: immutable once loaded, as CsdlElement says.
public final class Association: SchemaElement, @unchecked Sendable {
    /// One end of an association: a role played by an entity type, with a multiplicity.
    public struct End: Hashable, Sendable {
        /// The role's name, which navigation properties refer to (`FromRole`, `ToRole`).
        public var role: String
        /// The entity type at this end.
        public var type: TypeReference
        /// How many entities may be at this end: `1`, `0..1` or `*`.
        public var multiplicity: String
        /// `OnDelete Action` at this end (`Cascade`), when given.
        public var onDelete: String?
    }
    /// The two ends.
    public var ends: [End] = []
    /// The principal role of the referential constraint, when there is one.
    public var principalRole: String?
    /// The dependent role of the referential constraint.
    public var dependentRole: String?
    /// The referential constraint's property pairs (dependent to principal).
    public var constraints: [ReferentialConstraint] = []

    /// The end playing a role, nil when there is none.
    public func end(role: String) -> End? { ends.first { $0.role == role } }
}

/// A V2/V3 association set: which entity sets play an association's roles.
// @unchecked: immutable once loaded, as CsdlElement says.
public final class AssociationSet: CsdlElement, @unchecked Sendable {
    /// The qualified name of the association whose roles the sets play.
    public var association: String
    /// Which entity set plays each role.
    public var ends: [(role: String, entitySet: String)] = []
    /// An association set of this name for a qualified association name, read at `location`.
    public init(name: String, association: String, location: SourceLocation = .unknown) {
        self.association = association
        super.init(name: name, location: location)
    }
}
