/// A signed length of time in days, hours, minutes and seconds: Edm.Duration (SAP's `DayTimeDuration`).
/// Kept as whole seconds plus an exact fraction; printed in canonical form (`P1DT2H3M4.5S`, `PT0S`, `-PT1M`).
public struct DayTimeDuration: Hashable, Comparable, Sendable, CustomStringConvertible, TemporalTextValue {
    /// Whether the duration is negative (a zero duration never is).
    public let isNegative: Bool
    /// Whole seconds of the magnitude.
    public let seconds: Int64
    let fraction: Fraction

    /// A duration of `seconds` and `nanoseconds` (the magnitude), negative when `negative`.
    public init(seconds: Int64, nanoseconds: Int = 0, negative: Bool = false) {
        self.init(negative: negative, seconds: seconds,
                  fraction: Fraction(picoseconds: Int64(nanoseconds) * 1000, digits: nanoseconds == 0 ? 0 : 9))
    }

    init(negative: Bool, seconds: Int64, fraction: Fraction) {
        self.isNegative = negative && (seconds != 0 || fraction.picoseconds != 0)
        self.seconds = seconds; self.fraction = fraction
    }

    /// Parses `[-]P[nD][T[nH][nM][n[.f]S]]` (day-time durations only; years and months are not fixed lengths).
    public init?(_ text: String) { guard let v = Self.whole(text) else { return nil }; self = v }

    static func parse(_ t: inout ValueByteCursor) -> DayTimeDuration? {
        let negative = t.take(UInt8(ascii: "-"))
        guard t.take(UInt8(ascii: "P")) else { return nil }
        var total: Int64 = 0
        var parts = 0
        var fraction = Fraction()
        if let d = t.number() {
            guard t.take(UInt8(ascii: "D")) else { return nil }
            total = d * 86_400; parts += 1
        }
        if t.take(UInt8(ascii: "T")) {
            var timeParts = 0
            var last = 0   // H=1, M=2, S=3: units in order
            while let n = t.number() {
                if t.take(UInt8(ascii: "H")), last < 1 { total += n * 3600; last = 1 }
                else if t.take(UInt8(ascii: "M")), last < 2 { total += n * 60; last = 2 }
                else if t.peek == UInt8(ascii: ".") || t.peek == UInt8(ascii: "S"), last < 3 {
                    guard let f = t.fraction(), t.take(UInt8(ascii: "S")) else { return nil }
                    total += n; fraction = f; last = 3
                } else { return nil }
                timeParts += 1
                guard total >= 0, total < Int64(1) << 52 else { return nil }
            }
            guard timeParts > 0 else { return nil }
            parts += timeParts
        }
        guard parts > 0 else { return nil }
        return DayTimeDuration(negative: negative, seconds: total, fraction: fraction)
    }

    /// The fractional second of the magnitude in nanoseconds (digits beyond the ninth dropped).
    public var nanoseconds: Int { Int(fraction.picoseconds / 1000) }

    /// The canonical text: `P1DT2H3M4.5S`, `PT0S`, `-PT1M`.
    public var description: String {
        var s = isNegative ? "-P" : "P"
        let days = seconds / 86_400
        let rest = seconds % 86_400
        if days > 0 { s += "\(days)D" }
        if rest > 0 || fraction.picoseconds > 0 || days == 0 {
            s += "T"
            let h = rest / 3600, m = rest / 60 % 60, sec = rest % 60
            if h > 0 { s += "\(h)H" }
            if m > 0 { s += "\(m)M" }
            if sec > 0 || fraction.picoseconds > 0 || (h == 0 && m == 0) { s += "\(sec)\(fraction.text)S" }
        }
        return s
    }

    private var signedPicos: (Int64, Int64) {
        isNegative ? (-seconds, -fraction.picoseconds) : (seconds, fraction.picoseconds)
    }
    /// Ordered by signed length.
    public static func < (a: DayTimeDuration, b: DayTimeDuration) -> Bool { a.signedPicos < b.signedPicos }
    /// Equal when the signed lengths are.
    public static func == (a: DayTimeDuration, b: DayTimeDuration) -> Bool { a.signedPicos == b.signedPicos }
    /// Hashes what `==` compares.
    public func hash(into h: inout Hasher) { h.combine(seconds); h.combine(fraction); h.combine(isNegative) }
}
