/// An element that is a direct child of a schema and so has a qualified name.
open class SchemaElement: CsdlElement {
    public let namespace: String
    /// `Namespace.Name`; kept, not computed: look-ups and messages ask for it again and again.
    public let qualifiedName: String
    public init(name: String, namespace: String, location: SourceLocation = .unknown) {
        self.namespace = namespace
        qualifiedName = namespace + "." + name
        super.init(name: name, location: location)
    }
}
