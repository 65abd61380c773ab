/// A vocabulary term.
// @unchecked: immutable once loaded, as CsdlElement says.
public final class Term: SchemaElement, @unchecked Sendable {
    /// The term's type: what its annotations' values must be.
    public var type: TypeReference
    /// The term's facets (`Nullable`, `MaxLength`, ...).
    public var facets = Facets()
    /// `BaseTerm`: an annotation of this term also applies the base term.
    public var baseTerm: String?
    /// `AppliesTo`: the kinds of element the term may annotate (`EntitySet`, `Property`, ...); empty for any.
    public var appliesTo: [String] = []
    /// A term of this name and type in `namespace`, read at `location`.
    public init(name: String, namespace: String, type: TypeReference, location: SourceLocation = .unknown) {
        self.type = type
        super.init(name: name, namespace: namespace, location: location)
    }
}

/// An `Annotations Target=...` block as written; its annotations are also attached to the element they target.
// @unchecked: immutable once loaded, as CsdlElement says.
public final class AnnotationsBlock: CsdlElement, @unchecked Sendable {
    /// The target path as written (`NS.Customer/CompanyName`, aliases not yet replaced).
    public var target: String
    /// The qualifier every annotation of the block takes, when the block has one.
    public var qualifier: String?
    /// The target with aliases replaced by namespaces.
    public var resolvedTarget: String
    /// A block for a target path, with an optional qualifier, read at `location`.
    public init(target: String, qualifier: String?, location: SourceLocation = .unknown) {
        self.target = target; self.qualifier = qualifier; self.resolvedTarget = target
        super.init(name: target, location: location)
    }
}
