/// The lambda operators over collections (OData V3 and V4).
public enum LambdaOperator: String, Hashable, Sendable {
    /// `any`: true when at least one member of the collection satisfies the predicate (or, without one, when
    /// the collection is not empty).
    case any
    /// `all`: true when every member of the collection satisfies the predicate.
    case all
}
