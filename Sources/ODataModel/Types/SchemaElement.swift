/// An element that is a direct child of a schema and so has a qualified name.
open class SchemaElement: CsdlElement {
    public let namespace: String
    public init(name: String, namespace: String, location: SourceLocation = .unknown) {
        self.namespace = namespace
        super.init(name: name, location: location)
    }
    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }
}
