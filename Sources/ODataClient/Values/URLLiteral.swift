import ODataModel

/// OData URL literals of values, for each version: the one place where a value becomes URL text (key
/// predicates here; filters and function parameters in the query layer can call the same function).
///
/// V4: `'O''Neil'`, `10`, `12.50`, `1.5`, `INF`, `01234567-89ab-cdef-0123-456789abcdef`, `2024-05-01`,
/// `2024-05-01T10:00:00+02:00`, `12:30:00`, `duration'P1DT2H'`, `binary'AQID'` (base64url), `NS.Color'Red'`.
/// V2: `'O''Neil'`, `10L`, `12.50M`, `1.5d`, `1.5f`, `guid'...'`, `datetime'2024-05-01T10:00:00'`,
/// `datetimeoffset'...'`, `time'PT12H30M00S'`, `X'0A1B'`.
/// The text is not percent-encoded: `percentEncodedPathSegment` does that for a path.
public enum URLLiteral {
    /// The literal for `v` in `version`; throws for values that version cannot write in a URL.
    public static func text(_ v: DataValue, version: ODataVersion) throws -> String {
        let v4 = version.isV4
        switch v {
        case .null: return "null"
        case .boolean(let b): return b ? "true" : "false"
        case .unsignedByte(let n): return String(n)
        case .byte(let n): return String(n)
        case .short(let n): return String(n)
        case .int(let n): return String(n)
        case .long(let n): return v4 ? String(n) : "\(n)L"
        case .decimal(let d): return v4 ? d.description : "\(d)M"
        case .double(let d): return v4 ? DataValue.text(of: d) : v2Floating(DataValue.text(of: d)) + "d"
        case .float(let f): return v4 ? DataValue.text(of: f) : v2Floating(DataValue.text(of: f)) + "f"
        case .string(let s): return quoted(s)
        case .guid(let g): return v4 ? g.description : "guid'\(g)'"
        case .binary(let b): return v4 ? "binary'\(BinaryEncoding.base64(b, url: true))'" : "X'\(BinaryEncoding.hex(b))'"
        case .localDate(let d):
            guard v4 else { throw unsupported("an Edm.Date value", version) }
            return d.description
        case .localTime(let t): return v4 ? t.description : "time'\(t.durationText)'"
        case .localDateTime(let t):
            guard !v4 else { throw unsupported("an Edm.DateTime value", version) }
            return "datetime'\(t)'"
        case .globalDateTime(let t): return v4 ? t.description : "datetimeoffset'\(t)'"
        case .duration(let d): return v4 ? "duration'\(d)'" : "time'\(d)'"
        case .enumValue(let e):
            guard v4, let t = e.type else { throw unsupported("an enum value", version) }
            return "\(t.qualifiedName)'\(e.name.replacingAll("'", with: "''"))'"
        case .geography: throw unsupported("a geography value", version)
        case .complex, .list, .entity, .entityList, .stream: throw unsupported("a structured value", version)
        case .untyped(let r): throw ValueConversionError("the untyped value \(r.text) has no URL literal")
        }
    }

    /// `'it''s'`: single quotes doubled.
    public static func quoted(_ s: String) -> String { "'" + s.replacingAll("'", with: "''") + "'" }

    /// V2's double literal wants an upper-case exponent mark.
    private static func v2Floating(_ s: String) -> String { s.replacingAll("e", with: "E") }

    private static func unsupported(_ what: String, _ version: ODataVersion) -> ValueConversionError {
        ValueConversionError("\(what) cannot be written as a URL literal in OData \(version.rawValue)")
    }

    /// Percent-encodes what may not stand in a URL path segment (space, `"`, `#`, `%`, `/`, `?`, `+`, controls,
    /// non-ASCII), keeping `'()=,:;@!$*` readable: some services (odatapy in `$batch`) reject `%27` for `'`.
    public static func percentEncodedPathSegment(_ s: String) -> String {
        var out = [UInt8]()
        let hex = Array("0123456789ABCDEF".utf8)
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "'"), UInt8(ascii: "("),
                 UInt8(ascii: ")"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "@"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "*"), UInt8(ascii: "&"):
                out.append(c)
            default:
                out.append(UInt8(ascii: "%")); out.append(hex[Int(c >> 4)]); out.append(hex[Int(c & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// Every occurrence of `target` replaced (without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
