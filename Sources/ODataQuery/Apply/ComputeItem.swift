import ODataModel

/// One computed value: `Freight mul 1.2 as Gross`, in `$compute` (OData 4.01) or in a `compute` transformation.
public struct ComputeItem: Hashable, Sendable {
    /// The expression computed for each entity.
    public var expression: QueryExpression
    /// The name of the result, usable in select, filter and order by.
    public var alias: String
    /// The type of the result, when known; the reader types the column by it.
    public var resultType: PrimitiveType?
    /// An expression with its alias (and its type, when known).
    public init(_ expression: QueryExpression, as alias: String, resultType: PrimitiveType? = nil) {
        self.expression = expression; self.alias = alias; self.resultType = resultType
    }
}
