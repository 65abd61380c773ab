import ODataModel
import ODataQuery

/// Which operand types the arithmetic operators and the canonical functions take where more than one type goes: the
/// date and duration arithmetic of OData V4 (Part 2, 5.1.1.2: a duration added to or taken from a date, the duration
/// between two dates, durations added, and in 4.01 multiplied or divided by a number), and the first argument of the
/// date, time and rounding functions (5.1.1.5 to 5.1.1.7; V2's `DateTime` and `Time` beside V4's types). OData V2
/// defines its arithmetic operators on numbers only.
extension ExpressionTyper {
    private static let dates: Set<PrimitiveType> = [.date, .dateTimeOffset, .dateTime]
    /// What V4 arithmetic takes beside numbers.
    private static let datesAndDurations = dates.union([.duration])
    /// Every date, time and duration type.
    private static let temporal = datesAndDurations.union([.time, .timeOfDay])

    /// What the right operand of `op` is expected to be after a left operand of type `left`, for typing a literal
    /// there: after a date or a duration (V4), a duration where only a duration goes (`add`, a duration's `sub`), and
    /// nothing where the literal says itself what it is (a duration or a date after a date's `sub`, a number after
    /// `mul`) or where nothing goes (`temporalResult` says why, as it does for V2); else the left operand's type.
    func rightExpectation(_ op: BinaryOperator, after left: ExprType) -> ExprType? {
        guard left.isKnown else { return nil }
        guard op.isArithmetic, let p = left.primitive, Self.temporal.contains(p) else { return left }
        guard version.isV4, Self.datesAndDurations.contains(p) else { return nil }
        return op == .add || (op == .sub && p == .duration) ? .of(.duration) : nil
    }

    /// The type of `a op b` when either is a date, a time or a duration, nil when neither is: the arithmetic OData V4
    /// defines on dates and durations, anything else refused (all of it in V2).
    func temporalResult(_ op: BinaryOperator, _ ta: ExprType, _ tb: ExprType, _ a: AST.Expr, _ b: AST.Expr) throws -> ExprType? {
        let pa = ta.primitive, pb = tb.primitive
        let isTemporal = { (p: PrimitiveType?) in p.map { Self.temporal.contains($0) } ?? false }
        if !version.isV4 || pa == .timeOfDay || pb == .timeOfDay {
            // The operand at fault: a time of day where there is one, else the first date, time or duration.
            guard isTemporal(pa) || isTemporal(pb) else { return nil }
            let (t, x) = pb == .timeOfDay || !isTemporal(pa) ? (tb, b) : (ta, a)
            throw mismatch("\(op.rawValue) needs numbers", t.origin ?? t.name, x)
        }
        // From here on no time of day: temporal means a date or a duration.
        let temporalA = isTemporal(pa)
        guard temporalA || isTemporal(pb) else { return nil }
        let right = tb.origin ?? tb.name
        // Null takes any type; an enumeration or structured value is none of these.
        if tb.isKnown && pb == nil { throw mismatch("\(op.rawValue) needs numbers", right, b) }
        if ta.isKnown && pa == nil { throw mismatch("\(op.rawValue) needs numbers", ta.origin ?? ta.name, a) }
        switch (pa, op) {
        case (.duration?, .add), (.duration?, .sub):
            guard pb == nil || pb == .duration else { throw mismatch("\(op.rawValue) after a duration needs a duration", right, b) }
            return .of(.duration)
        case (.duration?, .mul), (.duration?, .div):
            guard pb == nil || pb!.isNumeric else { throw mismatch("\(op.rawValue) after a duration needs a number", right, b) }
            return .of(.duration)
        case (let p?, .add) where Self.dates.contains(p):
            guard pb == nil || pb == .duration else { throw mismatch("add after a date needs a duration, as in duration'P1D'", right, b) }
            return ta
        case (let p?, .sub) where Self.dates.contains(p):
            if pb == nil || pb == .duration { return ta }
            guard Self.dates.contains(pb!) else { throw mismatch("sub after a date needs a duration or a date", right, b) }
            return .of(.duration)
        case (let p?, .mul) where p.isNumeric && pb == .duration:
            return .of(.duration)
        default:
            // A date multiplied, a duration's remainder, a number plus a date, ...: not defined.
            let (t, x) = temporalA ? (ta, a) : (tb, b)
            throw mismatch("\(op.rawValue) needs numbers", t.origin ?? t.name, x)
        }
    }

    /// What the first argument of `function` may be, and how a message names that, when the function's table
    /// leaves it open (nil there) and OData does not.
    func argumentKinds(of function: String) -> (types: Set<PrimitiveType>, described: String)? {
        switch function {
        case "year", "month", "day": return ([.date, .dateTimeOffset, .dateTime], "a date")
        case "hour", "minute", "second": return ([.dateTimeOffset, .timeOfDay, .dateTime, .time], "a date-time or a time")
        case "fractionalseconds": return ([.dateTimeOffset, .timeOfDay], "a date-time or a time")
        case "round", "floor", "ceiling": return (Set(PrimitiveType.allCases.filter(\.isNumeric)), "a number")
        default: return nil
        }
    }

    private func mismatch(_ what: String, _ this: String, _ x: AST.Expr) -> LanguageError {
        LanguageError(.typeMismatch, "\(what); this is \(this)", at: x.range)
    }
}
