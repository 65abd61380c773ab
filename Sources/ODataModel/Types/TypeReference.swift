/// A reference to a type as written in metadata (`Edm.String`, `NS.Customer`, `Collection(NS.Address)`),
/// with the qualified name it resolves to once the document is loaded.
public struct TypeReference: Hashable, Sendable, CustomStringConvertible {
    /// The element type's name as written (alias not yet replaced).
    public var nameAsWritten: String
    /// The element type's name with any alias replaced by its namespace.
    public var qualifiedName: String
    /// True for `Collection(...)`.
    public var isCollection: Bool

    /// Reads a type as written in CSDL: `Edm.String`, `NS.Customer`, `Collection(NS.Address)`.
    public init(_ written: String) {
        var t = written
        // Trim only when needed: this runs for every property of multi-megabyte documents. Both checks read the
        // contiguous UTF-8 (`utf8.first`, `.last` and `starts(with:)` each go through the generic view).
        @inline(__always) func blank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A }
        if written.withUTF8Bytes({ b in b.count > 0 && (blank(b[0]) || blank(b[b.count - 1])) }) {
            t = written.trimmingWhitespace()
        }
        // Compared as bytes: `hasPrefix` on strings compares characters, which costs far more.
        let collection = t.withUTF8Bytes { b in
            // Byte by byte: `elementsEqual` against a string's `utf8` goes through generic code.
            guard b.count > 12, b[b.count - 1] == UInt8(ascii: ")") else { return false }
            let prefix: StaticString = "Collection("
            for i in 0..<11 where b[i] != prefix.utf8Start[i] { return false }
            return true
        }
        if collection {
            let u = t.utf8
            nameAsWritten = String(t[u.index(u.startIndex, offsetBy: 11)..<u.index(before: u.endIndex)])
            isCollection = true
        } else {
            nameAsWritten = t
            isCollection = false
        }
        qualifiedName = nameAsWritten
    }

    /// A reference to a named type, or to a collection of it.
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
    /// The type as CSDL writes it, with the qualified name: `Collection(NS.Address)`.
    public var description: String { isCollection ? "Collection(\(qualifiedName))" : qualifiedName }
}

/// What a type reference resolves to in a loaded document.
public enum ResolvedType {
    /// A primitive type.
    case primitive(PrimitiveType)
    /// An entity type.
    case entity(EntityType)
    /// A complex type.
    case complex(ComplexType)
    /// An enumeration type.
    case enumeration(EnumType)
    /// A type definition.
    case typeDefinition(TypeDefinition)
    /// A name that names no type of the document.
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
