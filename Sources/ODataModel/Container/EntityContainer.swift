/// An entity container: entity sets, singletons, action and function imports, V2/V3 association sets.
public final class EntityContainer: SchemaElement, @unchecked Sendable {
    public var extends: String?
    /// V2/V3 `m:IsDefaultEntityContainer`.
    public var isDefault = false
    public internal(set) var entitySets: [EntitySet] = []
    public internal(set) var singletons: [Singleton] = []
    public internal(set) var functionImports: [FunctionImport] = []
    public internal(set) var actionImports: [ActionImport] = []
    public internal(set) var associationSets: [AssociationSet] = []

    public func add(_ s: EntitySet) { s.container = self; entitySets.append(s) }
    public func add(_ s: Singleton) { s.container = self; singletons.append(s) }
    public func add(_ f: FunctionImport) { f.container = self; functionImports.append(f) }
    public func add(_ a: ActionImport) { a.container = self; actionImports.append(a) }
    public func add(_ a: AssociationSet) { associationSets.append(a) }
}

/// What entity sets and singletons share: a type and navigation property bindings.
open class ContainerElement: CsdlElement, @unchecked Sendable {
    public var type: TypeReference
    /// `NavigationPropertyBinding`: navigation path to target set (V4; derived from association sets for V2/V3).
    public var navigationPropertyBindings: [(path: String, target: String)] = []
    private var _container = BackReference<EntityContainer>(nil)
    public internal(set) var container: EntityContainer? {
        get { _container.element }
        set { _container = BackReference(newValue) }
    }
    private var _entityTypeIfResolved = BackReference<EntityType>(nil)
    public internal(set) var entityTypeIfResolved: EntityType? {
        get { _entityTypeIfResolved.element }
        set { _entityTypeIfResolved = BackReference(newValue) }
    }

    public init(name: String, type: TypeReference, location: SourceLocation = .unknown) {
        self.type = type
        super.init(name: name, location: location)
    }

    /// The entity type; throws a clear error when it did not resolve.
    public func requireEntityType() throws -> EntityType {
        try checkUsable(self is Singleton ? "singleton" : "entity set")
        guard let t = entityTypeIfResolved else {
            throw ModelLookupError(name: name, message: "\(name): its type \(type.qualifiedName) is not defined in the metadata")
        }
        return t
    }

    /// The target entity set name for a navigation path, from the bindings.
    public func bindingTarget(for path: String) -> String? {
        navigationPropertyBindings.first { $0.path == path }?.target
    }
}

/// An entity set (SAP's `EntitySet`).
public final class EntitySet: ContainerElement, @unchecked Sendable {
    public var includeInServiceDocument = true
    /// SAP's `entityType`. Broken references resolve to a placeholder only in lenient mode; use `requireEntityType()` to get a clear error.
    public var entityType: EntityType { entityTypeIfResolved ?? EntityType(name: type.simpleName, namespace: "") }
}

/// A singleton (V4).
public final class Singleton: ContainerElement, @unchecked Sendable {
    public var entityType: EntityType { entityTypeIfResolved ?? EntityType(name: type.simpleName, namespace: "") }
}

/// A function import: V4 (`Function`, `EntitySet`) or V2/V3 (HTTP method, return type, parameters).
public final class FunctionImport: CsdlElement, @unchecked Sendable {
    /// V4: the qualified function it imports.
    public var function: String?
    public var entitySet: String?
    public var includeInServiceDocument = false
    /// V2/V3: `m:HttpMethod`.
    public var httpMethod: String?
    public var returnType: ReturnType?
    public var parameters: [Parameter] = []
    /// V3: IsSideEffecting / IsBindable / IsComposable.
    public var isSideEffecting: Bool?
    public var isBindable: Bool?
    public var isComposable: Bool?
    private var _container = BackReference<EntityContainer>(nil)
    public internal(set) var container: EntityContainer? {
        get { _container.element }
        set { _container = BackReference(newValue) }
    }
    /// V4: the overloads of the imported function, once resolved.
    public internal(set) var resolvedFunctions: [Operation] = []
}

/// An action import (V4).
public final class ActionImport: CsdlElement, @unchecked Sendable {
    public var action: String
    public var entitySet: String?
    private var _container = BackReference<EntityContainer>(nil)
    public internal(set) var container: EntityContainer? {
        get { _container.element }
        set { _container = BackReference(newValue) }
    }
    public internal(set) var resolvedActions: [Operation] = []
    public init(name: String, action: String, location: SourceLocation = .unknown) {
        self.action = action
        super.init(name: name, location: location)
    }
}
