import FoundationEssentials
import ODataModel

/// Spells literals as OData URL text for a version: the one place where a literal becomes URL text, for queries,
/// key predicates and function parameters (ODataClient writes its values through it too).
///
/// V4: `'O''Neil'`, `10`, `12.50`, `1.5`, `INF`, `01234567-89ab-cdef-0123-456789abcdef`, `2024-05-01`,
/// `2024-05-01T10:00:00+02:00`, `12:30:00`, `duration'P1DT2H'`, `binary'AQID'` (base64url, padded), `NS.Color'Red'`.
/// V2: `'O''Neil'`, `10L`, `12.50M`, `1.5d`, `1e+20d`, `1.5f`, `guid'...'`, `datetime'2024-05-01T10:00:00'`,
/// `datetimeoffset'...'`, `time'PT12H30M00S'`, `X'0A1B'`.
public struct LiteralFormatter: Sendable {
    /// The OData version the literals are written for.
    public let version: ODataVersion
    /// A formatter for a service of this version.
    public init(version: ODataVersion) { self.version = version }
    private var v4: Bool { version.isV4 }

    /// The URL text of a literal (not yet percent-encoded); throws for types the version does not have.
    public func text(_ l: QueryLiteral) throws -> String {
        switch l {
        case .null: return "null"
        case .boolean(let b): return b ? "true" : "false"
        case .byte(let v): return String(v)
        case .sbyte(let v): return String(v)
        case .int16(let v): return String(v)
        case .int32(let v): return String(v)
        case .int64(let v): return v4 ? String(v) : "\(v)L"
        case .decimal(let t): return v4 ? t : "\(t)M"
        case .double(let d): return v4 ? Self.floating(d) : Self.floating(d) + "d"
        case .single(let f): return v4 ? Self.floating(Double(f), single: f) : Self.floating(Double(f), single: f) + "f"
        case .string(let s): return Self.quoted(s)
        case .guid(let g): return v4 ? g : "guid'\(g)'"
        case .binary(let b):
            return v4 ? "binary'\(Base64.encode(b, url: true))'" : "X'\(Base64.hex(b))'"
        case .date(let t):
            guard v4 else { throw QueryWriteError.unsupported("the Edm.Date literal \(t)", version, hint: "OData V2 has Edm.DateTime: datetime'\(t)T00:00:00'") }
            return t
        case .timeOfDay(let t):
            guard v4 else { throw QueryWriteError.unsupported("the Edm.TimeOfDay literal \(t)", version, hint: "OData V2 has Edm.Time: time'\(QueryLiteral.isoDuration(ofTimeOfDay: t))'") }
            return t
        case .dateTimeOffset(let t): return v4 ? t : "datetimeoffset'\(t)'"
        case .duration(let t):
            guard v4 else { throw QueryWriteError.unsupported("the Edm.Duration literal \(t)", version, hint: "OData V2 has Edm.Time: time'\(t)'") }
            return "duration'\(t)'"
        case .dateTime(let t):
            guard !v4 else { throw QueryWriteError.unsupported("the Edm.DateTime literal \(t)", version, needs: "OData V2 or V3", hint: "V4 uses Edm.DateTimeOffset: \(t)Z") }
            return "datetime'\(t)'"
        case .time(let t):
            guard !v4 else { throw QueryWriteError.unsupported("the Edm.Time literal \(t)", version, needs: "OData V2 or V3", hint: "V4 uses Edm.TimeOfDay or Edm.Duration") }
            return "time'\(t)'"
        case .enumMember(let type, let member):
            guard v4 else { throw QueryWriteError.unsupported("the enum member \(type)'\(member)'", version) }
            return "\(type)'\(Self.escape(member))'"
        case .json(let t):
            guard v4 else { throw QueryWriteError.unsupported("a complex or collection value (\(t.prefix(40)))", version) }
            return t
        }
    }

    /// `'it''s'`: single quotes doubled.
    public static func quoted(_ s: String) -> String { "'" + escape(s) + "'" }
    static func escape(_ s: String) -> String { s.replacingAll("'", with: "''") }

    /// `INF`, `-INF`, `NaN`, else the shortest text that reads back as the same value.
    static func floating(_ d: Double, single: Float? = nil) -> String {
        if let special = nonFiniteText(d) { return special }
        var s = single.map { "\($0)" } ?? "\(d)"
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// OData's spelling of the numbers that are not finite, `NaN`, `INF` and `-INF`, in URLs, payloads and odsh's
    /// language alike; nil for a finite number (each writer spells those its own way).
    @inlinable package static func nonFiniteText(_ d: Double) -> String? {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-INF" : "INF" }
        return nil
    }
}
