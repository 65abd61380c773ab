/// A navigation property; for V2/V3 resolved through its Association to a target type and multiplicity.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class NavigationProperty: CsdlElement, @unchecked Sendable {
    var _type: TypeReference
    /// The target type (V4 `Type`; V2/V3 derived from the association end).
    public package(set) var type: TypeReference {
        get { _type }
        set { _type = newValue }
    }
    var _nullable: Bool?
    /// `Nullable` (V4, to a single entity): whether it may lead to no entity; nil when not written.
    public package(set) var nullable: Bool? {
        get { _nullable }
        set { _nullable = newValue }
    }
    var _partner: String?
    /// `Partner`: the navigation property of the target type that leads back (V4).
    public package(set) var partner: String? {
        get { _partner }
        set { _partner = newValue }
    }
    var _containsTarget: Bool = false
    /// `ContainsTarget`: the target entities are contained in the source (V4 containment).
    public package(set) var containsTarget: Bool {
        get { _containsTarget }
        set { _containsTarget = newValue }
    }
    var _referentialConstraints: [ReferentialConstraint] = []
    /// `ReferentialConstraint`s: which of this type's properties hold the target's key values.
    public package(set) var referentialConstraints: [ReferentialConstraint] {
        get { _referentialConstraints }
        set { _referentialConstraints = newValue }
        _modify { var v = _referentialConstraints; _referentialConstraints = []; defer { _referentialConstraints = v }; yield &v }
    }
    var _onDelete: String?
    /// `OnDelete Action` (V4) or the association end's OnDelete (V2/V3).
    public package(set) var onDelete: String? {
        get { _onDelete }
        set { _onDelete = newValue }
    }
    var _relationship: String?
    /// V2/V3: the association, and the roles this navigation goes from and to.
    public package(set) var relationship: String? {
        get { _relationship }
        set { _relationship = newValue }
    }
    var _fromRole: String?
    /// V2/V3: the association role this navigation starts from.
    public package(set) var fromRole: String? {
        get { _fromRole }
        set { _fromRole = newValue }
    }
    var _toRole: String?
    /// V2/V3: the association role it leads to.
    public package(set) var toRole: String? {
        get { _toRole }
        set { _toRole = newValue }
    }
    var _multiplicity: String?
    /// V2/V3 multiplicity of the target end (`1`, `0..1`, `*`).
    public package(set) var multiplicity: String? {
        get { _multiplicity }
        set { _multiplicity = newValue }
    }
    private var _declaringType = BackReference<StructuredType>(nil)
    /// The entity or complex type that declares it.
    public internal(set) var declaringType: StructuredType? {
        get { _declaringType.element }
        set { _declaringType = BackReference(newValue) }
    }
    /// The entity type it leads to, once resolved.
    private var _target = BackReference<EntityType>(nil)
    /// The entity type it leads to, once resolved.
    public internal(set) var target: EntityType? {
        get { _target.element }
        set { _target = BackReference(newValue) }
    }

    /// A navigation property of this name and target type, read at `location`.
    public init(name: String, type: TypeReference, location: SourceLocation = .unknown) {
        _type = type
        super.init(name: name, location: location)
    }

    /// True when it leads to a collection of entities.
    public var isCollection: Bool { type.isCollection }
    /// True when it may lead to no entity (a collection never is null; a single one unless `Nullable="false"`).
    public var isNullable: Bool { nullable ?? true }
    /// `NS.Type/Name`, for messages.
    public var path: String { "\(declaringType?.qualifiedName ?? "?")/\(name)" }
}

/// A referential constraint: a dependent property and the principal property it refers to.
public struct ReferentialConstraint: Hashable, Sendable {
    /// The dependent property, of the type declaring the navigation property.
    public var property: String
    /// The principal property it refers to, of the target type.
    public var referencedProperty: String
    /// A constraint between a dependent and a principal property.
    public init(property: String, referencedProperty: String) {
        self.property = property; self.referencedProperty = referencedProperty
    }
}
