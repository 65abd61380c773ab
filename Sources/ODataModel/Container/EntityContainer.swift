/// An entity container: entity sets, singletons, action and function imports, V2/V3 association sets.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class EntityContainer: SchemaElement, @unchecked Sendable {
    var _extends: String?
    /// The qualified name of the container this one extends (V4 `Extends`): its elements are this one's too.
    public package(set) var extends: String? {
        get { _extends }
        set { _extends = newValue }
    }
    var _isDefault: Bool = false
    /// V2/V3 `m:IsDefaultEntityContainer`.
    public package(set) var isDefault: Bool {
        get { _isDefault }
        set { _isDefault = newValue }
    }
    var _entitySets: [EntitySet] = []
    /// The entity sets, in document order.
    public internal(set) var entitySets: [EntitySet] {
        get { _entitySets }
        set { _entitySets = newValue }
        _modify { var v = _entitySets; _entitySets = []; defer { _entitySets = v }; yield &v }
    }
    var _singletons: [Singleton] = []
    /// The singletons (V4), in document order.
    public internal(set) var singletons: [Singleton] {
        get { _singletons }
        set { _singletons = newValue }
        _modify { var v = _singletons; _singletons = []; defer { _singletons = v }; yield &v }
    }
    var _functionImports: [FunctionImport] = []
    /// The function imports, in document order.
    public internal(set) var functionImports: [FunctionImport] {
        get { _functionImports }
        set { _functionImports = newValue }
        _modify { var v = _functionImports; _functionImports = []; defer { _functionImports = v }; yield &v }
    }
    var _actionImports: [ActionImport] = []
    /// The action imports (V4), in document order.
    public internal(set) var actionImports: [ActionImport] {
        get { _actionImports }
        set { _actionImports = newValue }
        _modify { var v = _actionImports; _actionImports = []; defer { _actionImports = v }; yield &v }
    }
    var _associationSets: [AssociationSet] = []
    /// The V2/V3 association sets, in document order (the readers turn them into navigation property bindings).
    public internal(set) var associationSets: [AssociationSet] {
        get { _associationSets }
        set { _associationSets = newValue }
        _modify { var v = _associationSets; _associationSets = []; defer { _associationSets = v }; yield &v }
    }

    /// Adds an entity set, making this its container.
    package func add(_ s: EntitySet) { s.container = self; entitySets.append(s) }
    /// Adds a singleton, making this its container.
    package func add(_ s: Singleton) { s.container = self; singletons.append(s) }
    /// Adds a function import, making this its container.
    package func add(_ f: FunctionImport) { f.container = self; functionImports.append(f) }
    /// Adds an action import, making this its container.
    package func add(_ a: ActionImport) { a.container = self; actionImports.append(a) }
    /// Adds a V2/V3 association set.
    package func add(_ a: AssociationSet) { associationSets.append(a) }
}

/// What entity sets and singletons share: a type and navigation property bindings.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public class ContainerElement: CsdlElement, @unchecked Sendable {
    var _type: TypeReference
    /// The entity type as written (`NS.Customer`); `entityTypeIfResolved` is the type itself.
    public package(set) var type: TypeReference {
        get { _type }
        set { _type = newValue }
    }
    var _navigationPropertyBindings: [(path: String, target: String)] = []
    /// `NavigationPropertyBinding`: navigation path to target set (V4; derived from association sets for V2/V3).
    public package(set) var navigationPropertyBindings: [(path: String, target: String)] {
        get { _navigationPropertyBindings }
        set { _navigationPropertyBindings = newValue }
        _modify { var v = _navigationPropertyBindings; _navigationPropertyBindings = []; defer { _navigationPropertyBindings = v }; yield &v }
    }
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
        _type = type
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
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class EntitySet: ContainerElement, @unchecked Sendable {
    var _includeInServiceDocument: Bool = true
    /// Whether the service document lists it (V4 `IncludeInServiceDocument`, default true).
    public package(set) var includeInServiceDocument: Bool {
        get { _includeInServiceDocument }
        set { _includeInServiceDocument = newValue }
    }
    /// SAP's `entityType`. Broken references resolve to a placeholder only in lenient mode; use `requireEntityType()` to get a clear error.
    public var entityType: EntityType { entityTypeIfResolved ?? EntityType(name: type.simpleName, namespace: "") }
}

/// A singleton (V4).
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class Singleton: ContainerElement, @unchecked Sendable {
    /// The entity type of the singleton; a placeholder when it did not resolve (`requireEntityType()` says why).
    public var entityType: EntityType { entityTypeIfResolved ?? EntityType(name: type.simpleName, namespace: "") }
}

/// A function import: V4 (`Function`, `EntitySet`) or V2/V3 (HTTP method, return type, parameters).
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class FunctionImport: CsdlElement, @unchecked Sendable {
    var _function: String?
    /// V4: the qualified function it imports.
    public package(set) var function: String? {
        get { _function }
        set { _function = newValue }
    }
    var _entitySet: String?
    /// `EntitySet`: the entity set the function's entities belong to.
    public package(set) var entitySet: String? {
        get { _entitySet }
        set { _entitySet = newValue }
    }
    var _includeInServiceDocument: Bool = false
    /// Whether the service document lists it (V4 `IncludeInServiceDocument`, default false).
    public package(set) var includeInServiceDocument: Bool {
        get { _includeInServiceDocument }
        set { _includeInServiceDocument = newValue }
    }
    var _httpMethod: String?
    /// V2/V3: `m:HttpMethod`.
    public package(set) var httpMethod: String? {
        get { _httpMethod }
        set { _httpMethod = newValue }
    }
    var _returnType: ReturnType?
    /// The result (V2/V3 `ReturnType`); nil in V4, where `resolvedFunctions` carry it.
    public package(set) var returnType: ReturnType? {
        get { _returnType }
        set { _returnType = newValue }
    }
    var _parameters: [Parameter] = []
    /// The parameters (V2/V3); empty in V4, where `resolvedFunctions` carry them.
    public package(set) var parameters: [Parameter] {
        get { _parameters }
        set { _parameters = newValue }
        _modify { var v = _parameters; _parameters = []; defer { _parameters = v }; yield &v }
    }
    var _isSideEffecting: Bool?
    /// V3: IsSideEffecting / IsBindable / IsComposable.
    public package(set) var isSideEffecting: Bool? {
        get { _isSideEffecting }
        set { _isSideEffecting = newValue }
    }
    var _isBindable: Bool?
    /// V3 `IsBindable`: the function may be bound to its first parameter.
    public package(set) var isBindable: Bool? {
        get { _isBindable }
        set { _isBindable = newValue }
    }
    var _isComposable: Bool?
    /// V3 `IsComposable`: further path segments and options may follow a call.
    public package(set) var isComposable: Bool? {
        get { _isComposable }
        set { _isComposable = newValue }
    }
    private var _container = BackReference<EntityContainer>(nil)
    /// The entity container it belongs to.
    public internal(set) var container: EntityContainer? {
        get { _container.element }
        set { _container = BackReference(newValue) }
    }
    var _resolvedFunctions: [Operation] = []
    /// V4: the overloads of the imported function, once resolved.
    public internal(set) var resolvedFunctions: [Operation] {
        get { _resolvedFunctions }
        set { _resolvedFunctions = newValue }
        _modify { var v = _resolvedFunctions; _resolvedFunctions = []; defer { _resolvedFunctions = v }; yield &v }
    }
}

/// An action import (V4).
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class ActionImport: CsdlElement, @unchecked Sendable {
    var _action: String
    /// The qualified name of the action it imports.
    public package(set) var action: String {
        get { _action }
        set { _action = newValue }
    }
    var _entitySet: String?
    /// The entity set the action's resulting entities belong to.
    public package(set) var entitySet: String? {
        get { _entitySet }
        set { _entitySet = newValue }
    }
    private var _container = BackReference<EntityContainer>(nil)
    /// The entity container it belongs to.
    public internal(set) var container: EntityContainer? {
        get { _container.element }
        set { _container = BackReference(newValue) }
    }
    var _resolvedActions: [Operation] = []
    /// The overloads of the imported action, once resolved.
    public internal(set) var resolvedActions: [Operation] {
        get { _resolvedActions }
        set { _resolvedActions = newValue }
        _modify { var v = _resolvedActions; _resolvedActions = []; defer { _resolvedActions = v }; yield &v }
    }
    /// An action import of this name for a qualified action name, read at `location`.
    public init(name: String, action: String, location: SourceLocation = .unknown) {
        _action = action
        super.init(name: name, location: location)
    }
}
