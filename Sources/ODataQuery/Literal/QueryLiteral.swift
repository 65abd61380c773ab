import ODataModel

/// A literal value in a query, typed by its EDM primitive type (or an enumeration type).
///
/// Values whose text matters (Decimal, dates, times, durations, GUIDs) keep their text exactly as given so that
/// nothing is lost on the way to the URL; the text is checked when the literal is made through `QueryLiteral.parse`.
public enum QueryLiteral: Hashable, Sendable, CustomStringConvertible {
    /// The `null` literal.
    case null
    /// `Edm.Boolean`: `true` or `false`.
    case boolean(Bool)
    /// `Edm.Byte`: an unsigned 8-bit integer.
    case byte(UInt8)
    /// `Edm.SByte`: a signed 8-bit integer.
    case sbyte(Int8)
    /// `Edm.Int16`: a signed 16-bit integer.
    case int16(Int16)
    /// `Edm.Int32`: a signed 32-bit integer.
    case int32(Int32)
    /// `Edm.Int64`: a signed 64-bit integer (`5L` in V2).
    case int64(Int64)
    /// Edm.Decimal as exact decimal text (`12.50`, `-3`).
    case decimal(String)
    /// `Edm.Double`: an IEEE 754 double (`1.5d` in V2; `INF`, `-INF` and `NaN` as such).
    case double(Double)
    /// `Edm.Single`: an IEEE 754 float (`1.5f` in V2).
    case single(Float)
    /// `Edm.String`: text, written in single quotes with inner quotes doubled.
    case string(String)
    /// Edm.Guid as 8-4-4-4-12 hex text.
    case guid(String)
    /// `Edm.Binary`: bytes, written as `binary'base64url'` (V4) or `X'hex'` (V2).
    case binary([UInt8])
    /// Edm.Date: `YYYY-MM-DD`.
    case date(String)
    /// Edm.TimeOfDay: `hh:mm[:ss[.fffffff]]`.
    case timeOfDay(String)
    /// Edm.DateTimeOffset: `YYYY-MM-DDThh:mm[:ss[.f]](Z|±hh:mm)`.
    case dateTimeOffset(String)
    /// Edm.Duration: ISO 8601 `[-]PnDTnHnMn.nS`.
    case duration(String)
    /// V2/V3 Edm.DateTime: `YYYY-MM-DDThh:mm[:ss[.f]]` without offset.
    case dateTime(String)
    /// V2/V3 Edm.Time: an ISO 8601 duration such as `PT13H20M`.
    case time(String)
    /// A member of an enumeration type: the type's qualified name and the member's name.
    case enumMember(type: String, member: String)
    /// A complex value, a collection or an entity as JSON text (V4 only): `["a","b"]`, `{"City":"Oslo"}`. A
    /// function's parameter of such a type goes in a resource path as a parameter alias (`F(ids=@ids)?@ids=[...]`),
    /// since the URL grammar takes only primitive literals there.
    case json(String)

    /// The EDM primitive type of the literal (the underlying one is not known for enum members; nil for null).
    public var primitiveType: PrimitiveType? {
        switch self {
        case .null, .enumMember, .json: return nil
        case .boolean: return .boolean
        case .byte: return .byte
        case .sbyte: return .sbyte
        case .int16: return .int16
        case .int32: return .int32
        case .int64: return .int64
        case .decimal: return .decimal
        case .double: return .double
        case .single: return .single
        case .string: return .string
        case .guid: return .guid
        case .binary: return .binary
        case .date: return .date
        case .timeOfDay: return .timeOfDay
        case .dateTimeOffset: return .dateTimeOffset
        case .duration: return .duration
        case .dateTime: return .dateTime
        case .time: return .time
        }
    }

    /// Kind and value as one string: equality and hashing go through it so that NaN equals NaN.
    private var identity: String {
        switch self {
        case .null: return "null"
        case .boolean(let b): return "b:\(b)"
        case .byte(let v): return "u8:\(v)"
        case .sbyte(let v): return "i8:\(v)"
        case .int16(let v): return "i16:\(v)"
        case .int32(let v): return "i32:\(v)"
        case .int64(let v): return "i64:\(v)"
        case .decimal(let t): return "m:\(t)"
        case .double(let d): return d.isNaN ? "d:NaN" : "d:\(d)"
        case .single(let f): return f.isNaN ? "f:NaN" : "f:\(f)"
        case .string(let s): return "s:\(s)"
        case .guid(let t): return "g:\(t.lowercased())"
        case .binary(let b): return "x:" + b.map { String($0) }.joined(separator: ",")
        case .date(let t): return "date:\(t)"
        case .timeOfDay(let t): return "tod:\(t)"
        case .dateTimeOffset(let t): return "dto:\(t)"
        case .duration(let t): return "dur:\(t)"
        case .dateTime(let t): return "dt:\(t)"
        case .time(let t): return "time:\(t)"
        case .enumMember(let t, let m): return "enum:\(t)'\(m)"
        case .json(let t): return "json:\(t)"
        }
    }

    /// Literals are equal when they have the same kind and the same text, GUIDs ignoring case:
    /// `.decimal("1.0")` is not `.decimal("1")`.
    public static func == (a: QueryLiteral, b: QueryLiteral) -> Bool { a.identity == b.identity }
    /// Hashes the kind and the text, consistently with `==`.
    public func hash(into h: inout Hasher) { h.combine(identity) }

    /// The kind and text of the literal, for messages and tests (`i32:5`, `s:O'Neil`); not URL text.
    public var description: String { identity }

    /// True for the numeric kinds.
    public var isNumeric: Bool { primitiveType?.isNumeric ?? false }
}
