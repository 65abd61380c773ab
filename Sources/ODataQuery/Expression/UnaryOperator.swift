/// The unary operators of `$filter`: `not` and arithmetic negation.
public enum UnaryOperator: String, Hashable, Sendable {
    case not
    case negate = "-"
}
