import ODataModel

/// Writes `$apply` transformations and `$compute` items (OData Data Aggregation 4.0 and OData 4.01) as URL text, not
/// yet percent-encoded; both are V4 only.
public struct ApplyWriter: Sendable {
    /// Writes the expressions inside the steps.
    public let expressions: ExpressionWriter
    /// A writer for a service of this version.
    public init(version: ODataVersion) { expressions = ExpressionWriter(version: version) }

    /// `groupby((A),aggregate(B with sum as T))/filter(T gt 1)`.
    public func text(_ steps: [Transformation]) throws -> String {
        try steps.map(text).joined(separator: "/")
    }

    /// One step.
    public func text(_ step: Transformation) throws -> String {
        switch step {
        case .aggregate(let items):
            return "aggregate(" + (try items.map(text).joined(separator: ",")) + ")"
        case .groupBy(let paths, let steps):
            let group = "(" + paths.map(\.description).joined(separator: ",") + ")"
            return steps.isEmpty ? "groupby(\(group))" : "groupby(\(group),\(try text(steps)))"
        case .filter(let e):
            return "filter(\(try expressions.text(e)))"
        case .compute(let items):
            return "compute(" + (try compute(items)) + ")"
        case .search(let s):
            return "search(\(s))"
        case .ranking(let kind, let n, let e):
            return "\(kind.rawValue)(\(try expressions.text(n)),\(try expressions.text(e)))"
        case .orderBy(let items):
            return "orderby(" + (try items.map(sortText).joined(separator: ",")) + ")"
        case .top(let n): return "top(\(n))"
        case .skip(let n): return "skip(\(n))"
        case .identity: return "identity"
        case .concat(let seqs):
            return "concat(" + (try seqs.map { try text($0) }.joined(separator: ",")) + ")"
        }
    }

    /// `Freight mul 1.2 as Gross,...`: the items of `$compute` or of a `compute` step.
    public func compute(_ items: [ComputeItem]) throws -> String {
        try items.map { "\(try expressions.text($0.expression)) as \($0.alias)" }.joined(separator: ",")
    }

    /// `Freight with sum as Total`, `$count as N`, `Revenue`, `Revenue as R`.
    public func text(_ item: AggregateExpression) throws -> String {
        let alias = item.alias.map { " as \($0)" } ?? ""
        switch item.kind {
        case .count:
            guard item.alias != nil else {
                throw QueryWriteError(feature: "$count in aggregate", version: expressions.version,
                                      message: "$count in aggregate needs an alias ($count as Name)")
            }
            return "$count" + alias
        case .value(let e, let method):
            guard item.alias != nil else {
                throw QueryWriteError(feature: "aggregate", version: expressions.version,
                                      message: "an aggregate with \(method) needs an alias (... with \(method) as Name)")
            }
            return "\(try expressions.text(e)) with \(method)" + alias
        case .custom(let name):
            return name + alias
        }
    }

    private func sortText(_ item: SortItem) throws -> String {
        let t = try expressions.text(item.expression)
        return item.order == .descending ? "\(t) desc" : t
    }
}
