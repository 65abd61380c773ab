import ODataModel
import ODataQuery
import Testing

/// Date literals are checked against the calendar, and a date-time with an offset meets a V2 Edm.DateTime as the
/// same instant in UTC, whatever the offset.
@Suite("calendar literals")
struct CalendarLiteralTests {
    @Test("days of the month, leap years included (proleptic Gregorian: 1900 no, 2000 yes)")
    func calendar() {
        for good in ["2024-02-29", "2000-02-29", "1997-01-31", "1997-04-30", "0000-02-29"] {
            #expect(LiteralSyntax.isDate(good), "\(good)")
            #expect(LiteralSyntax.isDateTimeOffset(good + "T10:00:00Z"), "\(good)")
            #expect(LiteralSyntax.isLocalDateTime(good + "T10:00:00"), "\(good)")
        }
        for bad in ["2023-02-29", "1900-02-29", "1997-04-31", "1997-13-45", "1997-00-10", "1997-01-00", "1997-06-31"] {
            #expect(!LiteralSyntax.isDate(bad), "\(bad)")
            #expect(!LiteralSyntax.isDateTimeOffset(bad + "T10:00:00Z"), "\(bad)")
            #expect(!LiteralSyntax.isLocalDateTime(bad + "T10:00:00"), "\(bad)")
            #expect(QueryLiteral.parse(bad, as: .date) == nil)
            #expect(LiteralSyntax.epochMilliseconds(bad) == nil)
        }
    }

    @Test("Z and +02:00 become a V2 datetime in UTC by one rule; seconds and fraction kept")
    func v2DateTime() {
        let cases = [
            ("1997-07-01T10:30:00Z", "1997-07-01T10:30:00"),
            ("1997-07-01T10:30:00+02:00", "1997-07-01T08:30:00"),
            ("1997-07-01T10:30:15.25-05:30", "1997-07-01T16:00:15.25"),
            ("1997-01-01T01:00:00+02:00", "1996-12-31T23:00:00"),
            ("2024-02-28T23:30+00:00", "2024-02-28T23:30"),
            ("2024-02-28T23:30:00-01:00", "2024-02-29T00:30:00"),
            ("1999-12-31T23:00:00-02:00", "2000-01-01T01:00:00"),
        ]
        for (given, utc) in cases {
            #expect(QueryLiteral.dateTimeOffset(given).converted(to: .dateTime) == .dateTime(utc), "\(given)")
        }
        #expect(LiteralSyntax.utcLocalDateTime("1997-07-01T10:30:00") == nil)
    }
}
