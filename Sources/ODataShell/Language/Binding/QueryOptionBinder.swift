import ODataClient
import ODataModel
import ODataQuery

/// Binds the clauses of a query: where, search, select, expand (with its nested clauses), order by, top, skip,
/// count and levels; the clauses of aggregation and compute go to `AggregationBinder`. Filtering or sorting on what the service marks as restricted leaves a warning.
struct QueryOptionBinder: BinderPart {
    let document: CsdlDocument
    /// What the service may refuse, in the order found.
    var warnings: [String] = []

    /// The clauses of a query (or of an expand item, `nested`) applied to `query`, which addresses `type` in `set`.
    mutating func applyOptions(_ o: AST.Options, to query: DataQuery, type: EntityType?, set: EntitySet?, nested: Bool) throws -> DataQuery {
        var q = query
        guard let type = type else { return q }
        var ctx = ExpressionTyper.Context(type: type, variables: [:])
        var aggregation = AggregationBinder.Result(query: q)
        if !o.aggregation.isEmpty {
            var binder = AggregationBinder(document: document)
            aggregation = try binder.bind(o, to: q, type: type, set: set)
            warnings += binder.warnings
            q = aggregation.query
            ctx.variables = aggregation.aliases
            if aggregation.aggregated, let first = o.expand.first {
                throw LanguageError(.syntax, "expand cannot follow group by or aggregate: aggregated rows have no navigation", at: first.range)
            }
        }
        // With aggregation, where and search are steps of $apply before the grouping.
        let applied = !q.transformations.isEmpty && !o.aggregation.isEmpty
        if let f = o.filter, !applied {
            let (e, t) = try typer.bindExpr(f, ctx, expected: .boolean)
            try typer.requireBoolean(t, f, "where")
            q = q.filter(e)
            warnings += capabilities.filterWarnings(f, type: type, set: set)
        }
        if let s = o.search, !applied {
            guard version.isV4 else { throw unsupported("search ($search)", at: s.range) }
            q = q.search(s.text)
        }
        // Gathered first and set once: a copy of the query per item made long lists quadratic.
        var paths: [PropertyPath] = []
        paths.reserveCapacity(o.select.count)
        for item in o.select {
            if item.path.isEmpty { q = q.selectAll(); continue }
            if item.path.count == 1, aggregation.aliases[item.path[0].text] != nil {
                paths.append(PropertyPath([item.path[0].text]))
                continue
            }
            let path = try selectPath(item, type: type)
            if aggregation.aggregated, !aggregation.groupPaths.contains(where: { $0.segments.starts(with: path.segments) || path.segments.starts(with: $0.segments) }) {
                throw LanguageError(.syntax, "\(path) is neither grouped nor aggregated: select takes the group by properties and the names given ("
                                    + (aggregation.groupPaths.map(\.description) + aggregation.aliasOrder).joined(separator: ", ") + ")", at: item.range)
            }
            paths.append(path)
        }
        if !paths.isEmpty { q = q.select(paths) }
        for item in o.expand {
            q = try expand(item, into: q, type: type, set: set)
        }
        var sorts: [SortItem] = []
        sorts.reserveCapacity(o.orderBy.count)
        for item in o.orderBy {
            let (e, t) = try typer.bindExpr(item.expr, ctx, expected: nil)
            if t.structured != nil || t.isCollection {
                throw LanguageError(.typeMismatch, "cannot order by \(t.origin ?? "this"): it is not a single value", at: item.expr.range)
            }
            if !aggregation.aggregated { warnings += capabilities.sortWarnings(item.expr, type: type, set: set) }
            sorts.append(SortItem(e, item.descending ? .descending : .ascending))
        }
        // As `orderBy` then `thenBy` per item, without a copy of the query per item.
        if !sorts.isEmpty { q.sortItems = sorts }
        if let t = o.top { q = q.top(t.value) }
        if let s = o.skip { q = q.skip(s.value) }
        if o.inlineCount != nil { q = q.inlineCount() }
        if let l = o.levels {
            guard version.isV4 else { throw unsupported("levels ($levels)", at: l.range) }
            guard nested else { throw LanguageError(.syntax, "levels goes inside an expand item, as in expand Employees(levels 2)", at: l.range) }
            q = q.levels(l.value.map { .count($0) } ?? .max)
        }
        return q
    }

    func selectPath(_ item: AST.SelectItem, type: StructuredType) throws -> PropertyPath {
        var t: StructuredType = type
        var out: [String] = []
        for (i, n) in item.path.enumerated() {
            if let cast = try typer.castSegment(n, from: t, last: i == item.path.count - 1) {
                out.append(cast.qualifiedName)
                t = cast
            } else if let p = t.structuralProperty(named: n.text) {
                out.append(p.name)
                if i < item.path.count - 1 {
                    guard case .complex(let c) = p.resolvedType else {
                        throw LanguageError(.syntax, "\(p.name) is not a complex property: nothing can follow it", at: item.path[i + 1].range)
                    }
                    t = c
                }
            } else if let nav = t.navigationProperty(named: n.text) {
                throw LanguageError(.syntax, "\(nav.name) is a navigation property: use expand \(nav.name)(select ...)", at: n.range)
            } else {
                throw unknownProperty(n, in: t)
            }
        }
        return PropertyPath(out)
    }

    /// `NS.Derived` in a path of a filter, select or expand: a cast to a type derived from `type` (V4), or nil

    mutating func expand(_ item: AST.ExpandItem, into q: DataQuery, type: EntityType, set: EntitySet?) throws -> DataQuery {
        if item.path.isEmpty {
            guard version.isV4 else {
                throw LanguageError(.unsupported, "expand * needs OData V4; this service speaks OData \(version.rawValue): "
                                    + "name the navigation properties (\(type.navigationProperties.prefix(3).map(\.name).joined(separator: ", ")))",
                                    at: item.range)
            }
            return q.expand(PropertyPath(["*"]))
        }
        var t: StructuredType = type
        var names: [String] = []
        // The path in pieces that each end in a navigation property (complex properties may lead to one).
        var pieces: [[String]] = [[]]
        var target: EntityType?
        for (i, n) in item.path.enumerated() {
            if let cast = try typer.castSegment(n, from: t, last: i == item.path.count - 1) {
                names.append(cast.qualifiedName); pieces[pieces.count - 1].append(cast.qualifiedName); t = cast
            } else if let nav = t.navigationProperty(named: n.text) {
                names.append(nav.name)
                pieces[pieces.count - 1].append(nav.name)
                pieces.append([])
                guard let tt = nav.target else { throw LanguageError(.unknownName, "the target of \(nav.name) is not in the metadata", at: n.range) }
                t = tt; target = tt
            } else if let p = t.structuralProperty(named: n.text), case .complex(let c) = p.resolvedType {
                names.append(p.name); pieces[pieces.count - 1].append(p.name); t = c
            } else if t.structuralProperty(named: n.text) != nil {
                throw LanguageError(.syntax, "\(n.text) is not a navigation property: select it instead of expanding it", at: n.range)
            } else {
                throw LanguageError(.unknownName, "\(t.name) has no navigation property \(n.text)", at: n.range,
                                    suggestions: NameSuggester.closest(to: n.text, in: t.navigationProperties.map(\.name) + t.properties.map(\.name)))
            }
        }
        guard let tgt = target else { throw LanguageError(.syntax, "\(item.path.last!.text) leads to no entity", at: item.range) }
        var nested: DataQuery? = nil
        if let o = item.options {
            if !version.isV4 {
                let v2Bad: [(SourceRange?, String)] = [
                    (o.filter?.range, "where ($filter)"), (o.orderBy.first?.expr.range, "order by ($orderby)"),
                    (o.top?.range, "top ($top)"), (o.skip?.range, "skip ($skip)"), (o.inlineCount, "count ($count)"),
                    (o.search?.range, "search ($search)"), (o.levels?.range, "levels ($levels)"),
                ]
                if let (r, what) = v2Bad.first(where: { $0.0 != nil }) {
                    throw LanguageError(.unsupported, "\(what) inside expand needs OData V4; this service speaks OData \(version.rawValue), "
                                        + "whose $expand takes no options (select and expand inside expand are written as paths)", at: r!)
                }
            }
            let targetSet = set.flatMap { s in s.bindingTarget(for: names.joined(separator: "/")).flatMap { try? document.entitySet(withName: $0) } }
            nested = try applyOptions(o, to: DataQuery(), type: tgt, set: targetSet, nested: true)
        }
        pieces.removeAll { $0.isEmpty }
        if version.isV4, pieces.count > 1 {
            // V4's $expand path ends at its first navigation property: A/B is A($expand=B).
            var inner = nested
            for piece in pieces.dropFirst().reversed() { inner = DataQuery().expand(PropertyPath(piece), withQuery: inner) }
            return q.expand(PropertyPath(pieces[0]), withQuery: inner)
        }
        return q.expand(PropertyPath(names), withQuery: nested)
    }
}
