/// An element that is a direct child of a schema and so has a qualified name.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public class SchemaElement: CsdlElement, @unchecked Sendable {
    /// The namespace of the schema it is declared in.
    public let namespace: String
    /// `Namespace.Name`; kept, not computed: look-ups and messages ask for it again and again.
    public let qualifiedName: String
    /// What the back references to this element (from its members, derived types, sets) point at.
    let anchor = ElementAnchor()

    /// An element of this name in `namespace`, read at `location`.
    public init(name: String, namespace: String, location: SourceLocation = .unknown) {
        self.namespace = namespace
        qualifiedName = SchemaElement.join(namespace, name)
        super.init(name: name, location: location)
        anchor.element = self
    }

    deinit { anchor.element = nil }

    /// `namespace.name`, made in one allocation (two `+` grow the string twice: thousands of elements per document).
    static func join(_ namespace: String, _ name: String) -> String {
        let n = namespace.utf8.count
        let m = name.utf8.count
        return String(unsafeUninitializedCapacity: n + 1 + m) { out in
            namespace.withUTF8Bytes { _ = out.initialize(from: $0) }
            out[n] = UInt8(ascii: ".")
            name.withUTF8Bytes { _ = UnsafeMutableBufferPointer(rebasing: out[(n + 1)...]).initialize(from: $0) }
            return n + 1 + m
        }
    }
}

/// Stands in for a schema element in back references to it: a property's declaring type, a derived type's base
/// type, a navigation target, an entity set's container and type. Those hold the anchor strongly and read the
/// element through it: the element clears it when it goes, so a back reference reads nil from then on, as a weak
/// reference would, and never a dangling object. (Weak references give the object a side table, and each one made
/// or read goes through the runtime's slow path: see docs/performance.md.)
final class ElementAnchor {
    unowned var element: SchemaElement?
    init() {}
}

/// A back reference to a schema element, through its anchor (nil once the element is gone).
struct BackReference<T: SchemaElement> {
    private var anchor: ElementAnchor?
    init(_ element: T?) { anchor = element?.anchor }
    var element: T? {
        // The anchor's element is certainly a T: only `init` sets the anchor.
        guard let e = anchor?.element else { return nil }
        return unsafeDowncast(e, to: T.self)
    }
}
