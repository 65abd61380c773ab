/// A V4 action or function (one overload).
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class Operation: SchemaElement, @unchecked Sendable {
    /// Whether an operation is an action or a function.
    public enum Kind: String, Sendable {
        /// An action: may change data; invoked with POST, parameters in the body.
        case action = "Action"
        /// A function: changes nothing; invoked with GET, parameters in the URL.
        case function = "Function"
    }
    /// Whether it is an action or a function.
    public let kind: Kind
    var _isBound: Bool = false
    /// `IsBound`: the first parameter binds it to an entity, a collection or another type it is invoked on.
    public package(set) var isBound: Bool {
        get { _isBound }
        set { _isBound = newValue }
    }
    var _isComposable: Bool = false
    /// `IsComposable` (functions): further path segments and query options may follow a call.
    public package(set) var isComposable: Bool {
        get { _isComposable }
        set { _isComposable = newValue }
    }
    var _entitySetPath: String?
    /// `EntitySetPath`: where the returned entities belong, relative to the binding parameter.
    public package(set) var entitySetPath: String? {
        get { _entitySetPath }
        set { _entitySetPath = newValue }
    }
    var _parameters: [Parameter] = []
    /// The parameters, in order (the binding parameter first when bound).
    public package(set) var parameters: [Parameter] {
        get { _parameters }
        set { _parameters = newValue }
        _modify { var v = _parameters; _parameters = []; defer { _parameters = v }; yield &v }
    }
    var _returnType: ReturnType?
    /// The result; nil for an action that returns nothing.
    public package(set) var returnType: ReturnType? {
        get { _returnType }
        set { _returnType = newValue }
    }

    /// An action or function of this name in `namespace`, read at `location`.
    public init(kind: Kind, name: String, namespace: String, location: SourceLocation = .unknown) {
        self.kind = kind
        super.init(name: name, namespace: namespace, location: location)
    }

    /// The binding parameter (the first one) of a bound operation.
    public var bindingParameter: Parameter? { isBound ? parameters.first : nil }
    /// A signature that tells overloads apart: `NS.Name(NS.Type,Edm.String)`.
    public var signature: String {
        "\(qualifiedName)(\(parameters.map { $0.type.description }.joined(separator: ",")))"
    }
    /// A parameter by name.
    public func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }
}

/// A parameter of an action, function or V2/V3 function import.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class Parameter: CsdlElement, @unchecked Sendable {
    var _type: TypeReference
    /// The parameter's type as written (`Edm.String`, `Collection(NS.Item)`).
    public package(set) var type: TypeReference {
        get { _type }
        set { _type = newValue }
    }
    var _facets: Facets = Facets()
    /// The parameter's facets (`Nullable`, `MaxLength`, ...).
    public package(set) var facets: Facets {
        get { _facets }
        set { _facets = newValue }
    }
    var _mode: String?
    /// V2/V3 `Mode` (In, Out, InOut).
    public package(set) var mode: String? {
        get { _mode }
        set { _mode = newValue }
    }
    var _resolvedType: ResolvedType = .unresolved("")
    /// The parameter's type, once the model is resolved.
    public internal(set) var resolvedType: ResolvedType {
        get { _resolvedType }
        set { _resolvedType = newValue }
    }
    /// A parameter of this name and type, read at `location`.
    public init(name: String, type: TypeReference, location: SourceLocation = .unknown) {
        _type = type
        super.init(name: name, location: location)
    }
    /// True unless `Nullable="false"`.
    public var isNullable: Bool { facets.nullable ?? true }
}

/// The return type of an action, function or function import.
public struct ReturnType: Sendable {
    /// The result type as written.
    public var type: TypeReference
    /// The result's facets (`Nullable`, `MaxLength`, ...).
    public var facets = Facets()
    /// A result of this type, without facets.
    public init(type: TypeReference) { self.type = type }
    /// True unless `Nullable="false"`.
    public var isNullable: Bool { facets.nullable ?? true }
}
