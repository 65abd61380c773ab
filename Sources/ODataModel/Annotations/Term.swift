/// A vocabulary term.
public final class Term: SchemaElement, @unchecked Sendable {
    public var type: TypeReference
    public var facets = Facets()
    public var baseTerm: String?
    public var appliesTo: [String] = []
    public init(name: String, namespace: String, type: TypeReference, location: SourceLocation = .unknown) {
        self.type = type
        super.init(name: name, namespace: namespace, location: location)
    }
}

/// An `Annotations Target=...` block as written; its annotations are also attached to the element they target.
public final class AnnotationsBlock: CsdlElement, @unchecked Sendable {
    public var target: String
    public var qualifier: String?
    /// The target with aliases replaced by namespaces.
    public var resolvedTarget: String
    public init(target: String, qualifier: String?, location: SourceLocation = .unknown) {
        self.target = target; self.qualifier = qualifier; self.resolvedTarget = target
        super.init(name: target, location: location)
    }
}
