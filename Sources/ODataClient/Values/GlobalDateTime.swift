/// A date and time with its UTC offset: Edm.DateTimeOffset (SAP's `GlobalDateTime`). The offset and the digits
/// of the fractional second are kept as read, so `2024-01-01T10:00:00.1234567+14:00` prints back unchanged.
/// Equality compares the fields (the same instant at another offset is a different value); `instantCompare` and
/// `millisecondsSinceEpoch` compare instants.
public struct GlobalDateTime: Hashable, Sendable, CustomStringConvertible, TemporalTextValue {
    /// The local date and time at `offsetMinutes`.
    public let local: LocalDateTime
    /// Minutes east of UTC (-14:00 ... +14:00 is what OData allows; wider offsets are accepted).
    public let offsetMinutes: Int16
    /// True when written `Z` rather than `+00:00`.
    public let isZulu: Bool

    /// The local date and time at this offset; `zulu` (default: offset 0) writes it with `Z`.
    public init(local: LocalDateTime, offsetMinutes: Int = 0, zulu: Bool? = nil) {
        self.local = local
        self.offsetMinutes = Int16(clamping: offsetMinutes)
        self.isZulu = zulu ?? (offsetMinutes == 0)
    }

    /// Parses `YYYY-MM-DDThh:mm[:ss[.f]](Z|±hh:mm)`.
    public init?(_ text: String) { guard let v = Self.whole(text) else { return nil }; self = v }

    static func parse(_ t: inout ValueByteCursor) -> GlobalDateTime? {
        guard let d = LocalDate.parse(&t), t.take(UInt8(ascii: "T")) || t.take(UInt8(ascii: "t")),
              let time = LocalTime.parse(&t), let offset = parseOffset(&t) else { return nil }
        return GlobalDateTime(local: LocalDateTime(date: d, time: time), offsetMinutes: offset.minutes, zulu: offset.zulu)
    }

    static func parseOffset(_ t: inout ValueByteCursor) -> (minutes: Int, zulu: Bool)? {
        if t.take(UInt8(ascii: "Z")) || t.take(UInt8(ascii: "z")) { return (0, true) }
        let sign: Int
        if t.take(UInt8(ascii: "+")) { sign = 1 } else if t.take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let h = t.digits(2), t.take(UInt8(ascii: ":")), let m = t.digits(2), h <= 23, m <= 59 else { return nil }
        return (sign * (h * 60 + m), false)
    }

    /// The instant `ms` after the epoch, shown at `offsetMinutes`.
    public init(millisecondsSinceEpoch ms: Int64, offsetMinutes: Int = 0) {
        self.init(local: LocalDateTime(millisecondsSinceEpoch: ms + Int64(offsetMinutes) * 60_000), offsetMinutes: offsetMinutes)
    }

    /// Milliseconds since the epoch of the instant (fractions below a millisecond dropped).
    public var millisecondsSinceEpoch: Int64 { local.millisecondsSinceEpoch - Int64(offsetMinutes) * 60_000 }

    /// Orders by instant; sub-millisecond digits break ties.
    public func instantCompare(_ other: GlobalDateTime) -> Int {
        let a = millisecondsSinceEpoch, b = other.millisecondsSinceEpoch
        if a != b { return a < b ? -1 : 1 }
        let fa = local.time.fraction.picoseconds % 1_000_000_000, fb = other.local.time.fraction.picoseconds % 1_000_000_000
        return fa == fb ? 0 : (fa < fb ? -1 : 1)
    }

    /// `Z` or `±hh:mm`.
    public var offsetText: String {
        if isZulu && offsetMinutes == 0 { return "Z" }
        let a = abs(Int(offsetMinutes))
        return (offsetMinutes < 0 ? "-" : "+") + pad2(a / 60) + ":" + pad2(a % 60)
    }

    /// `YYYY-MM-DDThh:mm:ss[.f]` and `Z` or `±hh:mm`.
    public var description: String { local.description + offsetText }

    /// Equal when the local date and time and the offset are (not the instant: see `instantCompare`).
    public static func == (a: GlobalDateTime, b: GlobalDateTime) -> Bool {
        a.local == b.local && a.offsetMinutes == b.offsetMinutes
    }
    /// Hashes what `==` compares.
    public func hash(into h: inout Hasher) { h.combine(local); h.combine(offsetMinutes) }
}
