import ODataModel
import ODataQuery

/// Reads primitive values from their text: Atom element text, JSON strings (V2 `"10"` for Int64, `/Date(ms)/`,
/// `PT12H30M`; V4 dates, durations, IEEE754Compatible numbers) and JSON number text. One place for every format,
/// so that Atom and JSON of the same row give equal values.
enum PrimitiveTextReader {
    /// The value of `type` written as `b`; nil when the text does not fit the type.
    static func parse(_ b: UnsafeRawBufferPointer, as type: PrimitiveType) -> DataValue? {
        switch type {
        case .string: return .string(String(decoding: b, as: UTF8.self))
        case .boolean:
            if equals(b, "true") || equals(b, "1") { return .boolean(true) }
            if equals(b, "false") || equals(b, "0") { return .boolean(false) }
            return nil
        case .byte: return NumberParser.parseInteger(b, min: 0, max: 255).map { .unsignedByte(UInt8($0)) }
        case .sbyte: return NumberParser.parseInteger(b, min: -128, max: 127).map { .byte(Int8($0)) }
        case .int16: return NumberParser.parseInteger(b, min: Int64(Int16.min), max: Int64(Int16.max)).map { .short(Int16($0)) }
        case .int32: return NumberParser.parseInteger(b, min: Int64(Int32.min), max: Int64(Int32.max)).map { .int(Int32($0)) }
        case .int64: return NumberParser.parseInteger(b, min: .min, max: .max).map { .long($0) }
        case .decimal: return DecimalValue(bytes: b).map { .decimal($0) }
        case .double: return NumberParser.parseDouble(b).map { .double($0) }
        case .single: return NumberParser.parseFloat(b).map { .float($0) }
        case .guid: return GuidValue(bytes: b).map { .guid($0) }
        case .binary: return Base64.decode(b, skippingWhitespace: true).map { .binary($0) }
        case .date: return LocalDate.whole(b).map { .localDate($0) }
        case .timeOfDay: return LocalTime.whole(b).map { .localTime($0) }
        case .dateTimeOffset:
            if let v = isoZulu(b) { return .globalDateTime(v) }
            if let ms = msDate(b) {
                return .globalDateTime(GlobalDateTime(millisecondsSinceEpoch: ms.ms, offsetMinutes: ms.offsetMinutes ?? 0))
            }
            return GlobalDateTime.whole(b).map { .globalDateTime($0) }
        case .dateTime:
            if let ms = msDate(b) {
                return .localDateTime(LocalDateTime(millisecondsSinceEpoch: ms.ms + Int64(ms.offsetMinutes ?? 0) * 60_000))
            }
            return LocalDateTime.whole(b).map { .localDateTime($0) }
        case .duration: return DayTimeDuration.whole(b).map { .duration($0) }
        case .time:
            if let v = DayTimeDuration.whole(b) {
                guard !v.isNegative, v.seconds < 86_400 else { return nil }
                let s = Int(v.seconds)
                return LocalTime(hour: s / 3600, minute: s / 60 % 60, second: s % 60, fraction: v.fraction).map { .localTime($0) }
            }
            return LocalTime.whole(b).map { .localTime($0) }
        default:
            if type.isGeo { return .geography(GeographyValue(type: type, gmlText: String(decoding: b, as: UTF8.self))) }
            return .untyped(RawValue(text: String(decoding: b, as: UTF8.self)))
        }
    }

    static func parse(_ s: String, as type: PrimitiveType) -> DataValue? {
        s.withBytes { parse($0, as: type) }
    }

    /// The most common form, `YYYY-MM-DDThh:mm:ssZ`, read without the general parser.
    @inline(__always) static func isoZulu(_ b: UnsafeRawBufferPointer) -> GlobalDateTime? {
        guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z") else { return nil }
        @inline(__always) func d(_ i: Int) -> Int { Int(b[i] &- 48) }
        for i in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18] where b[i] &- 48 >= 10 { return nil }
        guard let date = LocalDate(year: d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3), month: d(5) * 10 + d(6), day: d(8) * 10 + d(9)),
              let time = LocalTime(hour: d(11) * 10 + d(12), minute: d(14) * 10 + d(15), second: d(17) * 10 + d(18), fraction: Fraction())
        else { return nil }
        return GlobalDateTime(local: LocalDateTime(date: date, time: time), offsetMinutes: 0, zulu: true)
    }

    /// `/Date(ms)/` or `/Date(ms±offset)/` (offset in minutes, as V2 JSON specifies).
    static func msDate(_ b: UnsafeRawBufferPointer) -> (ms: Int64, offsetMinutes: Int?)? {
        let n = b.count
        guard n >= 9, b[0] == UInt8(ascii: "/"), b[1] == UInt8(ascii: "D"), b[5] == UInt8(ascii: "("),
              b[n - 1] == UInt8(ascii: "/"), b[n - 2] == UInt8(ascii: ")") else { return nil }
        var t = ValueByteCursor(UnsafeRawBufferPointer(rebasing: b[6..<(n - 2)]))
        let negative = t.take(UInt8(ascii: "-"))
        guard let ms = t.number() else { return nil }
        var offset: Int?
        if let c = t.peek, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
            t.i += 1
            guard let o = t.number(), o < 100_000 else { return nil }
            offset = c == UInt8(ascii: "-") ? -Int(o) : Int(o)
        }
        guard t.atEnd else { return nil }
        return (negative ? -ms : ms, offset)
    }

    @inline(__always) static func equals(_ b: UnsafeRawBufferPointer, _ s: StaticString) -> Bool {
        guard b.count == s.utf8CodeUnitCount else { return false }
        for i in 0..<b.count where b[i] != s.utf8Start[i] { return false }
        return true
    }
}

extension DataValue {
    /// The value a property holds written as text: primitives as `QueryLiteral.parse` reads them (`12.50`,
    /// `2024-01-01`, `P1D`), enum members by name (flags as `A,B`), null for `null`. Nil when the text does not fit.
    /// (For a primitive type alone: `QueryLiteral.parse(text, as: type)` and `DataValue(literal)`.)
    public static func parse(_ text: String, for p: Property) -> DataValue? {
        if text == "null" { return .null }
        let shape = ValueShape(property: p)
        guard !shape.isCollection else { return nil }
        switch shape.kind {
        case .primitive(let t): return QueryLiteral.parse(text, as: t).flatMap { try? DataValue($0) }
        case .enumeration(let e): return EnumValue.parse(text, type: e).map { .enumValue($0) }
        case .complex: return nil
        case .untyped: return .untyped(RawValue(text: text))
        }
    }
}
