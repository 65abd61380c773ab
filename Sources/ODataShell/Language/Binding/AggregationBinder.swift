import ODataModel
import ODataQuery

/// Binds the clauses of aggregation (group by, aggregate, having, compute, top|bottom N by) into `$apply` steps or
/// `$compute` items, typing every alias: a sum of Edm.Decimal is decimal, a count an integer. Refused with the
/// reason: an aggregate a property's type cannot take, a group by a collection, an alias that clashes with a
/// property or another alias. What the service says it cannot do (`Aggregation.ApplySupported`) is a warning.
struct AggregationBinder: BinderPart {
    let document: CsdlDocument
    /// What the service may refuse, in the order found.
    var warnings: [String] = []

    /// The statement bound: the query with its steps, the aliases (each with its type) that later clauses may name,
    /// the group by paths, and whether the rows are aggregated rows.
    struct Result {
        var query: DataQuery
        var aliases: [String: ExprType] = [:]
        /// Alias names in the order given.
        var aliasOrder: [String] = []
        var groupPaths: [PropertyPath] = []
        var aggregated = false
    }

    /// `o`'s aggregation applied to `query` (which addresses `type` in `set`); `where` and `search` go into `$apply`
    /// before the grouping when the statement aggregates.
    mutating func bind(_ o: AST.Options, to query: DataQuery, type: EntityType, set: EntitySet?) throws -> Result {
        let a = o.aggregation
        var r = Result(query: query)
        let support = AggregationSupport(document: document, set: set, type: type)
        var ctx = ExpressionTyper.Context(type: type, variables: [:])
        let computed = try a.compute.map { item -> ComputeItem in
            let (e, t) = try typer.bindExpr(item.expr, ctx, expected: nil)
            if t.structured != nil || t.isCollection {
                throw LanguageError(.typeMismatch, "compute needs a single value; this is \(t.origin ?? t.name)", at: item.expr.range)
            }
            try addAlias(item.alias, t, to: &r, type: type)
            ctx.variables = r.aliases
            return ComputeItem(e, as: item.alias.text, resultType: t.primitive)
        }
        let ranks = a.ranking != nil
        guard a.aggregates || ranks else {
            if let h = a.having { throw LanguageError(.syntax, "having filters aggregated rows: it needs group by or aggregate (use where)", at: h.range) }
            guard version.isV4 else { throw unsupported("compute ($compute)", at: a.compute[0].expr.range) }
            r.query.computeItems += computed
            return r
        }
        guard version.isV4 else {
            guard support.isSAPAnalytical, a.aggregates else { throw refusalOnV2(a, support) }
            return try bindSAPAnalytical(o, to: r, ctx, support)
        }
        var steps: [Transformation] = []
        var used: [(String, SourceRange)] = []
        if let s = o.search { steps.append(.search(s.text)); used.append(("search", s.range)) }
        if !computed.isEmpty { steps.append(.compute(computed)); used.append(("compute", a.compute[0].expr.range)) }
        if let f = o.filter {
            let (e, t) = try typer.bindExpr(f, ctx, expected: .boolean)
            try typer.requireBoolean(t, f, "where")
            warnings += capabilities.filterWarnings(f, type: type, set: set)
            steps.append(.filter(e)); used.append(("filter", f.range))
        }
        if a.aggregates {
            r.aggregated = true
            r.groupPaths = try a.groupBy.map { try groupPath($0, ctx, support) }
            let items = try a.aggregate.map { try aggregate($0, ctx, support, into: &r, type: type) }
            if let g = a.groupByRange {
                steps.append(.groupBy(r.groupPaths, aggregate: items)); used.append(("groupby", g))
                if !items.isEmpty { used.append(("aggregate", a.aggregateRange!)) }
            } else {
                steps.append(.aggregate(items)); used.append(("aggregate", a.aggregateRange!))
            }
            ctx.variables = r.aliases
        } else if let h = a.having {
            throw LanguageError(.syntax, "having filters aggregated rows: it needs group by or aggregate (use where)", at: h.range)
        }
        if let h = a.having {
            let (e, t) = try typer.bindExpr(h, ctx, expected: .boolean)
            try typer.requireBoolean(t, h, "having")
            steps.append(.filter(e)); used.append(("filter", h.range))
        }
        if let rk = a.ranking {
            let (n, _) = try typer.bindExpr(rk.value, ctx, expected: rk.measure == "count" ? .of(.int32) : nil)
            let (by, t) = try typer.bindExpr(rk.by, ctx, expected: nil)
            if t.isKnown, t.primitive?.isNumeric != true || t.isCollection {
                throw LanguageError(.typeMismatch, "\(rk.kind.rawValue) ranks by a number; this is \(t.origin ?? t.name)", at: rk.by.range)
            }
            steps.append(.ranking(rk.kind, n, by)); used.append((rk.kind.rawValue, rk.range))
        }
        if let supported = support.transformations {
            for (name, _) in used where !supported.contains(name) {
                warnings.append("\(set?.name ?? type.name) does not list \(name) among the transformations of Aggregation.ApplySupported: the service may refuse it")
            }
        }
        r.query = r.query.apply(steps)
        return r
    }

    /// An alias checked (no property of the type, no other alias has its name) and added with its type.
    private func addAlias(_ n: AST.Name, _ t: ExprType, to r: inout Result, type: StructuredType) throws {
        if let p = type.structuralProperty(named: n.text) {
            throw LanguageError(.syntax, "the name \(n.text) clashes with the property \(p.name) of \(type.name): choose another name", at: n.range)
        }
        if type.navigationProperty(named: n.text) != nil {
            throw LanguageError(.syntax, "the name \(n.text) clashes with the navigation property \(n.text) of \(type.name): choose another name", at: n.range)
        }
        if r.aliases[n.text] != nil { throw LanguageError(.syntax, "the name \(n.text) is given twice", at: n.range) }
        var typed = t
        typed.origin = "\(n.text) (\(t.name))"
        r.aliases[n.text] = typed
        r.aliasOrder.append(n.text)
    }

    /// A group by path: a single value, or a single-valued navigation property.
    private mutating func groupPath(_ item: AST.SelectItem, _ ctx: ExpressionTyper.Context, _ support: AggregationSupport) throws -> PropertyPath {
        let expr = AST.Expr(kind: .path(item.path), range: item.range)
        let (e, t) = try typer.bindPath(item.path, expr, ctx, expected: nil)
        guard case .property(let path) = e else { throw LanguageError(.syntax, "group by takes properties", at: item.range) }
        let text = path.description
        if t.isCollection {
            throw LanguageError(.typeMismatch, "cannot group by \(text): it is a collection; group by single values", at: item.range)
        }
        if t.structured is ComplexType {
            throw LanguageError(.typeMismatch, "cannot group by \(text): it is a structure; group by its properties, as in \(text)/...", at: item.range)
        }
        if let dims = support.analyticsDimensions, path.segments.count == 1, !dims.contains(text) {
            warnings.append("\(text) is not annotated Analytics.Dimension: the service may not group by it")
        }
        if let g = support.groupableProperties, !g.contains(text) {
            warnings.append("\(text) is not among the GroupableProperties of Aggregation.ApplySupported: the service may refuse to group by it")
        }
        return path
    }

    /// One aggregate: typed, its alias checked and added.
    private mutating func aggregate(_ item: AST.AggregateItem, _ ctx: ExpressionTyper.Context, _ support: AggregationSupport,
                                    into r: inout Result, type: EntityType) throws -> AggregateExpression {
        guard let method = item.method else {
            // A custom aggregate by name.
            let n = item.path![0]
            guard let custom = support.customAggregates.first(where: { $0.name == n.text }) else {
                if type.structuralProperty(named: n.text) != nil {
                    throw LanguageError(.syntax, "\(n.text) is a property: aggregate it with a method, as in sum(\(n.text)) as Total", at: n.range)
                }
                throw LanguageError(.unknownName, "\(n.text) is no aggregation method and no custom aggregate of \(type.name)", at: n.range,
                                    suggestions: NameSuggester.closest(to: n.text, in: Self.methodNames + support.customAggregates.map(\.name)))
            }
            let t = PrimitiveType.named(custom.type)
            if let alias = item.alias { try addAlias(alias, .of(t), to: &r, type: type) } else {
                if r.aliases[n.text] != nil { throw LanguageError(.syntax, "the name \(n.text) is given twice", at: n.range) }
                r.aliases[n.text] = ExprType(primitive: t, origin: n.text); r.aliasOrder.append(n.text)
            }
            return .custom(custom.name, as: item.alias?.text, resultType: t)
        }
        guard let alias = item.alias else {
            let shown = item.path.map { "\(method.text)(\($0.map(\.text).joined(separator: "/")))" } ?? method.text
            throw LanguageError(.syntax, "\(shown) needs a name for its result, as in \(shown) as Total", at: item.range)
        }
        guard let names = item.path else {
            try addAlias(alias, .of(.int64), to: &r, type: type)
            return .count(as: alias.text)
        }
        let m: AggregationMethod
        if let standard = AggregationMethod.named(method.text) {
            m = standard
        } else if method.text.contains(".") {
            m = .custom(method.text)
        } else {
            throw LanguageError(.unknownName, "\(method.text) is no aggregation method (sum, min, max, average, countdistinct or a qualified custom method)",
                                at: method.range, suggestions: NameSuggester.closest(to: method.text.lowercased(), in: Self.methodNames))
        }
        let expr = AST.Expr(kind: .path(names), range: names.first!.range.to(names.last!.range))
        let (e, t) = try typer.bindPath(names, expr, ctx, expected: nil)
        let what = names.map(\.text).joined(separator: "/")
        if t.isCollection || t.structured != nil {
            throw LanguageError(.typeMismatch, "cannot aggregate \(what): it is \(t.isCollection ? "a collection" : "a structure"), not a single value", at: expr.range)
        }
        if m.needsNumbers, t.isKnown, t.primitive?.isNumeric != true {
            throw LanguageError(.typeMismatch, "\(m) needs numbers; \(t.origin ?? what) is not a number", at: expr.range)
        }
        if m == .min || m == .max, let p = t.primitive, [.boolean, .binary, .stream].contains(p) || p.rawValue.hasPrefix("Edm.Geo") {
            throw LanguageError(.typeMismatch, "\(m) needs values that can be ordered; \(t.origin ?? what) cannot be", at: expr.range)
        }
        if let measures = support.analyticsMeasures, names.count == 1, m != .countDistinct, !measures.contains(what) {
            warnings.append("\(what) is not annotated Analytics.Measure: the service may not aggregate it")
        }
        if let allowed = support.aggregatableProperties, !allowed.contains(what) {
            warnings.append("\(what) is not among the AggregatableProperties of Aggregation.ApplySupported: the service may refuse to aggregate it")
        }
        let resultType = m.resultType(of: t.primitive)
        try addAlias(alias, .of(resultType), to: &r, type: type)
        return AggregateExpression(.value(e, m), as: alias.text, resultType: resultType)
    }

    static let methodNames = ["sum", "min", "max", "average", "countdistinct", "count"]

    /// Why a V2 service gets no `$apply`: V2 has none; SAP's analytical services aggregate a `$select` instead.
    func refusalOnV2(_ a: AST.Aggregation, _ support: AggregationSupport) -> LanguageError {
        let at = a.groupByRange ?? a.aggregateRange ?? a.ranking?.range ?? a.having?.range ?? SourceRange(start: 0, end: 0)
        return LanguageError(.unsupported, "aggregation needs OData V4 ($apply) or an SAP analytical V2 service; \(support.type.name) declares no "
                             + "sap:aggregation-role dimensions and measures, so this OData \(version.rawValue) service cannot aggregate it", at: at)
    }
}
