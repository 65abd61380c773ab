import Testing
@testable import ODataClient

@Suite struct ValuesDecimalTests {
    @Test(arguments: [
        ("12.50", "1250", 2, false, "12.50"),
        ("-0.05", "5", 2, true, "-0.05"),
        ("0", "0", 0, false, "0"),
        ("-0", "0", 0, false, "0"),
        ("007.10", "710", 2, false, "7.10"),
        ("1.5E3", "1500", 0, false, "1500"),
        ("1.5e-3", "15", 4, false, "0.0015"),
        ("+3", "3", 0, false, "3"),
        ("12345678901234567890.1234567890", "123456789012345678901234567890", 10, false, "12345678901234567890.1234567890"),
        ("-99999999999999999999999999999.9", "999999999999999999999999999999", 1, true, "-99999999999999999999999999999.9"),
    ])
    func parsesAndPrintsExactly(text: String, digits: String, scale: Int, negative: Bool, printed: String) throws {
        let d = try #require(DecimalValue(text))
        #expect(d.digits == digits)
        #expect(d.scale == scale)
        #expect(d.isNegative == negative)
        #expect(d.description == printed)
    }

    @Test(arguments: ["", "-", ".", "1.", ".5e", "1e", "abc", "1.2.3", "1,5", "0x10", "INF", "NaN", " 1"])
    func rejectsWhatIsNotADecimal(text: String) {
        #expect(DecimalValue(text) == nil)
    }

    @Test func equalityAndOrderAreNumeric() throws {
        let a = try #require(DecimalValue("12.5")), b = try #require(DecimalValue("12.50"))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(!a.isIdentical(to: b))
        let values = ["-10.5", "-2", "-0.001", "0", "0.0009", "0.001", "1", "1.01", "9.99", "10", "100.0000001"].map { DecimalValue($0)! }
        #expect(values == values.shuffled().sorted())
        for (x, y) in zip(values, values.dropFirst()) { #expect(x < y, "\(x) < \(y)") }
    }

    @Test func neverGoesThroughDouble() throws {
        // 0.1 + 0.2 style values and more digits than a Double holds stay exact.
        let d = try #require(DecimalValue("0.30000000000000000000000000001"))
        #expect(d.description == "0.30000000000000000000000000001")
        #expect(d.precision == 29)
        #expect(DecimalValue("123456789012345678901234567890")!.int64Value == nil)
        #expect(DecimalValue("-9223372036854775808")!.int64Value == Int64.min)
        #expect(DecimalValue("42.000")!.int64Value == 42)
    }
}
