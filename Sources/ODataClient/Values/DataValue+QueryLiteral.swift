import ODataModel
import ODataQuery

extension DataValue {
    /// This value as a query literal, for writing it in a URL with `LiteralFormatter` (ODataQuery's one writer of
    /// OData literals). V2 has Edm.Time for a time of day and for a duration; the formatter refuses what the version
    /// cannot write (an Edm.Date in V2, an Edm.DateTime in V4). Complex values, collections and entities become V4
    /// JSON text (`.json`). Throws for values that have no literal: structured values in V2, streams, geography,
    /// untyped, and enum values without their type.
    public func queryLiteral(for version: ODataVersion) throws -> QueryLiteral {
        switch self {
        case .null: return .null
        case .boolean(let b): return .boolean(b)
        case .unsignedByte(let n): return .byte(n)
        case .byte(let n): return .sbyte(n)
        case .short(let n): return .int16(n)
        case .int(let n): return .int32(n)
        case .long(let n): return .int64(n)
        case .decimal(let d): return .decimal(d.description)
        case .double(let d): return .double(d)
        case .float(let f): return .single(f)
        case .string(let s): return .string(s)
        case .guid(let g): return .guid(g.description)
        case .binary(let b): return .binary(b)
        case .localDate(let d): return .date(d.description)
        case .localTime(let t): return version.isV4 ? .timeOfDay(t.description) : .time(t.durationText)
        case .localDateTime(let t): return .dateTime(t.description)
        case .globalDateTime(let t): return .dateTimeOffset(t.description)
        case .duration(let d): return version.isV4 ? .duration(d.description) : .time(d.description)
        case .enumValue(let e):
            guard let t = e.type else { throw ValueConversionError("the enum value \(e.name) has no type, so no URL literal") }
            return .enumMember(type: t.qualifiedName, member: e.name)
        case .geography: throw ValueConversionError("a geography value has no URL literal")
        case .complex, .list, .entity, .entityList:
            // V4 writes these as JSON (a function's parameter goes as an alias); V2 URLs have no such literal.
            guard version.isV4 else { throw ValueConversionError("a complex or collection value has no OData \(version.rawValue) URL literal") }
            let o = JSONOutput(capacity: 256)
            JSONValueWriter(dialect: .v4).write(self, to: o)
            return .json(String(decoding: o.array, as: UTF8.self))
        case .stream: throw ValueConversionError("a stream has no URL literal")
        case .untyped(let r): throw ValueConversionError("the untyped value \(r.text) has no URL literal")
        }
    }
}

extension DataValue {
    /// The value of a query literal: text made a literal by `QueryLiteral.parse` (ODataQuery's one reader of values
    /// written as text) becomes a typed value here. A V2 Edm.Time becomes a time of day, as payloads read it. Throws
    /// for an enum member (its type is not known here) and for text the value types cannot hold (a time of 24 hours
    /// or more as an Edm.Time).
    public init(_ literal: QueryLiteral) throws {
        func typed(_ text: String, _ type: PrimitiveType) throws -> DataValue {
            guard let v = PrimitiveTextReader.parse(text, as: type) else {
                throw ValueConversionError("\(text) is not a value of \(type.rawValue)")
            }
            return v
        }
        switch literal {
        case .null: self = .null
        case .boolean(let b): self = .boolean(b)
        case .byte(let n): self = .unsignedByte(n)
        case .sbyte(let n): self = .byte(n)
        case .int16(let n): self = .short(n)
        case .int32(let n): self = .int(n)
        case .int64(let n): self = .long(n)
        case .double(let d): self = .double(d)
        case .single(let f): self = .float(f)
        case .string(let s): self = .string(s)
        case .binary(let b): self = .binary(b)
        case .decimal(let t): self = try typed(t, .decimal)
        case .guid(let t): self = try typed(t, .guid)
        case .date(let t): self = try typed(t, .date)
        case .timeOfDay(let t): self = try typed(t, .timeOfDay)
        case .dateTimeOffset(let t): self = try typed(t, .dateTimeOffset)
        case .duration(let t): self = try typed(t, .duration)
        case .dateTime(let t): self = try typed(t, .dateTime)
        case .time(let t): self = try typed(t, .time)
        case .enumMember(let type, let member):
            throw ValueConversionError("the enum member \(type)'\(member)' needs its type: EnumValue.parse reads it")
        case .json(let t):
            throw ValueConversionError("the JSON value \(t.prefix(40)) needs its type: a payload reader reads it")
        }
    }
}

extension LiteralFormatter {
    /// The URL text of a value (not yet percent-encoded): `'O''Neil'`, V2 `10L`, `12.50M`, `datetime'...'`, V4
    /// `2024-05-01`, `duration'P1D'`. Throws `ValueConversionError` for values without a literal and
    /// `QueryWriteError` for types the version does not have.
    public func text(_ value: DataValue) throws -> String { try text(value.queryLiteral(for: version)) }
}
