import ODataModel

/// `.functions`: what a service lets you call: imports (with their HTTP method in V2), actions and functions.
struct FunctionListing {
    let doc: CsdlDocument

    /// The listing; on a terminal (`width`) fitted to it, long parameter lists and types cut, else whole.
    func text(width: Int?) -> String {
        var t = TextTable(headers: ["NAME", "KIND", "PARAMETERS", "RETURNS"])
        t.flexible = [2, 3]
        for f in doc.functionImports {
            let params = f.parameters.isEmpty ? (f.resolvedFunctions.first.map { Self.params($0) } ?? "") : f.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            let returns = f.returnType?.type.description ?? f.resolvedFunctions.first?.returnType?.type.description ?? ""
            t.add([f.name, f.httpMethod.map { "function import (\($0))" } ?? "function import", params, returns])
        }
        for a in doc.actionImports {
            t.add([a.name, "action import", a.resolvedActions.first.map { Self.params($0) } ?? "", a.resolvedActions.first?.returnType?.type.description ?? ""])
        }
        for o in doc.actions + doc.functions where o.isBound {
            t.add([o.qualifiedName, "bound \(o.kind.rawValue.lowercased()) on \(o.bindingParameter?.type.description ?? "?")", Self.params(o),
                   o.returnType?.type.description ?? ""])
        }
        let total = doc.functionImports.count + doc.actionImports.count + (doc.actions + doc.functions).filter(\.isBound).count
        return total == 0 ? "no functions or actions\n" : t.render(width: width)
    }

    static func params(_ o: Operation) -> String {
        o.parameters.dropFirst(o.isBound ? 1 : 0).map { "\($0.name): \($0.type)" }.joined(separator: ", ")
    }
}
