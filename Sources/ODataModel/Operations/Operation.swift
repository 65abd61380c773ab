/// A V4 action or function (one overload).
public final class Operation: SchemaElement, @unchecked Sendable {
    public enum Kind: String, Sendable { case action = "Action", function = "Function" }
    public let kind: Kind
    public var isBound = false
    public var isComposable = false
    public var entitySetPath: String?
    public var parameters: [Parameter] = []
    public var returnType: ReturnType?

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
    public func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }
}

/// A parameter of an action, function or V2/V3 function import.
public final class Parameter: CsdlElement, @unchecked Sendable {
    public var type: TypeReference
    public var facets = Facets()
    /// V2/V3 `Mode` (In, Out, InOut).
    public var mode: String?
    public internal(set) var resolvedType: ResolvedType = .unresolved("")
    public init(name: String, type: TypeReference, location: SourceLocation = .unknown) {
        self.type = type
        super.init(name: name, location: location)
    }
    public var isNullable: Bool { facets.nullable ?? true }
}

/// The return type of an action, function or function import.
public struct ReturnType: Sendable {
    public var type: TypeReference
    public var facets = Facets()
    public init(type: TypeReference) { self.type = type }
    public var isNullable: Bool { facets.nullable ?? true }
}
