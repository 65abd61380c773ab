/// A reference to a type as written in metadata (`Edm.String`, `NS.Customer`, `Collection(NS.Address)`),
/// with the qualified name it resolves to once the document is loaded.
public struct TypeReference: Hashable, Sendable, CustomStringConvertible {
    /// The element type's name as written (alias not yet replaced).
    public var nameAsWritten: String
    /// The element type's name with any alias replaced by its namespace.
    public var qualifiedName: String
    public var isCollection: Bool

    public init(_ written: String) {
        var t = written
        // Trim only when needed: this runs for every property of multi-megabyte documents.
        if let f = t.utf8.first, let l = t.utf8.last, f == 0x20 || l == 0x20 || f == 0x09 || l == 0x09 || f == 0x0A || l == 0x0A {
            t = written.trimmingWhitespace()
        }
        // Compared as bytes: `hasPrefix` on strings compares characters, which costs far more.
        if t.utf8.count > 12, t.utf8.last == UInt8(ascii: ")"), t.utf8.starts(with: "Collection(".utf8) {
            let u = t.utf8
            nameAsWritten = String(t[u.index(u.startIndex, offsetBy: 11)..<u.index(before: u.endIndex)])
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
        if let i = qualifiedName.lastIndex(ofByte: UInt8(ascii: ".")) { return String(qualifiedName[qualifiedName.index(after: i)...]) }
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
