import ODataModel

/// One step of `$apply` (OData Data Aggregation 4.0): the steps run in order, each on the result of the one before,
/// and are written joined by `/`.
public indirect enum Transformation: Hashable, Sendable {
    /// `aggregate(Freight with sum as Total,$count as N)`: one row of aggregated values.
    case aggregate([AggregateExpression])
    /// `groupby((ShipCountry,Customer/City),aggregate(...))`: one row per combination of the grouping paths, each with
    /// the result of the nested steps on its group (none: only the distinct combinations).
    case groupBy([PropertyPath], [Transformation])
    /// `filter(Freight gt 10)`: the rows that satisfy the condition.
    case filter(QueryExpression)
    /// `compute(Freight mul 1.2 as Gross)`: each row with computed values added.
    case compute([ComputeItem])
    /// `search(text)`: the rows that match the free-text search.
    case search(String)
    /// `topcount(3,Total)` and the like: the rows that reach a count, percentage or sum, largest or smallest first.
    case ranking(Ranking, QueryExpression, QueryExpression)
    /// `orderby(Total desc)`: the rows sorted.
    case orderBy([SortItem])
    /// `top(5)`: the first rows.
    case top(Int)
    /// `skip(5)`: all but the first rows.
    case skip(Int)
    /// `identity`: the rows unchanged.
    case identity
    /// `concat(a,b)`: the results of several sequences of steps, one after the other.
    case concat([[Transformation]])

    /// The ranking transformations: how many rows (`count`), which share of the total (`percent`) or how many to
    /// reach a sum (`sum`), from the top or the bottom of the values.
    public enum Ranking: String, Hashable, Sendable, CaseIterable {
        /// `topcount(n, expr)`: the n rows with the largest values.
        case topCount = "topcount"
        /// `bottomcount(n, expr)`: the n rows with the smallest values.
        case bottomCount = "bottomcount"
        /// `toppercent(p, expr)`: the rows with the largest values making up p percent of their total.
        case topPercent = "toppercent"
        /// `bottompercent(p, expr)`: the rows with the smallest values making up p percent of their total.
        case bottomPercent = "bottompercent"
        /// `topsum(s, expr)`: the rows with the largest values whose sum reaches s.
        case topSum = "topsum"
        /// `bottomsum(s, expr)`: the rows with the smallest values whose sum reaches s.
        case bottomSum = "bottomsum"
    }

    /// `groupby` with an `aggregate` inside it: the usual form.
    public static func groupBy(_ paths: [PropertyPath], aggregate: [AggregateExpression]) -> Transformation {
        .groupBy(paths, aggregate.isEmpty ? [] : [.aggregate(aggregate)])
    }

    /// The names and types of the columns the step adds (aliases of aggregates and computed values, in order).
    public var addedColumns: [(name: String, type: PrimitiveType?)] {
        switch self {
        case .aggregate(let items): return items.compactMap { i in i.resultName.map { ($0, i.resultType) } }
        case .groupBy(_, let steps): return steps.flatMap(\.addedColumns)
        case .compute(let items): return items.map { ($0.alias, $0.resultType) }
        case .concat(let seqs): return seqs.flatMap { $0.flatMap(\.addedColumns) }
        default: return []
        }
    }
}
