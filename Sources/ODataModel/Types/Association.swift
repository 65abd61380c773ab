/// A V2/V3 association: two ends with types and multiplicities, and an optional referential constraint.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
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
    var _ends: [End] = []
    /// The two ends.
    public package(set) var ends: [End] {
        get { _ends }
        set { _ends = newValue }
        _modify { var v = _ends; _ends = []; defer { _ends = v }; yield &v }
    }
    var _principalRole: String?
    /// The principal role of the referential constraint, when there is one.
    public package(set) var principalRole: String? {
        get { _principalRole }
        set { _principalRole = newValue }
    }
    var _dependentRole: String?
    /// The dependent role of the referential constraint.
    public package(set) var dependentRole: String? {
        get { _dependentRole }
        set { _dependentRole = newValue }
    }
    var _constraints: [ReferentialConstraint] = []
    /// The referential constraint's property pairs (dependent to principal).
    public package(set) var constraints: [ReferentialConstraint] {
        get { _constraints }
        set { _constraints = newValue }
        _modify { var v = _constraints; _constraints = []; defer { _constraints = v }; yield &v }
    }

    /// The end playing a role, nil when there is none.
    public func end(role: String) -> End? { ends.first { $0.role == role } }
}

/// A V2/V3 association set: which entity sets play an association's roles.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class AssociationSet: CsdlElement, @unchecked Sendable {
    var _association: String
    /// The qualified name of the association whose roles the sets play.
    public package(set) var association: String {
        get { _association }
        set { _association = newValue }
    }
    var _ends: [(role: String, entitySet: String)] = []
    /// Which entity set plays each role.
    public package(set) var ends: [(role: String, entitySet: String)] {
        get { _ends }
        set { _ends = newValue }
        _modify { var v = _ends; _ends = []; defer { _ends = v }; yield &v }
    }
    /// An association set of this name for a qualified association name, read at `location`.
    public init(name: String, association: String, location: SourceLocation = .unknown) {
        _association = association
        super.init(name: name, location: location)
    }
}
