import ODataModel
import ODataQuery

/// SAP Gateway V2 analytical services aggregate implicitly: a `$select` of properties annotated
/// `sap:aggregation-role="dimension"` and `"measure"` answers one row per combination of the dimensions, each
/// measure aggregated by the service's own default (a sum, as a rule) and named after itself. `group by` of dimensions
/// with `sum(measure)` becomes that `$select`; what it cannot say is refused, naming why.
extension AggregationBinder {
    mutating func bindSAPAnalytical(_ o: AST.Options, to result: Result, _ ctx: ExpressionTyper.Context,
                                    _ support: AggregationSupport) throws -> Result {
        var r = result
        let a = o.aggregation
        let type = support.type
        let apply = "needs $apply (OData V4): an SAP analytical V2 service aggregates only a $select of dimensions and measures"
        if let h = a.having { throw LanguageError(.unsupported, "having \(apply)", at: h.range) }
        if let rk = a.ranking { throw LanguageError(.unsupported, "\(rk.top ? "top" : "bottom") N by \(apply)", at: rk.range) }
        if let s = o.select.first {
            throw LanguageError(.syntax, "select has nothing to add here: the group by dimensions and the aggregated measures are what is selected", at: s.range)
        }
        var select: [PropertyPath] = []
        for item in a.groupBy {
            let expr = AST.Expr(kind: .path(item.path), range: item.range)
            let (e, t) = try typer.bindPath(item.path, expr, ctx, expected: nil)
            guard case .property(let path) = e, item.path.count == 1, !t.isCollection, t.structured == nil,
                  let p = type.structuralProperty(named: path.description) else {
                throw LanguageError(.unsupported, "an SAP analytical V2 service groups by properties of \(type.name) itself", at: item.range)
            }
            if p.sap["aggregation-role"] != "dimension" {
                warnings.append("\(p.name) is not marked sap:aggregation-role=\"dimension\": the service may not group by it")
            }
            select.append(path)
        }
        for item in a.aggregate {
            guard let method = item.method, let names = item.path else {
                throw LanguageError(.unsupported, "\(item.method?.text ?? item.path?.first?.text ?? "this aggregate") \(apply)", at: item.range)
            }
            guard method.text.lowercased() == "sum" else {
                throw LanguageError(.unsupported, "an SAP analytical V2 service aggregates a measure by its own default (a sum, as a rule): "
                                    + "write sum(\(names.map(\.text).joined(separator: "/"))); \(method.text) \(apply)", at: method.range)
            }
            guard names.count == 1, let p = type.structuralProperty(named: names[0].text) else {
                if names.count == 1 { throw unknownProperty(names[0], in: type) }
                throw LanguageError(.unsupported, "an SAP analytical V2 service aggregates properties of \(type.name) itself", at: item.range)
            }
            if let alias = item.alias, alias.text != p.name {
                throw LanguageError(.unsupported, "an SAP analytical V2 service names an aggregated measure after itself: "
                                    + "write sum(\(p.name)) or sum(\(p.name)) as \(p.name)", at: alias.range)
            }
            if p.sap["aggregation-role"] != "measure" {
                warnings.append("\(p.name) is not marked sap:aggregation-role=\"measure\": the service returns it as a dimension, not aggregated")
            }
            select.append(PropertyPath([p.name]))
        }
        r.aggregated = true
        r.groupPaths = select
        r.query = r.query.select(select)
        return r
    }
}
