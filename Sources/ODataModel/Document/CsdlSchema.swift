/// One `Schema`: a namespace (with an optional alias) and the elements declared in it.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class CsdlSchema: CsdlElement, @unchecked Sendable {
    /// The schema's namespace (`Namespace`), which qualifies the names of its elements.
    public var namespace: String { name }
    var _alias: String?
    /// The schema's alias (`Alias`), which may stand for the namespace in qualified names.
    public package(set) var alias: String? {
        get { _alias }
        set { _alias = newValue }
    }
    var _entityTypes: [EntityType] = []
    /// The entity types declared in the schema.
    public internal(set) var entityTypes: [EntityType] {
        get { _entityTypes }
        set { _entityTypes = newValue }
        _modify { var v = _entityTypes; _entityTypes = []; defer { _entityTypes = v }; yield &v }
    }
    var _complexTypes: [ComplexType] = []
    /// The complex types declared in the schema.
    public internal(set) var complexTypes: [ComplexType] {
        get { _complexTypes }
        set { _complexTypes = newValue }
        _modify { var v = _complexTypes; _complexTypes = []; defer { _complexTypes = v }; yield &v }
    }
    var _enumTypes: [EnumType] = []
    /// The enumeration types declared in the schema.
    public internal(set) var enumTypes: [EnumType] {
        get { _enumTypes }
        set { _enumTypes = newValue }
        _modify { var v = _enumTypes; _enumTypes = []; defer { _enumTypes = v }; yield &v }
    }
    var _typeDefinitions: [TypeDefinition] = []
    /// The type definitions declared in the schema.
    public internal(set) var typeDefinitions: [TypeDefinition] {
        get { _typeDefinitions }
        set { _typeDefinitions = newValue }
        _modify { var v = _typeDefinitions; _typeDefinitions = []; defer { _typeDefinitions = v }; yield &v }
    }
    var _associations: [Association] = []
    /// The V2/V3 associations declared in the schema.
    public internal(set) var associations: [Association] {
        get { _associations }
        set { _associations = newValue }
        _modify { var v = _associations; _associations = []; defer { _associations = v }; yield &v }
    }
    var _entityContainers: [EntityContainer] = []
    /// The entity containers declared in the schema.
    public internal(set) var entityContainers: [EntityContainer] {
        get { _entityContainers }
        set { _entityContainers = newValue }
        _modify { var v = _entityContainers; _entityContainers = []; defer { _entityContainers = v }; yield &v }
    }
    var _actions: [Operation] = []
    /// The actions (V4; each overload apart).
    public internal(set) var actions: [Operation] {
        get { _actions }
        set { _actions = newValue }
        _modify { var v = _actions; _actions = []; defer { _actions = v }; yield &v }
    }
    var _functions: [Operation] = []
    /// The functions (V4; each overload apart).
    public internal(set) var functions: [Operation] {
        get { _functions }
        set { _functions = newValue }
        _modify { var v = _functions; _functions = []; defer { _functions = v }; yield &v }
    }
    var _terms: [Term] = []
    /// The vocabulary terms declared in the schema.
    public internal(set) var terms: [Term] {
        get { _terms }
        set { _terms = newValue }
        _modify { var v = _terms; _terms = []; defer { _terms = v }; yield &v }
    }
    var _annotationsBlocks: [AnnotationsBlock] = []
    /// The `Annotations` blocks: annotations that target elements from outside them.
    public internal(set) var annotationsBlocks: [AnnotationsBlock] {
        get { _annotationsBlocks }
        set { _annotationsBlocks = newValue }
        _modify { var v = _annotationsBlocks; _annotationsBlocks = []; defer { _annotationsBlocks = v }; yield &v }
    }

    /// A schema with this namespace and alias, read at `location`.
    public init(namespace: String, alias: String?, location: SourceLocation = .unknown) {
        _alias = alias
        super.init(name: namespace, location: location)
    }

    /// Adds an entity type.
    package func add(_ t: EntityType) { entityTypes.append(t) }
    /// Adds a complex type.
    package func add(_ t: ComplexType) { complexTypes.append(t) }
    /// Adds an enumeration type.
    package func add(_ t: EnumType) { enumTypes.append(t) }
    /// Adds a type definition.
    package func add(_ t: TypeDefinition) { typeDefinitions.append(t) }
    /// Adds a V2/V3 association.
    package func add(_ a: Association) { associations.append(a) }
    /// Adds an entity container.
    package func add(_ c: EntityContainer) { entityContainers.append(c) }
    /// Adds an action or a function, by its kind.
    package func add(_ o: Operation) { if o.kind == .action { actions.append(o) } else { functions.append(o) } }
    /// Adds a vocabulary term.
    package func add(_ t: Term) { terms.append(t) }
    /// Adds an `Annotations` block.
    package func add(_ b: AnnotationsBlock) { annotationsBlocks.append(b) }
}

/// An `edmx:Reference` with its includes.
public struct CsdlReference: Sendable, Hashable {
    /// An `edmx:Include`: a namespace of the referenced document that this one uses.
    public struct Include: Sendable, Hashable {
        /// The namespace included.
        public var namespace: String
        /// The alias it is known by in this document.
        public var alias: String?
    }
    /// An `edmx:IncludeAnnotations`: annotations of the referenced document that apply here.
    public struct IncludeAnnotations: Sendable, Hashable {
        /// The namespace of the terms whose annotations are included.
        public var termNamespace: String
        /// Only annotations with this qualifier; nil for all.
        public var qualifier: String?
        /// Only annotations that target elements of this namespace; nil for all.
        public var targetNamespace: String?
    }
    /// The referenced document's URI.
    public var uri: String
    /// The namespaces it includes.
    public var includes: [Include] = []
    /// The annotations it includes.
    public var includeAnnotations: [IncludeAnnotations] = []
    /// A reference to the document at `uri`, with no includes yet.
    public init(uri: String) { self.uri = uri }
}
