/// The lambda operators over collections (OData V3 and V4).
public enum LambdaOperator: String, Hashable, Sendable {
    case any, all
}
