import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    /// Calls a function: a V4 function import or bound function (`boundTo` an entity), or a V2 function import with
    /// its HTTP method. Parameters are checked against the metadata; text given for a non-string parameter is read
    /// as a value of the parameter's type. The result holds entities or values.
    public func executeFunction(_ name: String, parameters: [(name: String, value: DataValue)] = [],
                                boundTo entity: EntityValue? = nil) async throws -> QueryResult {
        try await executeOperation(name, kind: .function, parameters: parameters, boundTo: entity)
    }

    /// The blocking form of `executeFunction(_:parameters:boundTo:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func executeFunction(_ name: String, parameters: [(name: String, value: DataValue)] = [],
                                boundTo entity: EntityValue? = nil) throws -> QueryResult {
        try BlockingBridge.wait { try await executeOperation(name, kind: .function, parameters: parameters, boundTo: entity) }
    }

    /// The blocking form of `executeAction(_:parameters:boundTo:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func executeAction(_ name: String, parameters: [(name: String, value: DataValue)] = [],
                              boundTo entity: EntityValue? = nil) throws -> QueryResult {
        try BlockingBridge.wait { try await executeOperation(name, kind: .action, parameters: parameters, boundTo: entity) }
    }

    /// Calls an action: a V4 action import or bound action (`boundTo` an entity), parameters in a JSON body;
    /// in V2 the same as `executeFunction` (function imports say their own method).
    public func executeAction(_ name: String, parameters: [(name: String, value: DataValue)] = [],
                              boundTo entity: EntityValue? = nil) async throws -> QueryResult {
        try await executeOperation(name, kind: .action, parameters: parameters, boundTo: entity)
    }

    private func executeOperation(_ name: String, kind: ODataModel.Operation.Kind, parameters: [(name: String, value: DataValue)],
                                  boundTo entity: EntityValue?) async throws -> QueryResult {
        // The call as a typed request: the URL writer spells it (V2 parameters in the query, V4 in the path or the
        // body), the body writer writes an action's parameters.
        if !version.isV4 {
            guard let fi = metadata.functionImport(withName: name) else {
                throw DataServiceError(.invalidArgument("the service has no function import \(name)"))
            }
            let values = try typed(parameters, fi.parameters, skipping: nil, operation: name)
            let method = HTTPMethod(rawValue: (fi.httpMethod ?? "GET").uppercased()) ?? .get
            let query = DataQuery().function(name, parameters: try literals(values))
            var request = try serviceRequest(for: DataRequest(.function(method: method), query: query), ifMatch: nil)
            request.target = fi.returnType.flatMap { operationTarget($0.type, setName: fi.entitySet) }
            return try await QueryResult.read(request, service: self)
        }
        let operation: ODataModel.Operation
        var query: DataQuery
        if let entity {
            let candidates = metadata.operations(named: name).filter {
                $0.kind == kind && $0.isBound && $0.parameters.first.flatMap { metadata.structuredType(withName: $0.type.qualifiedName) }
                    .map { entity.entityType.isSubtype(of: $0) } == true
            }
            guard let op = candidates.first else {
                throw DataServiceError(.invalidArgument("no bound \(kind.rawValue.lowercased()) \(name) for \(entity.entityType.name)"))
            }
            operation = op
            query = try path(of: entity)
        } else if kind == .function, let fi = metadata.functionImport(withName: name), let op = fi.resolvedFunctions.first {
            operation = op
            query = DataQuery()
        } else if kind == .action, let ai = metadata.actionImport(withName: name), let op = ai.resolvedActions.first {
            operation = op
            query = DataQuery()
        } else {
            throw DataServiceError(.invalidArgument("the service has no \(kind == .function ? "function" : "action") import \(name)"))
        }
        let values = try typed(parameters, operation.parameters, skipping: operation.bindingParameter, operation: name)
        let request: DataRequest
        switch (kind, entity) {
        case (.function, nil):
            query = query.function(name, parameters: try literals(values))
            request = DataRequest(.function(method: .get), query: query)
        case (.function, _?):
            query.path.append(.boundFunction(operation.qualifiedName, parameters: try literals(values)))
            request = DataRequest(.function(method: .get), query: query)
        case (.action, nil):
            request = .action(query.action(name), parameters: values)
        case (.action, _?):
            query.path.append(.boundAction(operation.qualifiedName))
            request = .action(query, parameters: values)
        }
        var r = try serviceRequest(for: request, ifMatch: nil)
        r.target = operation.returnType.flatMap { operationTarget($0.type, setName: nil) }
        return try await QueryResult.read(r, service: self)
    }

    /// Parameter values as the literals a URL writes.
    private func literals(_ values: [(name: String, value: DataValue)]) throws -> [(name: String, value: QueryLiteral)] {
        try values.map { (name: $0.name, value: try $0.value.queryLiteral(for: version)) }
    }

    /// The parameters in the metadata's order and types; unknown names and missing non-nullable ones are errors.
    private func typed(_ given: [(name: String, value: DataValue)], _ declared: [Parameter], skipping binding: Parameter?,
                       operation: String) throws -> [(name: String, value: DataValue)] {
        let declared = declared.filter { $0 !== binding }
        for g in given where !declared.contains(where: { $0.name == g.name }) {
            throw DataServiceError(.invalidArgument("\(operation) has no parameter \(g.name); it has \(declared.map(\.name).joined(separator: ", "))"))
        }
        var out: [(name: String, value: DataValue)] = []
        for p in declared {
            guard let g = given.first(where: { $0.name == p.name }) else {
                if !p.isNullable { throw DataServiceError(.invalidArgument("\(operation): parameter \(p.name) (\(p.type)) is required")) }
                continue
            }
            var value = g.value
            if case .string(let text) = value, let prim = p.resolvedType.underlyingPrimitive ?? p.type.primitive, prim != .string {
                guard let v = QueryLiteral.parse(text, as: prim).flatMap({ try? DataValue($0) }) else {
                    throw DataServiceError(.invalidArgument("\(operation): \(text) is not a value of \(p.name) (\(p.type))"))
                }
                value = v
            }
            out.append((p.name, value))
        }
        return out
    }
}
