/// A navigation property; for V2/V3 resolved through its Association to a target type and multiplicity.
public final class NavigationProperty: CsdlElement, @unchecked Sendable {
    /// The target type (V4 `Type`; V2/V3 derived from the association end).
    public var type: TypeReference
    public var nullable: Bool?
    public var partner: String?
    public var containsTarget = false
    public var referentialConstraints: [ReferentialConstraint] = []
    /// `OnDelete Action` (V4) or the association end's OnDelete (V2/V3).
    public var onDelete: String?
    /// V2/V3: the association, and the roles this navigation goes from and to.
    public var relationship: String?
    public var fromRole: String?
    public var toRole: String?
    /// V2/V3 multiplicity of the target end (`1`, `0..1`, `*`).
    public var multiplicity: String?
    private var _declaringType = BackReference<StructuredType>(nil)
    public internal(set) var declaringType: StructuredType? {
        get { _declaringType.element }
        set { _declaringType = BackReference(newValue) }
    }
    /// The entity type it leads to, once resolved.
    private var _target = BackReference<EntityType>(nil)
    public internal(set) var target: EntityType? {
        get { _target.element }
        set { _target = BackReference(newValue) }
    }

    public init(name: String, type: TypeReference, location: SourceLocation = .unknown) {
        self.type = type
        super.init(name: name, location: location)
    }

    public var isCollection: Bool { type.isCollection }
    public var isNullable: Bool { nullable ?? true }
    public var path: String { "\(declaringType?.qualifiedName ?? "?")/\(name)" }
}

/// A referential constraint: a dependent property and the principal property it refers to.
public struct ReferentialConstraint: Hashable, Sendable {
    public var property: String
    public var referencedProperty: String
    public init(property: String, referencedProperty: String) {
        self.property = property; self.referencedProperty = referencedProperty
    }
}
