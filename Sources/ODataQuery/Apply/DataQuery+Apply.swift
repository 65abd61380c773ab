import ODataModel

extension DataQuery {
    /// Adds steps to `$apply` (V4, OData Data Aggregation 4.0), after those already there.
    public func apply(_ steps: Transformation...) -> DataQuery { apply(steps) }
    /// Adds steps to `$apply`, after those already there.
    public func apply(_ steps: [Transformation]) -> DataQuery {
        var q = self
        q.transformations += steps
        return q
    }
    /// `$apply=aggregate(...)`: one row of aggregated values.
    public func aggregate(_ items: AggregateExpression...) -> DataQuery { apply(.aggregate(items)) }
    /// `$apply=groupby((paths),aggregate(...))`: one row per group, with its aggregated values.
    public func groupBy(_ paths: [PropertyPath], aggregate items: [AggregateExpression] = []) -> DataQuery {
        apply(.groupBy(paths, aggregate: items))
    }
    /// `$apply=groupby((properties),aggregate(...))`, by property.
    public func groupBy(_ properties: [Property], aggregate items: [AggregateExpression] = []) -> DataQuery {
        groupBy(properties.map { PropertyPath([$0.name]) }, aggregate: items)
    }
    /// Adds a computed value to `$compute` (OData 4.01): usable in select, filter and order by.
    public func compute(_ expression: QueryExpression, as alias: String, resultType: PrimitiveType? = nil) -> DataQuery {
        var q = self
        q.computeItems.append(ComputeItem(expression, as: alias, resultType: resultType))
        return q
    }

    /// The columns the query adds to what its entity type has: aliases of `$apply` aggregates and computed values,
    /// and `$compute` items, with their types where known. A reader types these columns by them.
    public var addedColumns: [(name: String, type: PrimitiveType?)] {
        transformations.flatMap(\.addedColumns) + computeItems.map { ($0.alias, $0.resultType) }
    }
}
