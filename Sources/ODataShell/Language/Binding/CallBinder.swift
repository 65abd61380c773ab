import ODataClient
import ODataModel
import ODataQuery

/// Binds `call`: function and action imports with their arguments, and actions bound to an entity or a collection.
struct CallBinder: BinderPart {
    let document: CsdlDocument
    /// What the service may refuse (from the clauses after a function), in the order found.
    var warnings: [String] = []

    /// `call Products(1)/NS.Discount(pct=5)`: a bound action (POST, the arguments in the body); nil for a bound
    /// function, which the binder reads like any path.
    mutating func bindBoundCall(_ path: AST.ResourcePath) throws -> BoundStatement? {
        guard let last = path.segments.last, last.name.text.contains(".") else {
            throw LanguageError(.syntax, "call ends in a bound action or function, as in call Products(1)/NS.Action(p=1)", at: path.range)
        }
        let target = try resolver.resolve(AST.ResourcePath(segments: Array(path.segments.dropLast())))
        guard let type = target.entityType, target.endsInProperty == nil else {
            throw LanguageError(.syntax, "\(last.name.text) needs an entity or a collection to be bound to", at: last.name.range)
        }
        let actions = document.operations(named: last.name.text).filter { op in
            guard op.kind == .action, op.isBound, let binding = op.bindingParameter, binding.type.isCollection == target.isCollection,
                  let bound = document.structuredType(withName: binding.type.qualifiedName) else { return false }
            return type.isSubtype(of: bound)
        }
        guard let action = actions.first else {
            // Not an action: a bound function, read like any path.
            return nil
        }
        if let k = last.key, k.values.contains(where: { $0.name == nil }) {
            throw LanguageError(.syntax, "name every parameter of \(last.name.text), as in (p=1)", at: k.range)
        }
        let values = try argumentBinder.operationArguments(action.parameters.dropFirst(), (last.key?.values ?? []).map { ($0.name!, $0.value) },
                                            operation: last.name)
        var q = target.query
        q.path.append(.boundAction(action.qualifiedName))
        let parameters = try values.map { (name: $0.name, value: try $0.data ?? converter.dataValue($0.literal, at: last.name.range)) }
        return BoundStatement(request: .action(q, parameters: parameters), query: nil, warnings: warnings)
    }

    /// `call Import(p=1)`: a function import (its clauses narrowing a collection of entities) or an action import.
    mutating func bindCall(_ n: AST.Name, _ arguments: [(name: AST.Name, value: AST.Expr)],
                           _ options: AST.Options = AST.Options()) throws -> BoundStatement {
        var parameters: [Parameter] = []
        var method = "GET"
        var isAction = false
        var returnType: ReturnType?
        var returnSet: String?
        if let fi = document.functionImport(withName: n.text) {
            if version.isV4 {
                parameters = fi.resolvedFunctions.first?.parameters ?? []
                returnType = fi.resolvedFunctions.first?.returnType
            } else {
                parameters = fi.parameters
                method = fi.httpMethod?.uppercased() ?? "GET"
                returnType = fi.returnType
            }
            returnSet = fi.entitySet
        } else if let ai = document.actionImport(withName: n.text) {
            parameters = ai.resolvedActions.first?.parameters ?? []
            method = "POST"
            isAction = true
        } else {
            let names = document.functionImports.map(\.name) + document.actionImports.map(\.name)
            throw LanguageError(.unknownName, "no function or action import named \(n.text)", at: n.range,
                                suggestions: NameSuggester.closest(to: n.text, in: names))
        }
        let values = try argumentBinder.operationArguments(parameters[...], arguments, operation: n)
        if isAction && !options.isEmpty {
            throw LanguageError(.syntax, "clauses follow a function that returns a collection of entities; \(n.text) does not",
                                at: n.range)
        }
        if isAction {
            let parameters = try values.map { (name: $0.name, value: try $0.data ?? converter.dataValue($0.literal, at: n.range)) }
            return BoundStatement(request: .action(DataQuery().action(n.text), parameters: parameters), query: nil, warnings: warnings)
        }
        var q = DataQuery().function(n.text, parameters: values.map { ($0.name, $0.literal) })
        if !options.isEmpty {
            // Clauses narrow a function's collection of entities, as they do an entity set.
            guard let rt = returnType, rt.type.isCollection, case .entity(let t) = document.resolveType(rt.type.qualifiedName) else {
                throw LanguageError(.syntax, "clauses follow a function that returns a collection of entities; \(n.text) does not",
                                    at: n.range)
            }
            q.entityType = t
            var clauses = QueryOptionBinder(document: document)
            q = try clauses.applyOptions(options, to: q, type: t, set: returnSet.flatMap { try? document.entitySet(withName: $0) }, nested: false)
            warnings += clauses.warnings
        }
        let request = method == "GET" ? DataRequest.query(q) : DataRequest(.function(method: HTTPMethod(rawValue: method) ?? .post), query: q)
        return BoundStatement(request: request, query: q, warnings: warnings, columnOrder: options.isEmpty ? nil : ColumnOrder.of(options, q))
    }
}
