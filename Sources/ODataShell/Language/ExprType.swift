import ODataModel

/// The type of a bound expression, as far as the binder knows it.
struct ExprType {
    var primitive: PrimitiveType?
    var enumType: EnumType?
    var structured: StructuredType?
    var isCollection = false
    /// Where it came from, for messages: `Freight (Edm.Decimal)`.
    var origin: String?

    static var boolean: ExprType { ExprType(primitive: .boolean) }
    static var unknown: ExprType { ExprType() }
    static func of(_ p: PrimitiveType?) -> ExprType { ExprType(primitive: p) }

    /// The type of a property.
    static func of(_ p: Property) -> ExprType {
        var t = ExprType()
        switch p.resolvedType {
        case .enumeration(let e): t.enumType = e
        case .complex(let c): t.structured = c
        case .entity(let e): t.structured = e
        default: t.primitive = p.primitiveType
        }
        t.isCollection = p.isCollection
        t.origin = "\(p.name) (\(p.type.description))"
        return t
    }

    var name: String {
        if let e = enumType { return e.qualifiedName }
        if let p = primitive { return p.rawValue }
        if let s = structured { return s.qualifiedName }
        return "unknown"
    }
    var isKnown: Bool { primitive != nil || enumType != nil || structured != nil }
}
