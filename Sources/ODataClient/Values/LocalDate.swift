import ODataQuery
/// A calendar date without time or offset: Edm.Date (SAP's `LocalDate`). Proleptic Gregorian; years may be
/// negative, as OData's `-0001-01-01` allows.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible, TemporalTextValue {
    /// The year; zero or negative before year 1, as OData's `-0001-01-01` allows.
    public let year: Int32
    /// The month, 1 to 12.
    public let month: UInt8
    /// The day of the month, from 1.
    public let day: UInt8

    /// A valid date, or nil (month 1-12, day within the month, leap years counted).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year),
              let y = Int32(exactly: year) else { return nil }
        self.year = y; self.month = UInt8(month); self.day = UInt8(day)
    }

    /// Parses `YYYY-MM-DD` (four or more year digits, optional leading `-`).
    public init?(_ text: String) { guard let v = Self.whole(text) else { return nil }; self = v }

    static func parse(_ t: inout ValueByteCursor) -> LocalDate? {
        let negative = t.take(UInt8(ascii: "-"))
        guard let y = t.year(), t.take(UInt8(ascii: "-")), let m = t.digits(2), t.take(UInt8(ascii: "-")),
              let d = t.digits(2) else { return nil }
        return LocalDate(year: negative ? -Int(y) : Int(y), month: m, day: d)
    }

    /// The date `days` days after 1970-01-01 (negative before it).
    public init(daysSinceEpoch days: Int) {
        let c = LiteralSyntax.civilFromDays(days)
        year = Int32(c.year); month = UInt8(c.month); day = UInt8(c.day)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { LiteralSyntax.daysFromCivil(year: Int(year), month: Int(month), day: Int(day)) }

    static func daysIn(month: Int, year: Int) -> Int { LiteralSyntax.daysInMonth(year: year, month: month) }

    /// `YYYY-MM-DD`.
    public var description: String { "\(padYear(year))-\(pad2(Int(month)))-\(pad2(Int(day)))" }

    /// Ordered by calendar.
    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
