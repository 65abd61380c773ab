import Foundation

/// A reference to a type as written in metadata (`Edm.String`, `NS.Customer`, `Collection(NS.Address)`),
/// with the qualified name it resolves to once the document is loaded.
public struct TypeReference: Hashable, Sendable, CustomStringConvertible {
    /// The element type's name as written (alias not yet replaced).
    public var nameAsWritten: String
    /// The element type's name with any alias replaced by its namespace.
    public var qualifiedName: String
    public var isCollection: Bool

    public init(_ written: String) {
        let t = written.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("Collection("), t.hasSuffix(")") {
            nameAsWritten = String(t.dropFirst(11).dropLast())
            isCollection = true
        } else {
            nameAsWritten = t
            isCollection = false
        }
        qualifiedName = nameAsWritten
    }

    public init(name: String, isCollection: Bool) {
        nameAsWritten = name; qualifiedName = name; self.isCollection = isCollection
    }

    /// The primitive type, when this names one.
    public var primitive: PrimitiveType? { PrimitiveType.named(qualifiedName) }
    /// The simple name: the part after the last dot.
    public var simpleName: String {
        if let i = qualifiedName.lastIndex(of: ".") { return String(qualifiedName[qualifiedName.index(after: i)...]) }
        return qualifiedName
    }
    public var description: String { isCollection ? "Collection(\(qualifiedName))" : qualifiedName }
}

/// What a type reference resolves to in a loaded document.
public enum ResolvedType {
    case primitive(PrimitiveType)
    case entity(EntityType)
    case complex(ComplexType)
    case enumeration(EnumType)
    case typeDefinition(TypeDefinition)
    case unresolved(String)

    /// The primitive type underneath (through a type definition or an enum's underlying type).
    public var underlyingPrimitive: PrimitiveType? {
        switch self {
        case .primitive(let p): return p
        case .typeDefinition(let t): return t.underlyingType.primitive
        case .enumeration(let e): return e.underlyingType
        default: return nil
        }
    }
}
