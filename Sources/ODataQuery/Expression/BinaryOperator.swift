/// The binary operators of `$filter`, named as in the OData V4 URL conventions.
public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    /// Logical or.
    case or
    /// Logical and.
    case and
    /// Equal (`null` compares too: `eq null` means no value).
    case eq
    /// Not equal.
    case ne
    /// Greater than.
    case gt
    /// Greater than or equal.
    case ge
    /// Less than.
    case lt
    /// Less than or equal.
    case le
    /// Has the enumeration flag (V4).
    case has
    /// Addition (numbers; a duration to a date-time in V4).
    case add
    /// Subtraction.
    case sub
    /// Multiplication.
    case mul
    /// Division (integer division for integer operands).
    case div
    /// Remainder.
    case mod

    /// True for `eq ne gt ge lt le`.
    public var isComparison: Bool { [.eq, .ne, .gt, .ge, .lt, .le].contains(self) }
    /// True for `add sub mul div mod`.
    public var isArithmetic: Bool { [.add, .sub, .mul, .div, .mod].contains(self) }
    /// True for `and or`.
    public var isLogical: Bool { self == .and || self == .or }
}
