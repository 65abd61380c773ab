/// An entity container: entity sets, singletons, action and function imports, V2/V3 association sets.
// @unchecked: immutable once loaded, as CsdlElement says.
public final class EntityContainer: SchemaElement, @unchecked Sendable {
    /// The qualified name of the container this one extends (V4 `Extends`): its elements are this one's too.
    public var extends: String?
    /// V2/V3 `m:IsDefaultEntityContainer`.
    public var isDefault = false
    /// The entity sets, in document order.
    public internal(set) var entitySets: [EntitySet] = []
    /// The singletons (V4), in document order.
    public internal(set) var singletons: [Singleton] = []
    /// The function imports, in document order.
    public internal(set) var functionImports: [FunctionImport] = []
    /// The action imports (V4), in document order.
    public internal(set) var actionImports: [ActionImport] = []
    /// The V2/V3 association sets, in document order (the readers turn them into navigation property bindings).
    public internal(set) var associationSets: [AssociationSet] = []

    /// Adds an entity set, making this its container.
    public func add(_ s: EntitySet) { s.container = self; entitySets.append(s) }
    /// Adds a singleton, making this its container.
    public func add(_ s: Singleton) { s.container = self; singletons.append(s) }
    /// Adds a function import, making this its container.
    public func add(_ f: FunctionImport) { f.container = self; functionImports.append(f) }
    /// Adds an action import, making this its container.
    public func add(_ a: ActionImport) { a.container = self; actionImports.append(a) }
    /// Adds a V2/V3 association set.
    public func add(_ a: AssociationSet) { associationSets.append(a) }
}

/// What entity sets and singletons share: a type and navigation property bindings.
// @unchecked: immutable once loaded, as CsdlElement says.
open class ContainerElement: CsdlElement, @unchecked Sendable {
    /// The entity type as written (`NS.Customer`); `entityTypeIfResolved` is the type itself.
    public var type: TypeReference
    /// `NavigationPropertyBinding`: navigation path to target set (V4; derived from association sets for V2/V3).
    public var navigationPropertyBindings: [(path: String, target: String)] = []
    private var _container = BackReference<EntityContainer>(nil)
    /// The entity container it belongs to.
    public internal(set) var container: EntityContainer? {
        get { _container.element }
        set { _container = BackReference(newValue) }
    }
    private var _entityTypeIfResolved = BackReference<EntityType>(nil)
    /// The entity type, once the model is resolved; nil when the name refers to no entity type.
    public internal(set) var entityTypeIfResolved: EntityType? {
        get { _entityTypeIfResolved.element }
        set { _entityTypeIfResolved = BackReference(newValue) }
    }

    /// An element of this name and entity type, read at `location`.
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
// @unchecked: immutable once loaded, as CsdlElement says.
public final class EntitySet: ContainerElement, @unchecked Sendable {
    /// Whether the service document lists it (V4 `IncludeInServiceDocument`, default true).
    public var includeInServiceDocument = true
    /// SAP's `entityType`. Broken references resolve to a placeholder only in lenient mode; use `requireEntityType()` to get a clear error.
    public var entityType: EntityType { entityTypeIfResolved ?? EntityType(name: type.simpleName, namespace: "") }
}

/// A singleton (V4).
// @unchecked: immutable once loaded, as CsdlElement says.
public final class Singleton: ContainerElement, @unchecked Sendable {
    /// The entity type of the singleton; a placeholder when it did not resolve (`requireEntityType()` says why).
    public var entityType: EntityType { entityTypeIfResolved ?? EntityType(name: type.simpleName, namespace: "") }
}

/// A function import: V4 (`Function`, `EntitySet`) or V2/V3 (HTTP method, return type, parameters).
// @unchecked: immutable once loaded, as CsdlElement says.
public final class FunctionImport: CsdlElement, @unchecked Sendable {
    /// V4: the qualified function it imports.
    public var function: String?
    /// `EntitySet`: the entity set the function's entities belong to.
    public var entitySet: String?
    /// Whether the service document lists it (V4 `IncludeInServiceDocument`, default false).
    public var includeInServiceDocument = false
    /// V2/V3: `m:HttpMethod`.
    public var httpMethod: String?
    /// The result (V2/V3 `ReturnType`); nil in V4, where `resolvedFunctions` carry it.
    public var returnType: ReturnType?
    /// The parameters (V2/V3); empty in V4, where `resolvedFunctions` carry them.
    public var parameters: [Parameter] = []
    /// V3: IsSideEffecting / IsBindable / IsComposable.
    public var isSideEffecting: Bool?
    /// V3 `IsBindable`: the function may be bound to its first parameter.
    public var isBindable: Bool?
    /// V3 `IsComposable`: further path segments and options may follow a call.
    public var isComposable: Bool?
    private var _container = BackReference<EntityContainer>(nil)
    /// The entity container it belongs to.
    public internal(set) var container: EntityContainer? {
        get { _container.element }
        set { _container = BackReference(newValue) }
    }
    /// V4: the overloads of the imported function, once resolved.
    public internal(set) var resolvedFunctions: [Operation] = []
}

/// An action import (V4).
// @unchecked: immutable once loaded, as CsdlElement says.
public final class ActionImport: CsdlElement, @unchecked Sendable {
    /// The qualified name of the action it imports.
    public var action: String
    /// The entity set the action's resulting entities belong to.
    public var entitySet: String?
    private var _container = BackReference<EntityContainer>(nil)
    /// The entity container it belongs to.
    public internal(set) var container: EntityContainer? {
        get { _container.element }
        set { _container = BackReference(newValue) }
    }
    /// The overloads of the imported action, once resolved.
    public internal(set) var resolvedActions: [Operation] = []
    /// An action import of this name for a qualified action name, read at `location`.
    public init(name: String, action: String, location: SourceLocation = .unknown) {
        self.action = action
        super.init(name: name, location: location)
    }
}
