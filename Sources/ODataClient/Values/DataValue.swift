import ODataModel
import ODataQuery

/// A typed OData value (SAP's `DataValue`). The cases are named after SAP's value classes:
///
/// | case | EDM type | SAP class |
/// |---|---|---|
/// | `boolean` | Edm.Boolean | BooleanValue |
/// | `unsignedByte` | Edm.Byte | UnsignedByte |
/// | `byte` | Edm.SByte | ByteValue |
/// | `short` | Edm.Int16 | ShortValue |
/// | `int` | Edm.Int32 | IntValue |
/// | `long` | Edm.Int64 | LongValue |
/// | `decimal` | Edm.Decimal | DecimalValue |
/// | `double` / `float` | Edm.Double / Edm.Single | DoubleValue / FloatValue |
/// | `string`, `guid`, `binary` | Edm.String, Edm.Guid, Edm.Binary | StringValue, GuidValue, BinaryValue |
/// | `localDate`, `localTime` | Edm.Date, Edm.TimeOfDay and V2 Edm.Time | LocalDate, LocalTime |
/// | `localDateTime` | V2/V3 Edm.DateTime | LocalDateTime |
/// | `globalDateTime` | Edm.DateTimeOffset | GlobalDateTime |
/// | `duration` | Edm.Duration | DayTimeDuration |
/// | `enumValue`, `geography` | enum types, Edm.Geography*/Geometry* | EnumValue, GeographyValue |
/// | `complex`, `list` | complex types, Collection(...) | ComplexValue, DataValueList |
/// | `entity`, `entityList` | navigation (expanded) | EntityValue, EntityValueList |
/// | `stream` | Edm.Stream, media | StreamLink |
/// | `untyped` | Edm.Untyped, dynamic or unfitting values | RawValue |
public enum DataValue: Equatable, Sendable, CustomStringConvertible {
    /// Null: the property has the value null.
    case null
    /// Edm.Boolean.
    case boolean(Bool)
    /// Edm.Byte, 0 to 255.
    case unsignedByte(UInt8)
    /// Edm.SByte, -128 to 127.
    case byte(Int8)
    /// Edm.Int16.
    case short(Int16)
    /// Edm.Int32.
    case int(Int32)
    /// Edm.Int64.
    case long(Int64)
    /// Edm.Decimal, exact.
    case decimal(DecimalValue)
    /// Edm.Double.
    case double(Double)
    /// Edm.Single.
    case float(Float)
    /// Edm.String.
    case string(String)
    /// Edm.Guid.
    case guid(GuidValue)
    /// Edm.Binary, as bytes.
    case binary([UInt8])
    /// Edm.Date.
    case localDate(LocalDate)
    /// Edm.TimeOfDay, and V2's Edm.Time.
    case localTime(LocalTime)
    /// V2/V3 Edm.DateTime: a date and time without an offset.
    case localDateTime(LocalDateTime)
    /// Edm.DateTimeOffset.
    case globalDateTime(GlobalDateTime)
    /// Edm.Duration.
    case duration(DayTimeDuration)
    /// A member (or flags combination) of an enum type.
    case enumValue(EnumValue)
    /// An Edm.Geography* or Edm.Geometry* value.
    case geography(GeographyValue)
    /// A value of a complex type.
    case complex(ComplexValue)
    /// A collection of primitive, enum or complex values.
    case list(DataValueList)
    /// An entity: an expanded single-valued navigation property.
    case entity(EntityValue)
    /// Entities: an expanded collection-valued navigation property.
    case entityList(EntityValueList)
    /// Edm.Stream: the links of a stream property or media resource, not its bytes.
    case stream(StreamLink)
    /// Edm.Untyped, a dynamic property, or a value that did not fit its declared type (lenient reading).
    case untyped(RawValue)

    /// Whether the value is null.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The EDM primitive type of a primitive value (nil for null, structured, collection and untyped values).
    public var primitiveType: PrimitiveType? {
        switch self {
        case .boolean: return .boolean
        case .unsignedByte: return .byte
        case .byte: return .sbyte
        case .short: return .int16
        case .int: return .int32
        case .long: return .int64
        case .decimal: return .decimal
        case .double: return .double
        case .float: return .single
        case .string: return .string
        case .guid: return .guid
        case .binary: return .binary
        case .localDate: return .date
        case .localTime: return .timeOfDay
        case .localDateTime: return .dateTime
        case .globalDateTime: return .dateTimeOffset
        case .duration: return .duration
        case .geography(let g): return g.type
        case .stream: return .stream
        case .enumValue(let e): return e.type?.underlyingType
        case .null, .complex, .list, .entity, .entityList, .untyped: return nil
        }
    }

    /// The value as a whole number, for every integral case.
    public var integerValue: Int64? {
        switch self {
        case .unsignedByte(let v): return Int64(v)
        case .byte(let v): return Int64(v)
        case .short(let v): return Int64(v)
        case .int(let v): return Int64(v)
        case .long(let v): return v
        default: return nil
        }
    }

    /// A plain text form for people: canonical OData text of primitives (`12.50`, `2024-01-01T10:00:00Z`,
    /// `INF`), member names of enums, GeoJSON, raw text of untyped values.
    public var description: String {
        switch self {
        case .null: return "null"
        case .boolean(let b): return b ? "true" : "false"
        case .unsignedByte(let v): return String(v)
        case .byte(let v): return String(v)
        case .short(let v): return String(v)
        case .int(let v): return String(v)
        case .long(let v): return String(v)
        case .decimal(let d): return d.description
        case .double(let d): return DataValue.text(of: d)
        case .float(let f): return DataValue.text(of: f)
        case .string(let s): return s
        case .guid(let g): return g.description
        case .binary(let b): return Base64.encode(b)
        case .localDate(let v): return v.description
        case .localTime(let v): return v.description
        case .localDateTime(let v): return v.description
        case .globalDateTime(let v): return v.description
        case .duration(let v): return v.description
        case .enumValue(let e): return e.description
        case .geography(let g): return g.description
        case .complex(let c): return c.description
        case .list(let l): return l.description
        case .entity(let e): return e.description
        case .entityList(let l): return l.description
        case .stream(let s): return s.description
        case .untyped(let r): return r.text
        }
    }

    /// `INF`, `-INF`, `NaN`, else the shortest text that reads back as the same Double (`-0.0` keeps its sign).
    public static func text(of d: Double) -> String { LiteralFormatter.nonFiniteText(d) ?? d.description }
    /// `INF`, `-INF`, `NaN`, else the shortest text that reads back as the same Float.
    public static func text(of f: Float) -> String { LiteralFormatter.nonFiniteText(Double(f)) ?? f.description }

    /// Values are equal when they have the same case and the same value; Doubles compare by bit pattern
    /// (NaN equals NaN, `-0.0` differs from `0.0`), structured values compare by content.
    public static func == (a: DataValue, b: DataValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.boolean(x), .boolean(y)): return x == y
        case let (.unsignedByte(x), .unsignedByte(y)): return x == y
        case let (.byte(x), .byte(y)): return x == y
        case let (.short(x), .short(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.long(x), .long(y)): return x == y
        case let (.decimal(x), .decimal(y)): return x == y
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        case let (.float(x), .float(y)): return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        case let (.string(x), .string(y)): return x == y
        case let (.guid(x), .guid(y)): return x == y
        case let (.binary(x), .binary(y)): return x == y
        case let (.localDate(x), .localDate(y)): return x == y
        case let (.localTime(x), .localTime(y)): return x == y
        case let (.localDateTime(x), .localDateTime(y)): return x == y
        case let (.globalDateTime(x), .globalDateTime(y)): return x == y
        case let (.duration(x), .duration(y)): return x == y
        case let (.enumValue(x), .enumValue(y)): return x == y
        case let (.geography(x), .geography(y)): return x == y
        case let (.complex(x), .complex(y)): return x.hasSameContent(as: y)
        case let (.list(x), .list(y)): return x.values == y.values
        case let (.entity(x), .entity(y)): return x.hasSameContent(as: y)
        case let (.entityList(x), .entityList(y)): return x == y
        case let (.stream(x), .stream(y)): return x == y
        case let (.untyped(x), .untyped(y)): return x == y
        default: return false
        }
    }
}
