import ODataQuery

extension AST {
    /// One item after `aggregate`: `sum(Freight) as Total`, `count as N`, a custom aggregate `Revenue [as R]`, or a
    /// custom method `NS.Median(Freight) as M`.
    struct AggregateItem: Hashable, Sendable {
        /// `sum`, `count`, `NS.Median`...; nil for a custom aggregate named by itself.
        var method: Name?
        /// What is aggregated (nil for `count`); a custom aggregate's name as a one-name path.
        var path: [Name]?
        /// `as Name`.
        var alias: Name?
        var range: SourceRange
    }

    /// `compute expr as Name`.
    struct ComputeItem: Hashable, Sendable {
        var expr: Expr
        var alias: Name
    }

    /// `top N by expr`, `bottom N percent by expr`, `top N sum by expr`: topcount, bottompercent, topsum...
    struct Ranking: Hashable, Sendable {
        var top: Bool
        /// `count` (no word), `percent` or `sum`.
        var measure: String
        var value: Expr
        var by: Expr
        var range: SourceRange

        /// The transformation it stands for.
        var kind: Transformation.Ranking {
            switch (top, measure) {
            case (true, "percent"): return .topPercent
            case (false, "percent"): return .bottomPercent
            case (true, "sum"): return .topSum
            case (false, "sum"): return .bottomSum
            case (true, _): return .topCount
            case (false, _): return .bottomCount
            }
        }
    }

    /// The clauses of aggregation in a statement: group by, aggregate, having, compute, and a ranking.
    struct Aggregation: Hashable, Sendable {
        var groupBy: [SelectItem] = []
        /// Where `group by` was written.
        var groupByRange: SourceRange?
        var aggregate: [AggregateItem] = []
        var aggregateRange: SourceRange?
        var having: Expr?
        var compute: [ComputeItem] = []
        var ranking: Ranking?

        /// True when the statement groups or aggregates (its rows are aggregated rows, not entities).
        var aggregates: Bool { groupByRange != nil || aggregateRange != nil }
        var isEmpty: Bool { !aggregates && having == nil && compute.isEmpty && ranking == nil }
    }
}
