/// The direction of an `$orderby` item.
public enum SortOrder: String, Hashable, Sendable {
    case ascending = "asc", descending = "desc"
}

/// One `$orderby` item: an expression (usually a property path) and a direction.
public struct SortItem: Hashable, Sendable {
    public var expression: QueryExpression
    public var order: SortOrder
    public init(_ expression: QueryExpression, _ order: SortOrder = .ascending) {
        self.expression = expression; self.order = order
    }
}
