import FoundationEssentials
import ODataModel

/// A Swift type that generated proxy classes use for a property's value (`odsh generate swift`): it reads itself
/// from the library's `DataValue` and writes itself back as the value of the property's declared type. The generator
/// maps each EDM type to exactly one such type (Edm.Int32 to `Int32`, Edm.Decimal to `DecimalValue`, ...), so that
/// writing a value never needs a conversion that could fail.
public protocol ProxyValue: Sendable {
    /// The value held by `value`; nil when it is null or of another kind.
    static func fromDataValue(_ value: DataValue) -> Self?
    /// This value as the library's value.
    var dataValue: DataValue { get }
    /// What a non-optional property (`--disable-optionals`) gives when the entity has no value for it (not
    /// selected, never set) or it is null.
    static var proxyDefault: Self { get }
}

extension String: ProxyValue {
    /// The text of an Edm.String value.
    public static func fromDataValue(_ value: DataValue) -> String? {
        switch value {
        case .string(let s): return s
        case .untyped(let r) where !r.isJSON: return r.text
        default: return nil
        }
    }
    /// An Edm.String value.
    public var dataValue: DataValue { .string(self) }
    /// The empty string.
    public static var proxyDefault: String { "" }
}

extension Bool: ProxyValue {
    /// An Edm.Boolean value.
    public static func fromDataValue(_ value: DataValue) -> Bool? { if case .boolean(let b) = value { return b }; return nil }
    /// An Edm.Boolean value.
    public var dataValue: DataValue { .boolean(self) }
    /// False.
    public static var proxyDefault: Bool { false }
}

extension ProxyValue where Self: FixedWidthInteger {
    /// The value of an integral value that fits (Edm.Byte, SByte, Int16, Int32, Int64, whichever the service sent).
    public static func fromDataValue(_ value: DataValue) -> Self? { value.integerValue.flatMap { Self(exactly: $0) } }
    /// Zero.
    public static var proxyDefault: Self { 0 }
}

extension ProxyValue where Self: BinaryFloatingPoint {
    /// The value of an Edm.Double or Edm.Single, rounded to this type, or of an integral value.
    public static func fromDataValue(_ value: DataValue) -> Self? {
        switch value {
        case .double(let d): return Self(d)
        case .float(let f): return Self(f)
        default: return value.integerValue.map(Self.init)
        }
    }
    /// Zero.
    public static var proxyDefault: Self { 0 }
}

extension UInt8: ProxyValue {
    /// An Edm.Byte value.
    public var dataValue: DataValue { .unsignedByte(self) }
}

extension Int8: ProxyValue {
    /// An Edm.SByte value.
    public var dataValue: DataValue { .byte(self) }
}

extension Int16: ProxyValue {
    /// An Edm.Int16 value.
    public var dataValue: DataValue { .short(self) }
}

extension Int32: ProxyValue {
    /// An Edm.Int32 value.
    public var dataValue: DataValue { .int(self) }
}

extension Int64: ProxyValue {
    /// An Edm.Int64 value.
    public var dataValue: DataValue { .long(self) }
}

extension Double: ProxyValue {
    /// An Edm.Double value.
    public var dataValue: DataValue { .double(self) }
}

extension Float: ProxyValue {
    /// An Edm.Single value.
    public var dataValue: DataValue { .float(self) }
}

extension DecimalValue: ProxyValue {
    /// An Edm.Decimal value (an integral value as a decimal).
    public static func fromDataValue(_ value: DataValue) -> DecimalValue? {
        if case .decimal(let d) = value { return d }
        return value.integerValue.map { DecimalValue($0) }
    }
    /// An Edm.Decimal value.
    public var dataValue: DataValue { .decimal(self) }
    /// Zero.
    public static var proxyDefault: DecimalValue { DecimalValue(0) }
}

extension GuidValue: ProxyValue {
    /// An Edm.Guid value.
    public static func fromDataValue(_ value: DataValue) -> GuidValue? {
        switch value {
        case .guid(let g): return g
        case .string(let s): return GuidValue(s)
        default: return nil
        }
    }
    /// An Edm.Guid value.
    public var dataValue: DataValue { .guid(self) }
    /// The nil GUID (all zeros).
    public static var proxyDefault: GuidValue { GuidValue(high: 0, low: 0) }
}

extension Data: ProxyValue {
    /// An Edm.Binary value (or a stream property loaded by `loadProperty`).
    public static func fromDataValue(_ value: DataValue) -> Data? { if case .binary(let b) = value { return Data(b) }; return nil }
    /// An Edm.Binary value.
    public var dataValue: DataValue { .binary([UInt8](self)) }
    /// No bytes.
    public static var proxyDefault: Data { Data() }
}

extension LocalDate: ProxyValue {
    /// An Edm.Date value (the date of a V2 Edm.DateTime too).
    public static func fromDataValue(_ value: DataValue) -> LocalDate? {
        switch value {
        case .localDate(let d): return d
        case .localDateTime(let d): return d.date
        default: return nil
        }
    }
    /// An Edm.Date value.
    public var dataValue: DataValue { .localDate(self) }
    /// 1970-01-01.
    public static var proxyDefault: LocalDate { LocalDate(daysSinceEpoch: 0) }
}

extension LocalTime: ProxyValue {
    /// An Edm.TimeOfDay or V2 Edm.Time value.
    public static func fromDataValue(_ value: DataValue) -> LocalTime? { if case .localTime(let t) = value { return t }; return nil }
    /// An Edm.TimeOfDay value (V2's Edm.Time is written from it too).
    public var dataValue: DataValue { .localTime(self) }
    /// Midnight.
    public static var proxyDefault: LocalTime { LocalDateTime(millisecondsSinceEpoch: 0).time }
}

extension LocalDateTime: ProxyValue {
    /// A V2/V3 Edm.DateTime value.
    public static func fromDataValue(_ value: DataValue) -> LocalDateTime? {
        switch value {
        case .localDateTime(let d): return d
        case .globalDateTime(let g): return g.local
        default: return nil
        }
    }
    /// An Edm.DateTime value.
    public var dataValue: DataValue { .localDateTime(self) }
    /// 1970-01-01T00:00:00.
    public static var proxyDefault: LocalDateTime { LocalDateTime(millisecondsSinceEpoch: 0) }
}

extension GlobalDateTime: ProxyValue {
    /// An Edm.DateTimeOffset value.
    public static func fromDataValue(_ value: DataValue) -> GlobalDateTime? { if case .globalDateTime(let g) = value { return g }; return nil }
    /// An Edm.DateTimeOffset value.
    public var dataValue: DataValue { .globalDateTime(self) }
    /// 1970-01-01T00:00:00Z.
    public static var proxyDefault: GlobalDateTime { GlobalDateTime(millisecondsSinceEpoch: 0) }
}

extension DayTimeDuration: ProxyValue {
    /// An Edm.Duration value.
    public static func fromDataValue(_ value: DataValue) -> DayTimeDuration? { if case .duration(let d) = value { return d }; return nil }
    /// An Edm.Duration value.
    public var dataValue: DataValue { .duration(self) }
    /// Zero seconds.
    public static var proxyDefault: DayTimeDuration { DayTimeDuration(seconds: 0) }
}

extension GeographyValue: ProxyValue {
    /// An Edm.Geography* or Edm.Geometry* value.
    public static func fromDataValue(_ value: DataValue) -> GeographyValue? { if case .geography(let g) = value { return g }; return nil }
    /// The value as it is.
    public var dataValue: DataValue { .geography(self) }
    /// An empty geography collection.
    public static var proxyDefault: GeographyValue {
        GeographyValue(type: .geographyCollection, geoJSON: #"{"type":"GeometryCollection","geometries":[]}"#)
    }
}

extension StreamLink: ProxyValue {
    /// The links of an Edm.Stream property.
    public static func fromDataValue(_ value: DataValue) -> StreamLink? { if case .stream(let s) = value { return s }; return nil }
    /// The links as they are.
    public var dataValue: DataValue { .stream(self) }
    /// No links.
    public static var proxyDefault: StreamLink { StreamLink() }
}

extension DataValue: ProxyValue {
    /// Any value (Edm.Untyped, Edm.PrimitiveType and other abstract types), null as nil.
    public static func fromDataValue(_ value: DataValue) -> DataValue? { value.isNull ? nil : value }
    /// The value itself.
    public var dataValue: DataValue { self }
    /// Null.
    public static var proxyDefault: DataValue { .null }
}

extension Array: ProxyValue where Element: ProxyValue {
    /// The elements of a collection value; elements of another kind are left out.
    public static func fromDataValue(_ value: DataValue) -> [Element]? {
        guard case .list(let l) = value else { return nil }
        return l.values.compactMap { Element.fromDataValue($0) }
    }
    /// A collection value (its element type is the property's, set when it is written into an entity).
    public var dataValue: DataValue { .list(DataValueList(map(\.dataValue))) }
    /// The empty collection.
    public static var proxyDefault: [Element] { [] }
}

extension EnumValue: ProxyValue {
    /// A member or a combination of flags of an enumeration type.
    public static func fromDataValue(_ value: DataValue) -> EnumValue? { if case .enumValue(let e) = value { return e }; return nil }
    /// The value as it is.
    public var dataValue: DataValue { .enumValue(self) }
    /// No flags set.
    public static var proxyDefault: EnumValue { EnumValue(type: nil, name: "0", value: 0) }
}
