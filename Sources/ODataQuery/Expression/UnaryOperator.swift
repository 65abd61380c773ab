/// The unary operators of `$filter`: `not` and arithmetic negation.
public enum UnaryOperator: String, Hashable, Sendable {
    /// Logical negation: `not expression`.
    case not
    /// Arithmetic negation: `-expression`.
    case negate = "-"
}
