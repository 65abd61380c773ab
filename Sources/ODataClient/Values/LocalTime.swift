/// A time of day: Edm.TimeOfDay, and V2's Edm.Time (SAP's `LocalTime`), with fractional seconds exact to the
/// picosecond and printed with as many digits as were read.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible, TemporalTextValue {
    /// The hour, 0 to 23.
    public let hour: UInt8
    /// The minute, 0 to 59.
    public let minute: UInt8
    /// The whole second, 0 to 59.
    public let second: UInt8
    let fraction: Fraction

    /// A valid time (hour 0-23, minute and second 0-59), or nil. `nanoseconds` gives the fraction with 9 digits.
    public init?(hour: Int, minute: Int, second: Int = 0, nanoseconds: Int = 0) {
        guard (0..<1_000_000_000).contains(nanoseconds) else { return nil }
        self.init(hour: hour, minute: minute, second: second,
                  fraction: Fraction(picoseconds: Int64(nanoseconds) * 1000, digits: nanoseconds == 0 ? 0 : 9))
    }

    init?(hour: Int, minute: Int, second: Int, fraction: Fraction) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        self.hour = UInt8(hour); self.minute = UInt8(minute); self.second = UInt8(second); self.fraction = fraction
    }

    /// Parses `hh:mm[:ss[.fffffffffff]]`.
    public init?(_ text: String) { guard let v = Self.whole(text) else { return nil }; self = v }

    static func parse(_ t: inout ValueByteCursor) -> LocalTime? {
        guard let h = t.digits(2), t.take(UInt8(ascii: ":")), let m = t.digits(2) else { return nil }
        var s = 0
        var f = Fraction()
        if t.take(UInt8(ascii: ":")) {
            guard let sec = t.digits(2), let frac = t.fraction() else { return nil }
            s = sec; f = frac
        }
        return LocalTime(hour: h, minute: m, second: s, fraction: f)
    }

    /// The fractional second in nanoseconds (digits beyond the ninth dropped).
    public var nanoseconds: Int { Int(fraction.picoseconds / 1000) }
    /// Digits of the fractional second as read (0 when there was none).
    public var fractionDigits: Int { Int(fraction.digits) }
    /// Seconds since midnight, whole.
    public var secondsSinceMidnight: Int { (Int(hour) * 60 + Int(minute)) * 60 + Int(second) }

    /// `hh:mm:ss[.f]`.
    public var description: String {
        "\(pad2(Int(hour))):\(pad2(Int(minute))):\(pad2(Int(second)))\(fraction.text)"
    }

    /// V2 Edm.Time as an XML Schema duration, SAP Gateway style: `PT13H20M00S`.
    public var durationText: String {
        "PT\(pad2(Int(hour)))H\(pad2(Int(minute)))M\(pad2(Int(second)))\(fraction.text)S"
    }

    /// Reads V2 Edm.Time: a duration below 24 hours (`PT12H30M`, `PT8H`, `PT45.5S`).
    public init?(durationText text: String) {
        guard let d = DayTimeDuration(text), !d.isNegative, d.seconds < 86_400 else { return nil }
        let s = Int(d.seconds)
        self.init(hour: s / 3600, minute: s / 60 % 60, second: s % 60, fraction: d.fraction)
    }

    /// Ordered by time of day.
    public static func < (a: LocalTime, b: LocalTime) -> Bool {
        (a.secondsSinceMidnight, a.fraction.picoseconds) < (b.secondsSinceMidnight, b.fraction.picoseconds)
    }
}
