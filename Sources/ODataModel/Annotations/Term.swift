/// A vocabulary term.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class Term: SchemaElement, @unchecked Sendable {
    var _type: TypeReference
    /// The term's type: what its annotations' values must be.
    public package(set) var type: TypeReference {
        get { _type }
        set { _type = newValue }
    }
    var _facets: Facets = Facets()
    /// The term's facets (`Nullable`, `MaxLength`, ...).
    public package(set) var facets: Facets {
        get { _facets }
        set { _facets = newValue }
    }
    var _baseTerm: String?
    /// `BaseTerm`: an annotation of this term also applies the base term.
    public package(set) var baseTerm: String? {
        get { _baseTerm }
        set { _baseTerm = newValue }
    }
    var _appliesTo: [String] = []
    /// `AppliesTo`: the kinds of element the term may annotate (`EntitySet`, `Property`, ...); empty for any.
    public package(set) var appliesTo: [String] {
        get { _appliesTo }
        set { _appliesTo = newValue }
        _modify { var v = _appliesTo; _appliesTo = []; defer { _appliesTo = v }; yield &v }
    }
    /// A term of this name and type in `namespace`, read at `location`.
    public init(name: String, namespace: String, type: TypeReference, location: SourceLocation = .unknown) {
        _type = type
        super.init(name: name, namespace: namespace, location: location)
    }
}

/// An `Annotations Target=...` block as written; its annotations are also attached to the element they target.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class AnnotationsBlock: CsdlElement, @unchecked Sendable {
    var _target: String
    /// The target path as written (`NS.Customer/CompanyName`, aliases not yet replaced).
    public package(set) var target: String {
        get { _target }
        set { _target = newValue }
    }
    var _qualifier: String?
    /// The qualifier every annotation of the block takes, when the block has one.
    public package(set) var qualifier: String? {
        get { _qualifier }
        set { _qualifier = newValue }
    }
    var _resolvedTarget: String
    /// The target with aliases replaced by namespaces.
    public package(set) var resolvedTarget: String {
        get { _resolvedTarget }
        set { _resolvedTarget = newValue }
    }
    /// A block for a target path, with an optional qualifier, read at `location`.
    public init(target: String, qualifier: String?, location: SourceLocation = .unknown) {
        _target = target; _qualifier = qualifier; _resolvedTarget = target
        super.init(name: target, location: location)
    }
}
