/// A date and time without offset: V2/V3's Edm.DateTime (SAP's `LocalDateTime`). `/Date(ms)/` values are read
/// as the UTC wall-clock time they denote.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible, TemporalTextValue {
    /// The date.
    public let date: LocalDate
    /// The time of day.
    public let time: LocalTime

    /// The `time` on `date`.
    public init(date: LocalDate, time: LocalTime) { self.date = date; self.time = time }

    /// Parses `YYYY-MM-DDThh:mm[:ss[.f]]`; a trailing `Z` or `+00:00` is accepted (some V2 services write one).
    /// A date alone (`YYYY-MM-DD`) is midnight.
    public init?(_ text: String) { guard let v = Self.whole(text) else { return nil }; self = v }

    static func parse(_ t: inout ValueByteCursor) -> LocalDateTime? {
        guard let d = LocalDate.parse(&t) else { return nil }
        if t.atEnd { return LocalDateTime(date: d, time: LocalTime(hour: 0, minute: 0)!) }
        guard t.take(UInt8(ascii: "T")) || t.take(UInt8(ascii: "t")), let time = LocalTime.parse(&t) else { return nil }
        var v = LocalDateTime(date: d, time: time)
        if t.atEnd { return v }
        // An offset on an Edm.DateTime: Z keeps the wall-clock time, any other offset is applied.
        guard let offset = GlobalDateTime.parseOffset(&t), t.atEnd else { return nil }
        if offset.minutes != 0 { v = v.adding(milliseconds: Int64(-offset.minutes) * 60_000) }
        return v
    }

    /// The UTC date-time `ms` milliseconds after 1970-01-01T00:00:00 (V2 JSON `/Date(ms)/`).
    public init(millisecondsSinceEpoch ms: Int64) {
        let dayMs: Int64 = 86_400_000
        var days = ms / dayMs
        var rest = ms % dayMs
        if rest < 0 { rest += dayMs; days -= 1 }
        let secs = Int(rest / 1000)
        let milli = Int64(rest % 1000)
        date = LocalDate(daysSinceEpoch: Int(days))
        time = LocalTime(hour: secs / 3600, minute: secs / 60 % 60, second: secs % 60,
                         fraction: Fraction(picoseconds: milli * 1_000_000_000, digits: milli == 0 ? 0 : 3))!
    }

    /// Milliseconds since 1970-01-01T00:00:00 (fractions below a millisecond dropped).
    public var millisecondsSinceEpoch: Int64 {
        Int64(date.daysSinceEpoch) * 86_400_000 + Int64(time.secondsSinceMidnight) * 1000 + time.fraction.picoseconds / 1_000_000_000
    }

    func adding(milliseconds delta: Int64) -> LocalDateTime {
        let sub = time.fraction.picoseconds % 1_000_000_000
        var v = LocalDateTime(millisecondsSinceEpoch: millisecondsSinceEpoch + delta)
        if sub != 0 || time.fraction.digits > 3 {
            v = LocalDateTime(date: v.date, time: LocalTime(hour: Int(v.time.hour), minute: Int(v.time.minute), second: Int(v.time.second),
                                                            fraction: Fraction(picoseconds: v.time.fraction.picoseconds + sub, digits: time.fraction.digits))!)
        }
        return v
    }

    /// `YYYY-MM-DDThh:mm:ss[.f]`.
    public var description: String { "\(date)T\(time)" }

    /// Ordered by date, then time.
    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { (a.date, a.time) < (b.date, b.time) }
}
