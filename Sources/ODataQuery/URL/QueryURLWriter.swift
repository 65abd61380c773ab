import ODataModel

/// Writes a `DataQuery` as a URL relative to the service root, for the service's OData version.
///
/// Options come in a fixed order: `$apply`, `$compute`, `$filter`, `$search`, `$select`, `$expand`, `$orderby`, `$top`, `$skip`,
/// `$count`/`$inlinecount`, then custom options. V2 has no nested expand options: nested `$select` and `$expand`
/// become paths (`$expand=A/B`, `$select=A/X`); other nested options are an error.
public struct QueryURLWriter: Sendable {
    /// The OData version the URL is written for.
    public let version: ODataVersion
    /// Writes `$filter` and `$orderby` expressions.
    public let expressions: ExpressionWriter
    /// Writes literals in keys and function parameters.
    public let literals: LiteralFormatter

    /// A writer for a service of this version.
    public init(version: ODataVersion) {
        self.version = version
        expressions = ExpressionWriter(version: version)
        literals = LiteralFormatter(version: version)
    }

    /// Path and query string, percent-encoded: `Customers('ALFKI')/Orders?$filter=Freight%20gt%2020`.
    public func relativeURL(for q: DataQuery) throws -> String {
        var (path, options) = try resourcePath(q)
        if q.countOnly { path += "/$count" }
        options += try queryOptions(q, nested: false).map { ($0.0, URLEncoding.queryValue($0.1)) }
        options += q.customOptions
        return options.isEmpty ? path : path + "?" + options.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// The resource path, and the encoded query options it needs (V2 function import parameters).
    func resourcePath(_ q: DataQuery) throws -> (String, [(String, String)]) {
        var out = ""
        var options: [(String, String)] = []
        // `name=value` of a V4 function's parameter; a JSON value goes as an alias `@name` whose value follows in
        // the query (the path takes only primitive literals), named apart when two functions share a parameter name.
        func argument(_ name: String, _ value: QueryLiteral) throws -> String {
            guard case .json(let json) = value else { return "\(name)=\(try literals.text(value))" }
            var alias = "@" + name
            var n = 1
            while options.contains(where: { $0.0 == alias }) { n += 1; alias = "@\(name)\(n)" }
            options.append((alias, URLEncoding.queryValue(json)))
            return "\(name)=\(alias)"
        }
        for seg in q.path {
            switch seg {
            case .entitySet(let n), .singleton(let n):
                out += URLEncoding.pathSegment(n)
            case .navigation(let n), .property(let n):
                out += "/" + URLEncoding.pathSegment(n)
            case .key(let k):
                out += URLEncoding.pathSegment(try keyPredicate(k))
            case .function(let n, let params):
                if version.isV4 {
                    let args = try params.map { try argument($0.name, $0.value) }.joined(separator: ",")
                    out += URLEncoding.pathSegment("\(n)(\(args))")
                } else {
                    out += URLEncoding.pathSegment(n)
                    options += try params.map { ($0.name, URLEncoding.queryValue(try literals.text($0.value))) }
                }
            case .action(let n):
                out += URLEncoding.pathSegment(n)
            case .link(let l):
                out += l
            case .cast(let n):
                guard version.isV4 else { throw QueryWriteError.unsupported("a type cast (\(n))", version) }
                out += "/" + URLEncoding.pathSegment(n)
            case .boundFunction(let n, let params):
                guard version.isV4 else { throw QueryWriteError.unsupported("the bound function \(n)", version) }
                let args = try params.map { try argument($0.name, $0.value) }.joined(separator: ",")
                out += "/" + URLEncoding.pathSegment("\(n)(\(args))")
            case .boundAction(let n):
                guard version.isV4 else { throw QueryWriteError.unsupported("the bound action \(n)", version) }
                out += "/" + URLEncoding.pathSegment(n)
            case .value:
                out += "/$value"
            }
        }
        return (out, options)
    }

    /// The URL of the references a navigation property holds, where one is added or removed: V4
    /// `Categories(1)/Products/$ref`, V2 `Categories(1)/$links/Products`. `q` ends in the navigation property.
    /// With `related` (removing one entity from a collection): V4 names it by its URL, made absolute by
    /// `absolute`, in `?$id=` (OData V4 Protocol, 11.4.6.2); V2 appends its key (`$links/Products(5)`).
    public func referenceURL(for q: DataQuery, removing related: DataQuery? = nil,
                             absolute: (String) -> String = { $0 }) throws -> String {
        let feature = version.isV4 ? "$ref" : "$links"
        guard case .navigation(let nav)? = q.path.last else {
            throw QueryWriteError(feature: feature, version: version,
                                  message: "a reference is added or removed at a navigation property, as in Categories(1)/Products")
        }
        if version.isV4 {
            let path = try resourcePath(q).0 + "/$ref"
            guard let related else { return path }
            let id = absolute(try relativeURL(for: related))
            return path + "?$id=" + URLEncoding.queryValue(URLEncoding.decode(id))
        }
        var source = q
        source.path.removeLast()
        var path = try resourcePath(source).0 + "/$links/" + URLEncoding.pathSegment(nav)
        if let related {
            guard case .key(let k)? = related.path.last else {
                throw QueryWriteError(feature: feature, version: version, message: "unlink needs the related entity's key")
            }
            path += URLEncoding.pathSegment(try keyPredicate(k))
        }
        return path
    }

    /// `('ALFKI')` or `(OrderID=10248,ProductID=11)` (not yet percent-encoded).
    public func keyPredicate(_ k: EntityKey) throws -> String {
        if k.values.count == 1 { return "(" + (try literals.text(k.values[0].value)) + ")" }
        return "(" + (try k.values.map { "\($0.name ?? "?")=\(try literals.text($0.value))" }.joined(separator: ",")) + ")"
    }

    /// `$filter` text of an expression (not yet percent-encoded).
    public func filterText(_ e: QueryExpression) throws -> String { try expressions.text(e) }

    /// The system query options with their values not yet percent-encoded.
    public func queryOptions(_ q: DataQuery, nested: Bool) throws -> [(String, String)] {
        var o: [(String, String)] = []
        if !q.transformations.isEmpty {
            guard version.isV4 else {
                throw QueryWriteError.unsupported("$apply (aggregation)", version, needs: "OData V4 with the Data Aggregation extension",
                                                  hint: "SAP Gateway analytical services aggregate a $select of dimensions and measures instead")
            }
            o.append(("$apply", try ApplyWriter(version: version).text(q.transformations)))
        }
        if !q.computeItems.isEmpty {
            guard version.isV4 else { throw QueryWriteError.unsupported("$compute", version, needs: "OData 4.01") }
            o.append(("$compute", try ApplyWriter(version: version).compute(q.computeItems)))
        }
        if let f = q.filterExpression { o.append(("$filter", try expressions.text(f))) }
        if let s = q.searchText {
            guard version.isV4 else { throw QueryWriteError.unsupported("$search", version) }
            o.append(("$search", s))
        }
        if version.isV4 {
            var sel = q.selectItems.map(\.description)
            if q.selectsAll { sel.insert("*", at: 0) }
            if !sel.isEmpty { o.append(("$select", sel.joined(separator: ","))) }
            if !q.expandItems.isEmpty { o.append(("$expand", try q.expandItems.map(v4Expand).joined(separator: ","))) }
        } else {
            var v2 = V2Selection()
            for item in q.expandItems { try v2Expand(item, prefix: "", into: &v2) }
            var sel = q.selectItems.map(\.description)
            let anySelect = !sel.isEmpty || !v2.selects.isEmpty || q.selectsAll
            if anySelect {
                if q.selectsAll || (sel.isEmpty && !v2.selects.isEmpty) { sel.insert("*", at: 0) }
                // A navigation expanded further but selected from nowhere keeps its own properties: `P/*` beside
                // `P/Child`, since `P/Child` alone would select only the child (V2 URI conventions, $select).
                let stars = v2.stars.filter { !v2.explicit.contains($0) && !v2.wholes.contains($0) }.map { "\($0)/*" }
                for entry in stars + v2.wholes + v2.selects where !sel.contains(entry) { sel.append(entry) }
                o.append(("$select", sel.joined(separator: ",")))
            }
            if !v2.expands.isEmpty { o.append(("$expand", v2.expands.joined(separator: ","))) }
        }
        if !q.sortItems.isEmpty {
            o.append(("$orderby", try q.sortItems.map { item in
                let t = try expressions.text(item.expression)
                return item.order == .descending ? "\(t) desc" : t
            }.joined(separator: ",")))
        }
        if let l = q.expandLevels {
            guard version.isV4 else { throw QueryWriteError.unsupported("$levels", version) }
            guard nested else {
                throw QueryWriteError(feature: "$levels", version: version, message: "$levels belongs to an expanded item's options")
            }
            o.append(("$levels", l.description))
        }
        if let t = q.topCount { o.append(("$top", String(t))) }
        if let s = q.skipCount { o.append(("$skip", String(s))) }
        if q.includesInlineCount {
            if version.isV4 { o.append(("$count", "true")) } else { o.append(("$inlinecount", "allpages")) }
        }
        return o
    }

    private func v4Expand(_ item: ExpandItem) throws -> String {
        guard let nq = item.query else { return item.path.description }
        let opts = try queryOptions(nq, nested: true)
        return opts.isEmpty ? item.path.description : "\(item.path)(" + opts.map { "\($0.0)=\($0.1)" }.joined(separator: ";") + ")"
    }

    /// What V2's `$expand` and `$select` are written from: V2 has no nested options, so the nested select and
    /// expand of each expanded item become paths.
    private struct V2Selection {
        /// `$expand` paths, the deepest of each chain.
        var expands: [String] = []
        /// `$select` paths into expanded items (`Customer/CompanyName`).
        var selects: [String] = []
        /// Expanded items selected whole (`Customer`): no nested select and nothing expanded below them.
        var wholes: [String] = []
        /// Expanded items that something below them is expanded from, and that need their own properties (`P/*`).
        var stars: [String] = []
        /// Expanded items with a nested select of their own.
        var explicit: Set<String> = []
    }

    /// V2: `Orders(select X; expand Y)` becomes `$expand=Orders/Y` and `$select=Orders/X,Orders/Y`; with a `$select`
    /// present, an expanded property without nested select is selected whole (a leaf) or with `/*` (one expanded
    /// further, as are the first segments of an expand path `A/B`), so that the service still returns its properties.
    private func v2Expand(_ item: ExpandItem, prefix: String, into v2: inout V2Selection) throws {
        let path = prefix.isEmpty ? item.path.description : "\(prefix)/\(item.path)"
        for length in 1..<max(1, item.path.segments.count) {
            let step = item.path.segments.prefix(length).joined(separator: "/")
            v2.stars.append(prefix.isEmpty ? step : "\(prefix)/\(step)")
        }
        guard let nq = item.query else { v2.expands.append(path); v2.wholes.append(path); return }
        let unsupported: [(Bool, String)] = [
            (nq.filterExpression != nil, "$filter"), (!nq.sortItems.isEmpty, "$orderby"), (nq.topCount != nil, "$top"),
            (nq.skipCount != nil, "$skip"), (nq.includesInlineCount, "$count"), (nq.searchText != nil, "$search"),
            (nq.expandLevels != nil, "$levels"), (!nq.transformations.isEmpty, "$apply"), (!nq.computeItems.isEmpty, "$compute"),
        ]
        if let (_, what) = unsupported.first(where: { $0.0 }) {
            throw QueryWriteError(
                feature: "nested \(what) in $expand", version: version,
                message: "nested \(what) in the expansion of \(path) cannot be expressed in OData \(version.rawValue): "
                    + "it has no nested expand options (only select and expand, written as paths)")
        }
        if nq.expandItems.isEmpty { v2.expands.append(path) }
        if !nq.selectItems.isEmpty || nq.selectsAll {
            v2.explicit.insert(path)
        } else if nq.expandItems.isEmpty {
            v2.wholes.append(path)
        } else {
            v2.stars.append(path)
        }
        for s in nq.selectItems { v2.selects.append("\(path)/\(s)") }
        if nq.selectsAll { v2.selects.append("\(path)/*") }
        for child in nq.expandItems { try v2Expand(child, prefix: path, into: &v2) }
    }
}
