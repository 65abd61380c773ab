/// The binary operators of `$filter`, named as in the OData V4 URL conventions.
public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case or, and
    case eq, ne, gt, ge, lt, le
    case has
    case add, sub, mul, div, mod

    /// True for `eq ne gt ge lt le`.
    public var isComparison: Bool { [.eq, .ne, .gt, .ge, .lt, .le].contains(self) }
    /// True for `add sub mul div mod`.
    public var isArithmetic: Bool { [.add, .sub, .mul, .div, .mod].contains(self) }
    /// True for `and or`.
    public var isLogical: Bool { self == .and || self == .or }
}
