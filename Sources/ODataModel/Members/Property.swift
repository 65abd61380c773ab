/// A structural property of an entity or complex type (SAP's `Property`).
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class Property: CsdlElement, @unchecked Sendable {
    var _type: TypeReference
    /// The property's type as written (`Edm.String`, `NS.Address`, `Collection(Edm.String)`).
    public package(set) var type: TypeReference {
        get { _type }
        set { _type = newValue }
    }
    var _facets: Facets
    /// The property's facets (`Nullable`, `MaxLength`, `Precision`, `Scale`, ...).
    public package(set) var facets: Facets {
        get { _facets }
        set { _facets = newValue }
    }
    var _concurrencyMode: String?
    /// `ConcurrencyMode="Fixed"` (V2/V3): the property takes part in the ETag.
    public package(set) var concurrencyMode: String? {
        get { _concurrencyMode }
        set { _concurrencyMode = newValue }
    }
    /// The type it is declared on (set when it is added to one).
    private var _declaringType = BackReference<StructuredType>(nil)
    /// The entity or complex type that declares it (set when it is added to one).
    public internal(set) var declaringType: StructuredType? {
        get { _declaringType.element }
        set { _declaringType = BackReference(newValue) }
    }
    var _resolvedType: ResolvedType = .unresolved("")
    /// What `type` resolves to in the loaded document.
    public internal(set) var resolvedType: ResolvedType {
        get { _resolvedType }
        set { _resolvedType = newValue }
    }

    /// A property of this name, type and facets, read at `location`.
    public init(name: String, type: TypeReference, facets: Facets = Facets(), location: SourceLocation = .unknown) {
        _type = type; _facets = facets
        super.init(name: name, location: location)
    }

    /// True unless `Nullable="false"`.
    public var isNullable: Bool { facets.nullable ?? true }
    /// True for a collection of values (`Collection(...)`, V3 and V4).
    public var isCollection: Bool { type.isCollection }
    /// The primitive type of the property or of its elements (through type definitions and enums).
    public var primitiveType: PrimitiveType? { resolvedType.underlyingPrimitive ?? type.primitive }
    /// True when it is part of its entity type's key.
    public var isKey: Bool { (declaringType as? EntityType)?.allKeyNames.contains(name) ?? false }
    /// `Type.Name`, for messages.
    public var path: String { "\(declaringType?.qualifiedName ?? "?")/\(name)" }
    /// The type with its facets, as a column in describe output shows it (`Edm.String(40)`).
    public var typeDescription: String {
        let base = type.qualifiedName + facets.shortForm(for: type.primitive)
        return type.isCollection ? "Collection(\(base))" : base
    }
}
