import FoundationEssentials
import ODataModel

/// How the library's values map to Swift's own types and back, for `EntityValue.decode(_:)` and
/// `EntityValue.encode(_:as:in:)` (whose doc comment has the table).
enum SwiftValueConversion {
    // MARK: OData to Swift

    /// `value` as a `T` of the table above; nil when `T` is none of those types (it decodes itself then). Throws
    /// when `T` is one of them and the value does not fit it.
    static func swiftValue<T>(_ type: T.Type, from value: DataValue, path: [any CodingKey]) throws -> T? {
        func fit(_ v: Any?) throws -> T {
            guard let x = v as? T else {
                throw DecodingError.typeMismatch(T.self, .init(codingPath: path, debugDescription:
                    "\(path.pathText): \(value.kindName) \(shortText(value)) does not fit \(T.self)"))
            }
            return x
        }
        switch type {
        case is String.Type: return try fit(text(of: value))
        case is Bool.Type: if case .boolean(let b) = value { return try fit(b) }; return try fit(nil)
        case is Int.Type: return try fit(integer(value, Int.self, path))
        case is Int64.Type: return try fit(integer(value, Int64.self, path))
        case is Int32.Type: return try fit(integer(value, Int32.self, path))
        case is Int16.Type: return try fit(integer(value, Int16.self, path))
        case is Int8.Type: return try fit(integer(value, Int8.self, path))
        case is UInt.Type: return try fit(integer(value, UInt.self, path))
        case is UInt64.Type: return try fit(integer(value, UInt64.self, path))
        case is UInt32.Type: return try fit(integer(value, UInt32.self, path))
        case is UInt16.Type: return try fit(integer(value, UInt16.self, path))
        case is UInt8.Type: return try fit(integer(value, UInt8.self, path))
        case is Double.Type: return try fit(double(value))
        case is Float.Type: return try fit(double(value).map { Float($0) })
        case is Decimal.Type: return try fit(decimal(value).flatMap { Decimal(string: $0.description) })
        case is DecimalValue.Type: return try fit(decimal(value))
        case is Date.Type: return try fit(date(value))
        case is UUID.Type: return try fit(guid(value).flatMap { UUID(uuidString: $0.description) })
        case is GuidValue.Type: return try fit(guid(value))
        case is Data.Type: if case .binary(let b) = value { return try fit(Data(b)) }; return try fit(nil)
        case is [UInt8].Type: if case .binary(let b) = value { return try fit(b) }; return try fit(nil)
        case is LocalDate.Type: if case .localDate(let v) = value { return try fit(v) }; return try fit(nil)
        case is LocalTime.Type: if case .localTime(let v) = value { return try fit(v) }; return try fit(nil)
        case is LocalDateTime.Type: if case .localDateTime(let v) = value { return try fit(v) }; return try fit(nil)
        case is GlobalDateTime.Type: if case .globalDateTime(let v) = value { return try fit(v) }; return try fit(nil)
        case is DayTimeDuration.Type: if case .duration(let v) = value { return try fit(v) }; return try fit(nil)
        case is EnumValue.Type: if case .enumValue(let v) = value { return try fit(v) }; return try fit(nil)
        default: return nil
        }
    }

    /// The text of strings and of values whose OData text is what a Swift program wants as a string: GUIDs, enum
    /// members, dates, times and durations (ISO 8601), decimals (every digit); nil for others.
    private static func text(of v: DataValue) -> String? {
        switch v {
        case .string(let s): return s
        case .untyped(let r): return r.isJSON ? nil : r.text
        case .guid, .enumValue, .localDate, .localTime, .localDateTime, .globalDateTime, .duration, .decimal: return v.description
        default: return nil
        }
    }

    private static func integer<I: FixedWidthInteger>(_ v: DataValue, _: I.Type, _ path: [any CodingKey]) throws -> I? {
        let n: Int64?
        if case .decimal(let d) = v { n = d.int64Value } else { n = v.integerValue }
        guard let n else { return nil }
        guard let x = I(exactly: n) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(path.pathText): \(n) is out of range for \(I.self)"))
        }
        return x
    }

    private static func double(_ v: DataValue) -> Double? {
        switch v {
        case .double(let d): return d
        case .float(let f): return Double(f)
        case .decimal(let d): return d.doubleValue
        default: return v.integerValue.map(Double.init)
        }
    }

    private static func decimal(_ v: DataValue) -> DecimalValue? {
        if case .decimal(let d) = v { return d }
        return v.integerValue.map { DecimalValue($0) }
    }

    private static func guid(_ v: DataValue) -> GuidValue? {
        switch v {
        case .guid(let g): return g
        case .string(let s): return GuidValue(s)
        default: return nil
        }
    }

    /// Date-times as instants; a V2 DateTime and a Date as UTC.
    private static func date(_ v: DataValue) -> Date? {
        switch v {
        case .globalDateTime(let g): return instant(g.local, offsetMinutes: Int(g.offsetMinutes))
        case .localDateTime(let l): return instant(l, offsetMinutes: 0)
        case .localDate(let d): return Date(timeIntervalSince1970: Double(d.daysSinceEpoch) * 86_400)
        default: return nil
        }
    }

    private static func instant(_ l: LocalDateTime, offsetMinutes: Int) -> Date {
        let seconds = l.date.daysSinceEpoch * 86_400 + l.time.secondsSinceMidnight - offsetMinutes * 60
        return Date(timeIntervalSince1970: Double(seconds) + Double(l.time.nanoseconds) / 1e9)
    }

    /// A value's text for a message, cut short.
    static func shortText(_ v: DataValue) -> String {
        switch v {
        case .complex, .entity, .entityList, .list, .null: return ""
        default:
            let t = v.description
            let cut = t.count > 40 ? String(t.prefix(40)) + "…" : t
            if case .string = v { return "\"\(cut)\"" }
            return cut
        }
    }

    // MARK: Swift to OData

    /// `value` as a value of a property of this shape (its primitive or enum type), checked; nil when `value` is of
    /// no type of the table above (it encodes itself then). Throws when it is and does not fit.
    static func dataValue(_ value: Any, shape: ValueShape, path: [any CodingKey]) throws -> DataValue? {
        if let d = value as? DataValue { return d }
        guard isTableValue(value) else { return nil }
        let converted: DataValue?
        switch shape.kind {
        case .untyped: converted = natural(value)
        case .enumeration(let e):
            converted = (value as? String).flatMap { EnumValue.parse($0, type: e) }.map { .enumValue($0) }
                ?? (value as? EnumValue).map { .enumValue($0) }
        case .primitive(let t): converted = try primitive(value, t, path: path)
        case .complex: converted = nil
        }
        guard let converted else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription:
                "\(path.pathText): expected \(shape.isCollection ? "an element of " : "")\(shape.typeName), got \(describe(value))"))
        }
        return converted
    }

    /// True for values of the types `dataValue` converts (others encode themselves into a container).
    static func isTableValue(_ v: Any) -> Bool {
        switch v {
        case is String, is Bool, is Double, is Float, is Decimal, is DecimalValue, is Date, is UUID, is GuidValue, is Data,
             is [UInt8], is LocalDate, is LocalTime, is LocalDateTime, is GlobalDateTime, is DayTimeDuration, is EnumValue:
            return true
        default: return v is any BinaryInteger
        }
    }

    /// Values of a dynamic or untyped property: each Swift type's obvious OData type.
    private static func natural(_ v: Any) -> DataValue? {
        switch v {
        case let s as String: return .string(s)
        case let b as Bool: return .boolean(b)
        case let n as Int32: return .int(n)
        case let n as Int16: return .short(n)
        case let n as any BinaryInteger: return Int64(exactly: n).map { .long($0) }
        case let d as Double: return .double(d)
        case let f as Float: return .float(f)
        case let d as Decimal: return DecimalValue(d.description).map { .decimal($0) }
        case let d as DecimalValue: return .decimal(d)
        case let d as Date: return .globalDateTime(globalDateTime(d))
        case let u as UUID: return GuidValue(u.uuidString).map { .guid($0) }
        case let g as GuidValue: return .guid(g)
        case let d as Data: return .binary([UInt8](d))
        case let b as [UInt8]: return .binary(b)
        case let v as LocalDate: return .localDate(v)
        case let v as LocalTime: return .localTime(v)
        case let v as LocalDateTime: return .localDateTime(v)
        case let v as GlobalDateTime: return .globalDateTime(v)
        case let v as DayTimeDuration: return .duration(v)
        case let v as EnumValue: return .enumValue(v)
        default: return nil
        }
    }

    /// A Swift value as a value of primitive type `t`, nil when it does not fit.
    private static func primitive(_ v: Any, _ t: PrimitiveType, path: [any CodingKey]) throws -> DataValue? {
        switch t {
        case .string: return (v as? String).map { .string($0) }
        case .boolean: return (v as? Bool).map { .boolean($0) }
        case .byte, .sbyte, .int16, .int32, .int64:
            let n: Int64?
            switch v {
            case let i as any BinaryInteger: n = Int64(exactly: i)
            case let d as Decimal: n = DecimalValue(d.description)?.int64Value
            case let d as DecimalValue: n = d.int64Value
            default: return nil
            }
            guard let n, let value = integer(n, t) else {
                throw EncodingError.invalidValue(v, .init(codingPath: path, debugDescription: "\(path.pathText): \(v) is out of range for \(t.rawValue)"))
            }
            return value
        case .decimal:
            switch v {
            case let d as DecimalValue: return .decimal(d)
            case let d as Decimal: return DecimalValue(d.description).map { .decimal($0) }
            case let i as any BinaryInteger: return Int64(exactly: i).map { .decimal(DecimalValue($0)) }
            case let d as Double: return d.isFinite ? DecimalValue(d.description).map { .decimal($0) } : nil
            case let s as String: return DecimalValue(s).map { .decimal($0) }
            default: return nil
            }
        case .double, .single:
            let d: Double?
            switch v {
            case let x as Double: d = x
            case let x as Float: d = Double(x)
            case let x as any BinaryInteger: d = Double(exactly: x)
            case let x as Decimal: d = Double(x.description)
            case let x as DecimalValue: d = x.doubleValue
            default: d = nil
            }
            guard let d else { return nil }
            return t == .double ? .double(d) : .float(Float(d))
        case .guid:
            switch v {
            case let g as GuidValue: return .guid(g)
            case let u as UUID: return GuidValue(u.uuidString).map { .guid($0) }
            case let s as String: return GuidValue(s).map { .guid($0) }
            default: return nil
            }
        case .binary:
            switch v {
            case let d as Data: return .binary([UInt8](d))
            case let b as [UInt8]: return .binary(b)
            default: return nil
            }
        case .date:
            switch v {
            case let d as LocalDate: return .localDate(d)
            case let d as Date: return .localDate(globalDateTime(d).local.date)
            case let s as String: return LocalDate(s).map { .localDate($0) }
            default: return nil
            }
        case .timeOfDay, .time:
            switch v {
            case let d as LocalTime: return .localTime(d)
            case let s as String: return LocalTime(s).map { .localTime($0) }
            default: return nil
            }
        case .dateTime:
            switch v {
            case let d as LocalDateTime: return .localDateTime(d)
            case let d as Date: return .localDateTime(globalDateTime(d).local)
            case let s as String: return LocalDateTime(s).map { .localDateTime($0) }
            default: return nil
            }
        case .dateTimeOffset:
            switch v {
            case let d as GlobalDateTime: return .globalDateTime(d)
            case let d as Date: return .globalDateTime(globalDateTime(d))
            case let s as String: return GlobalDateTime(s).map { .globalDateTime($0) }
            default: return nil
            }
        case .duration:
            switch v {
            case let d as DayTimeDuration: return .duration(d)
            case let s as String: return DayTimeDuration(s).map { .duration($0) }
            default: return nil
            }
        default: return nil
        }
    }

    /// A whole number as a value of integral type `t`; nil when out of its range.
    private static func integer(_ n: Int64, _ t: PrimitiveType) -> DataValue? {
        switch t {
        case .byte: return UInt8(exactly: n).map { .unsignedByte($0) }
        case .sbyte: return Int8(exactly: n).map { .byte($0) }
        case .int16: return Int16(exactly: n).map { .short($0) }
        case .int32: return Int32(exactly: n).map { .int($0) }
        default: return .long(n)
        }
    }

    /// An instant in UTC (`Z`), to the microsecond (what a `Date` holds at today's dates), with no trailing zeros in
    /// the fraction: a service's `Precision` facet refuses digits it does not keep.
    private static func globalDateTime(_ d: Date) -> GlobalDateTime {
        let t = d.timeIntervalSince1970
        var whole = Int64(t.rounded(.down))
        var micros = Int64(((t - Double(whole)) * 1e6).rounded())
        if micros >= 1_000_000 { whole += 1; micros -= 1_000_000 }
        let days = Int(whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400)
        let rest = Int(whole - Int64(days) * 86_400)
        var digits = micros == 0 ? 0 : 6
        var m = micros
        while digits > 0, m % 10 == 0 { m /= 10; digits -= 1 }
        let time = LocalTime(hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60,
                             fraction: Fraction(picoseconds: micros * 1_000_000, digits: UInt8(digits)))!
        return GlobalDateTime(local: LocalDateTime(date: LocalDate(daysSinceEpoch: days), time: time), offsetMinutes: 0, zulu: true)
    }

    /// A Swift value for a message: its type, and its text when short.
    static func describe(_ v: Any) -> String {
        let text = "\(v)"
        let type = "\(Swift.type(of: v))"
        if v is String { return "String \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\"" }
        return text.count > 40 ? type : "\(type) \(text)"
    }
}
