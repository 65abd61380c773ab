/// An element that is a direct child of a schema and so has a qualified name.
open class SchemaElement: CsdlElement {
    public let namespace: String
    /// `Namespace.Name`; kept, not computed: look-ups and messages ask for it again and again.
    public let qualifiedName: String
    /// What the weak references to this element (from its members, derived types, sets) point at.
    let anchor = ElementAnchor()

    public init(name: String, namespace: String, location: SourceLocation = .unknown) {
        self.namespace = namespace
        qualifiedName = SchemaElement.join(namespace, name)
        super.init(name: name, location: location)
        anchor.element = self
    }

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

/// Stands in for a schema element in weak references to it: a property's declaring type, a derived type's base
/// type, a navigation target, an entity set's container and type. A weak reference gives the object it points at a
/// side table, after which every retain and release of that object takes the runtime's slow path; types are
/// retained and released a great many times while a document is read and resolved, anchors hardly ever. An anchor
/// lives exactly as long as its element (which alone holds it strongly), so a weak reference to the anchor reads
/// nil once the element is gone, like a weak reference to the element would.
final class ElementAnchor {
    unowned(unsafe) var element: SchemaElement?
    init() {}
}

/// A weak reference to a schema element, through its anchor.
struct WeakElement<T: SchemaElement> {
    private weak var anchor: ElementAnchor?
    init(_ element: T?) { anchor = element?.anchor }
    var element: T? {
        // The anchor's element is certainly a T: only `init` sets the anchor.
        guard let e = anchor?.element else { return nil }
        return unsafeDowncast(e, to: T.self)
    }
}
