/// A V2/V3 association: two ends with types and multiplicities, and an optional referential constraint.
public final class Association: SchemaElement, @unchecked Sendable {
    public struct End: Hashable, Sendable {
        public var role: String
        public var type: TypeReference
        public var multiplicity: String
        public var onDelete: String?
    }
    public var ends: [End] = []
    public var principalRole: String?
    public var dependentRole: String?
    public var constraints: [ReferentialConstraint] = []

    public func end(role: String) -> End? { ends.first { $0.role == role } }
}

/// A V2/V3 association set: which entity sets play an association's roles.
public final class AssociationSet: CsdlElement, @unchecked Sendable {
    public var association: String
    public var ends: [(role: String, entitySet: String)] = []
    public init(name: String, association: String, location: SourceLocation = .unknown) {
        self.association = association
        super.init(name: name, location: location)
    }
}
