/// The direction of an `$orderby` item.
public enum SortOrder: String, Hashable, Sendable {
    /// `asc`: smallest first (the default).
    case ascending = "asc"
    /// `desc`: largest first.
    case descending = "desc"
}

/// One `$orderby` item: an expression (usually a property path) and a direction.
public struct SortItem: Hashable, Sendable {
    /// What to sort by: a property path or any expression `$orderby` accepts.
    public var expression: QueryExpression
    /// The direction.
    public var order: SortOrder
    /// A sort item; ascending unless told.
    public init(_ expression: QueryExpression, _ order: SortOrder = .ascending) {
        self.expression = expression; self.order = order
    }
}
