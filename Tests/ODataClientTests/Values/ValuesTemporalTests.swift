import Testing
@testable import ODataClient
import ODataModel
import ODataQuery

@Suite struct ValuesTemporalTests {
    @Test func datesIncludingLeapYearsAndBeforeTheEpoch() throws {
        #expect(LocalDate("2024-02-29") != nil)
        #expect(LocalDate("2023-02-29") == nil)
        #expect(LocalDate("1900-02-29") == nil)
        #expect(LocalDate("2000-02-29") != nil)
        #expect(LocalDate("2024-13-01") == nil)
        #expect(LocalDate("24-01-01") == nil)
        let d = try #require(LocalDate("-0001-03-01"))
        #expect(d.year == -1)
        #expect(d.description == "-0001-03-01")
        for text in ["1969-07-20", "1970-01-01", "1600-03-01", "9999-12-31", "0001-01-01"] {
            let v = try #require(LocalDate(text))
            #expect(LocalDate(daysSinceEpoch: v.daysSinceEpoch) == v, "\(text)")
            #expect(v.description == text)
        }
        #expect(LocalDate("1969-12-31")!.daysSinceEpoch == -1)
    }

    @Test func timesKeepTheirFractionalDigits() throws {
        let t = try #require(LocalTime("12:30:15.1234567"))
        #expect(t.description == "12:30:15.1234567")
        #expect(t.fractionDigits == 7)
        #expect(t.nanoseconds == 123_456_700)
        #expect(LocalTime("12:30")!.description == "12:30:00")
        #expect(LocalTime("23:59:59.999999999999")!.description == "23:59:59.999999999999")
        #expect(LocalTime("24:00:00") == nil)
        #expect(LocalTime("12:60:00") == nil)
        #expect(LocalTime("12:00:00.") == nil)
        #expect(LocalTime("12:00:00.1") == LocalTime("12:00:00.100"))
    }

    @Test func dateTimeOffsetsKeepOffsetAndFraction() throws {
        for text in ["2024-01-01T10:00:00.1234567+14:00", "1969-07-20T20:17:40-12:00", "2024-06-30T23:59:59Z",
                     "2024-06-30T23:59:59.5+05:30", "0001-01-01T00:00:00Z"] {
            let v = try #require(GlobalDateTime(text), "\(text)")
            #expect(v.description == text)
        }
        let a = try #require(GlobalDateTime("2024-01-01T10:00:00+01:00"))
        let b = try #require(GlobalDateTime("2024-01-01T09:00:00Z"))
        #expect(a != b)
        #expect(a.instantCompare(b) == 0)
        #expect(a.millisecondsSinceEpoch == b.millisecondsSinceEpoch)
        #expect(GlobalDateTime("2024-01-01T10:00:00") == nil)
        #expect(GlobalDateTime("2024-01-01T10:00:00+1:00") == nil)
        #expect(GlobalDateTime("2024-01-01T10:00:00+00:00")!.description == "2024-01-01T10:00:00+00:00")
    }

    @Test func v2DateTimeFromMillisecondsAndISO() throws {
        #expect(PrimitiveTextReader.parse("/Date(836438400000)/", as: .dateTime) == .localDateTime(LocalDateTime("1996-07-04T00:00:00")!))
        #expect(PrimitiveTextReader.parse("/Date(-14182940000)/", as: .dateTime) == .localDateTime(LocalDateTime("1969-07-20T20:17:40")!))
        #expect(PrimitiveTextReader.parse("/Date(1)/", as: .dateTime)?.description == "1970-01-01T00:00:00.001")
        #expect(PrimitiveTextReader.parse("1996-07-04T00:00:00", as: .dateTime) == .localDateTime(LocalDateTime("1996-07-04T00:00")!))
        #expect(PrimitiveTextReader.parse("1996-07-04T00:00:00Z", as: .dateTime) == .localDateTime(LocalDateTime("1996-07-04T00:00")!))
        #expect(PrimitiveTextReader.parse("/Date(abc)/", as: .dateTime) == nil)
        // With an offset (minutes, as V2 JSON specifies): the instant and the offset, or the local time for DateTime.
        let dto = try #require(PrimitiveTextReader.parse("/Date(836438400000+0060)/", as: .dateTimeOffset))
        #expect(dto.description == "1996-07-04T01:00:00+01:00")
        #expect(PrimitiveTextReader.parse("/Date(836438400000-0120)/", as: .dateTimeOffset)?.description == "1996-07-03T22:00:00-02:00")
        #expect(PrimitiveTextReader.parse("/Date(836438400000+0060)/", as: .dateTime)?.description == "1996-07-04T01:00:00")
    }

    @Test func durationsAndV2Time() throws {
        #expect(DayTimeDuration("P1DT2H3M4.5S")!.description == "P1DT2H3M4.5S")
        #expect(DayTimeDuration("PT36H")!.description == "P1DT12H")
        #expect(DayTimeDuration("PT36H") == DayTimeDuration("P1DT12H"))
        #expect(DayTimeDuration("-PT1M")!.description == "-PT1M")
        #expect(DayTimeDuration("PT0S")!.description == "PT0S")
        #expect(DayTimeDuration("-PT0S")!.isNegative == false)
        #expect(DayTimeDuration("P12DT23H59M59.999999999999S")!.description == "P12DT23H59M59.999999999999S")
        for bad in ["P", "PT", "P1Y", "P1M", "PT1H1H", "1D", "PT.5S", "P1.5D", "PTS"] { #expect(DayTimeDuration(bad) == nil, "\(bad)") }
        #expect(PrimitiveTextReader.parse("PT12H30M", as: .time) == .localTime(LocalTime("12:30:00")!))
        #expect(PrimitiveTextReader.parse("PT13H20M15.25S", as: .time) == .localTime(LocalTime("13:20:15.25")!))
        #expect(PrimitiveTextReader.parse("PT25H", as: .time) == nil)
        #expect(LocalTime("08:05:09.5")!.durationText == "PT08H05M09.5S")
    }

    @Test func guids() throws {
        let g = try #require(GuidValue("005056A5-0000-1ED4-0000-09194ECA0001"))
        #expect(g.description == "005056a5-0000-1ed4-0000-09194eca0001")
        #expect(GuidValue(g.description) == g)
        #expect(GuidValue("005056A5-0000-1ED4-0000-09194ECA") == nil)
        #expect(GuidValue("005056A5x0000-1ED4-0000-09194ECA0001") == nil)
        #expect(g.bytes.count == 16)
    }

    @Test func floatingPointTextsIncludingSpecials() {
        #expect(PrimitiveTextReader.parse("INF", as: .double) == .double(.infinity))
        #expect(PrimitiveTextReader.parse("-INF", as: .double) == .double(-.infinity))
        #expect(PrimitiveTextReader.parse("NaN", as: .double) == .double(.nan))
        #expect(PrimitiveTextReader.parse("-0.0", as: .double) == .double(-0.0))
        #expect(PrimitiveTextReader.parse("-0.0", as: .double) != .double(0.0))
        #expect(PrimitiveTextReader.parse("1.7976931348623157E+308", as: .double) == .double(.greatestFiniteMagnitude))
        #expect(PrimitiveTextReader.parse("5e-324", as: .double) == .double(.leastNonzeroMagnitude))
        #expect(PrimitiveTextReader.parse("0.1", as: .double) == .double(0.1))
        // More digits than a Double holds: the nearest one (a literal written with them draws a compiler warning).
        #expect(PrimitiveTextReader.parse("123456789012345678", as: .double) == .double(123456789012345680))
        #expect(PrimitiveTextReader.parse("3.4028235E38", as: .single) == .float(.greatestFiniteMagnitude))
        #expect(PrimitiveTextReader.parse("inf", as: .double) == nil)
        #expect(PrimitiveTextReader.parse("0x10", as: .double) == nil)
        #expect(PrimitiveTextReader.parse(" 1", as: .double) == nil)
        #expect(DataValue.text(of: -0.0) == "-0.0")
        #expect(DataValue.text(of: Double.nan) == "NaN")
    }

    @Test func integersAreRangeChecked() {
        #expect(PrimitiveTextReader.parse("255", as: .byte) == .unsignedByte(255))
        #expect(PrimitiveTextReader.parse("256", as: .byte) == nil)
        #expect(PrimitiveTextReader.parse("-1", as: .byte) == nil)
        #expect(PrimitiveTextReader.parse("-128", as: .sbyte) == .byte(-128))
        #expect(PrimitiveTextReader.parse("-32768", as: .int16) == .short(.min))
        #expect(PrimitiveTextReader.parse("2147483648", as: .int32) == nil)
        #expect(PrimitiveTextReader.parse("-9223372036854775808", as: .int64) == .long(.min))
        #expect(PrimitiveTextReader.parse("9223372036854775807", as: .int64) == .long(.max))
        #expect(PrimitiveTextReader.parse("9223372036854775808", as: .int64) == nil)
        #expect(PrimitiveTextReader.parse("00000000000000000000042", as: .int64) == .long(42))
        #expect(PrimitiveTextReader.parse("1.0", as: .int32) == nil)
        #expect(PrimitiveTextReader.parse("", as: .int32) == nil)
    }

    /// A value's query literal reads back as the same value (the literal is how the client writes values in URLs,
    /// and `QueryLiteral.parse` plus `DataValue(literal)` how text becomes a value: function parameters given as text).
    @Test func valuesFromQueryLiterals() throws {
        let values: [DataValue] = [
            .null, .boolean(true), .unsignedByte(255), .byte(-128), .short(-32768), .int(7), .long(.max), .double(1.5), .float(2.25),
            .string("O'Neil"), .binary([0, 1, 255]), .decimal(try #require(DecimalValue("12.50"))),
            .guid(try #require(GuidValue("01234567-89ab-cdef-0123-456789abcdef"))), .localDate(try #require(LocalDate("2024-02-29"))),
            .localTime(try #require(LocalTime("13:20:05.5"))), .localDateTime(try #require(LocalDateTime("1996-07-04T10:00:00"))),
            .globalDateTime(try #require(GlobalDateTime("2024-05-01T10:00:00+02:00"))),
        ]
        for v in values {
            for version in [ODataVersion.v2, .v4] {
                #expect(try DataValue(v.queryLiteral(for: version)) == v, "\(v) in \(version)")
            }
        }
        // V2 has no duration of its own (Edm.Time is a time of day there).
        let duration = DataValue.duration(try #require(DayTimeDuration("P1DT2H")))
        #expect(try DataValue(duration.queryLiteral(for: .v4)) == duration)
        #expect(try DataValue(#require(QueryLiteral.parse("PT13H20M", as: .time))) == .localTime(try #require(LocalTime("13:20:00"))))
        #expect(try DataValue(#require(QueryLiteral.parse("1998-04-20T00:00", as: .dateTime))) == .localDateTime(try #require(LocalDateTime("1998-04-20T00:00:00"))))
        #expect(throws: ValueConversionError.self) { try DataValue(.time("P2D")) }
        #expect(throws: ValueConversionError.self) { try DataValue(.enumMember(type: "NS.Color", member: "Red")) }
    }
}
