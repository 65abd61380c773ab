/// A calendar date without time or offset: Edm.Date (SAP's `LocalDate`). Proleptic Gregorian; years may be
/// negative, as OData's `-0001-01-01` allows.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int32
    public let month: UInt8
    public let day: UInt8

    /// A valid date, or nil (month 1-12, day within the month, leap years counted).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year),
              let y = Int32(exactly: year) else { return nil }
        self.year = y; self.month = UInt8(month); self.day = UInt8(day)
    }

    /// Parses `YYYY-MM-DD` (four or more year digits, optional leading `-`).
    public init?(_ text: String) {
        guard let d = text.withBytes({ b -> LocalDate? in
            var t = TextBytes(b)
            guard let d = LocalDate.parse(&t), t.atEnd else { return nil }
            return d
        }) else { return nil }
        self = d
    }

    static func parse(_ t: inout TextBytes) -> LocalDate? {
        let negative = t.take(UInt8(ascii: "-"))
        guard let y = t.year(), t.take(UInt8(ascii: "-")), let m = t.digits(2), t.take(UInt8(ascii: "-")),
              let d = t.digits(2) else { return nil }
        return LocalDate(year: negative ? -Int(y) : Int(y), month: m, day: d)
    }

    /// The date `days` days after 1970-01-01 (negative before it).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = Int32(yoe + era * 400 + (m <= 2 ? 1 : 0))
        month = UInt8(m); day = UInt8(d)
    }

    /// Days since 1970-01-01 (Hinnant's days_from_civil).
    public var daysSinceEpoch: Int {
        let y = Int(year) - (month <= 2 ? 1 : 0)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (Int(month) + 9) % 12
        let doy = (153 * mp + 2) / 5 + Int(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String { "\(padYear(year))-\(pad2(Int(month)))-\(pad2(Int(day)))" }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
