import ODataClient
import ODataQuery

/// The order of a result's columns from the statement that asked for it (what `MemberOrder` writes by).
///
/// At a level with a select list (the statement's, or one inside an expand): the selected properties in the order
/// written — the parts of a complex property together, where the first one stands; `*` for the properties not
/// named, in metadata order — then the expanded navigation properties in the order of the expand list. What the
/// service sends that nobody named (a key a V4 service adds, properties a V2 service sends in spite of a select
/// inside an expand) follows, in metadata order. A level without a select list keeps metadata order.
enum ColumnOrder {
    /// The order for `options` bound into `query` (whose select and expand items are those of `options`, in order,
    /// with the model's spelling); nil when it is metadata order all the way down.
    static func of(_ options: AST.Options, _ query: DataQuery) -> MemberOrder? {
        var names: [String] = []
        var nested: [String: MemberOrder] = [:]
        // Parts of a complex property: `Address/City` puts City first inside Address.
        var inner: [String: [[String]]] = [:]
        if !options.select.isEmpty {
            var bound = query.selectItems.makeIterator()
            for item in options.select {
                if item.path.isEmpty { names.append(MemberOrder.otherProperties); continue }
                guard let path = bound.next()?.segments, let head = path.first else { continue }
                names.append(head)
                if path.count > 1 { inner[head, default: []].append(Array(path.dropFirst())) }
            }
        }
        for (name, paths) in inner { nested[name] = complexOrder(paths) }
        for (item, bound) in zip(options.expand, query.expandItems) {
            guard !item.path.isEmpty, let head = bound.path.segments.first else { continue }
            if !options.select.isEmpty { names.append(head) }
            // The order inside the expanded entity (through a path of several navigation properties, at its end).
            guard let o = item.options, let q = bound.query, let order = of(o, q) else { continue }
            var chained = order
            for segment in bound.path.segments.dropFirst().reversed() { chained = MemberOrder(nested: [segment: chained]) }
            nested[head] = merged(nested[head], chained)
        }
        let order = MemberOrder(names: names, nested: nested)
        return order.isEmpty ? nil : order
    }

    /// The columns of aggregated rows without a select: the group by properties, then the aggregates and computed
    /// values in the order given; nil for a query that does not aggregate.
    static func ofAggregation(_ query: DataQuery) -> MemberOrder? {
        guard !query.transformations.isEmpty else { return nil }
        var names: [String] = []
        func walk(_ steps: [Transformation]) {
            for s in steps {
                if case .groupBy(let paths, let inner) = s { names += paths.compactMap(\.segments.first); walk(inner) }
            }
        }
        walk(query.transformations)
        names += query.addedColumns.map(\.name)
        var seen = Set<String>()
        names = names.filter { seen.insert($0).inserted }
        return names.isEmpty ? nil : MemberOrder(names: names, nested: [:])
    }

    /// The order inside a complex property from the selected paths below it (`[["City"], ["Geo", "Lat"]]`).
    private static func complexOrder(_ paths: [[String]]) -> MemberOrder {
        var names: [String] = []
        var deeper: [String: [[String]]] = [:]
        for p in paths {
            names.append(p[0])
            if p.count > 1 { deeper[p[0], default: []].append(Array(p.dropFirst())) }
        }
        return MemberOrder(names: names, nested: deeper.mapValues(complexOrder))
    }

    /// Two orders for the same member (two expand items through it): the names of both, the nested orders merged.
    private static func merged(_ a: MemberOrder?, _ b: MemberOrder) -> MemberOrder {
        guard let a else { return b }
        var nested = a.nested
        for (k, v) in b.nested { nested[k] = merged(nested[k], v) }
        return MemberOrder(names: a.names + b.names, nested: nested)
    }
}
