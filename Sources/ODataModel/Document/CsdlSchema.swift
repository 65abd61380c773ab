/// One `Schema`: a namespace (with an optional alias) and the elements declared in it.
public final class CsdlSchema: CsdlElement, @unchecked Sendable {
    public var namespace: String { name }
    public var alias: String?
    public internal(set) var entityTypes: [EntityType] = []
    public internal(set) var complexTypes: [ComplexType] = []
    public internal(set) var enumTypes: [EnumType] = []
    public internal(set) var typeDefinitions: [TypeDefinition] = []
    public internal(set) var associations: [Association] = []
    public internal(set) var entityContainers: [EntityContainer] = []
    public internal(set) var actions: [Operation] = []
    public internal(set) var functions: [Operation] = []
    public internal(set) var terms: [Term] = []
    public internal(set) var annotationsBlocks: [AnnotationsBlock] = []

    public init(namespace: String, alias: String?, location: SourceLocation = .unknown) {
        self.alias = alias
        super.init(name: namespace, location: location)
    }

    public func add(_ t: EntityType) { entityTypes.append(t) }
    public func add(_ t: ComplexType) { complexTypes.append(t) }
    public func add(_ t: EnumType) { enumTypes.append(t) }
    public func add(_ t: TypeDefinition) { typeDefinitions.append(t) }
    public func add(_ a: Association) { associations.append(a) }
    public func add(_ c: EntityContainer) { entityContainers.append(c) }
    public func add(_ o: Operation) { if o.kind == .action { actions.append(o) } else { functions.append(o) } }
    public func add(_ t: Term) { terms.append(t) }
    public func add(_ b: AnnotationsBlock) { annotationsBlocks.append(b) }
}

/// An `edmx:Reference` with its includes.
public struct CsdlReference: Sendable, Hashable {
    public struct Include: Sendable, Hashable {
        public var namespace: String
        public var alias: String?
    }
    public struct IncludeAnnotations: Sendable, Hashable {
        public var termNamespace: String
        public var qualifier: String?
        public var targetNamespace: String?
    }
    public var uri: String
    public var includes: [Include] = []
    public var includeAnnotations: [IncludeAnnotations] = []
    public init(uri: String) { self.uri = uri }
}
