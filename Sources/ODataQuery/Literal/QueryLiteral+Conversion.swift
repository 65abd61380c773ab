import ODataModel

extension QueryLiteral {
    /// A literal of `type` read from its plain text form (`12.5`, `1997-01-01`, a GUID, `P1D`); nil when the text
    /// cannot be a value of that type.
    public static func parse(_ text: String, as type: PrimitiveType) -> QueryLiteral? {
        switch type {
        case .string: return .string(text)
        case .boolean:
            switch text.lowercased() { case "true": return .boolean(true); case "false": return .boolean(false); default: return nil }
        case .byte: return UInt8(text).map { .byte($0) }
        case .sbyte: return Int8(text).map { .sbyte($0) }
        case .int16: return Int16(text).map { .int16($0) }
        case .int32: return Int32(text).map { .int32($0) }
        case .int64: return Int64(text).map { .int64($0) }
        case .decimal: return LiteralSyntax.isDecimal(text) ? .decimal(text) : nil
        case .double: return parseFloating(text).map { .double($0) }
        case .single: return parseFloating(text).map { .single(Float($0)) }
        case .guid: return LiteralSyntax.isGuid(text) ? .guid(text) : nil
        case .date: return LiteralSyntax.isDate(text) ? .date(text) : nil
        case .timeOfDay: return LiteralSyntax.isTimeOfDay(text) ? .timeOfDay(text) : nil
        case .dateTimeOffset: return LiteralSyntax.isDateTimeOffset(text) ? .dateTimeOffset(text) : nil
        case .duration: return LiteralSyntax.isDuration(text) ? .duration(text) : nil
        case .dateTime: return LiteralSyntax.isLocalDateTime(text) ? .dateTime(text) : nil
        case .time: return LiteralSyntax.isDuration(text) ? .time(text) : nil
        case .binary: return Base64.decode(text).map { .binary($0) }
        default: return nil
        }
    }

    static func parseFloating(_ text: String) -> Double? {
        switch text {
        case "INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default:
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
            return Double(text)
        }
    }

    /// This literal as a value of `type`, when it can be one without losing anything: integers widen or narrow
    /// within range, integers and decimals become floating, a date becomes midnight of a date-time, text becomes a
    /// date, time, duration or GUID when it reads as one, a date-time with an offset becomes a V2 DateTime in UTC.
    /// Text never becomes a number or a Boolean.
    public func converted(to type: PrimitiveType) -> QueryLiteral? {
        if self == .null { return .null }
        if primitiveType == type { return self }
        switch self {
        case .byte(let v): return Self.integer(Int64(v), as: type)
        case .sbyte(let v): return Self.integer(Int64(v), as: type)
        case .int16(let v): return Self.integer(Int64(v), as: type)
        case .int32(let v): return Self.integer(Int64(v), as: type)
        case .int64(let v): return Self.integer(v, as: type)
        case .decimal(let t):
            switch type {
            case .double: return Double(t).map { .double($0) }
            case .single: return Float(t).map { .single($0) }
            default: return nil
            }
        case .double(let d):
            switch type {
            case .single: return .single(Float(d))
            case .decimal: return d.isFinite ? .decimal(Self.shortest(d)) : nil
            default: return nil
            }
        case .single(let f): return type == .double ? .double(Double(f)) : nil
        case .string(let s):
            switch type {
            case .guid, .date, .timeOfDay, .dateTimeOffset, .duration, .dateTime, .time:
                if let v = Self.parse(s, as: type) { return v }
                // '1997-07-04' is also midnight of a date-time; '10:30' also a V2 Edm.Time.
                if LiteralSyntax.isDate(s) { return QueryLiteral.date(s).converted(to: type) }
                if LiteralSyntax.isTimeOfDay(s) { return QueryLiteral.timeOfDay(s).converted(to: type) }
                return nil
            default: return nil
            }
        case .date(let t):
            switch type {
            case .dateTimeOffset: return .dateTimeOffset(t + "T00:00:00Z")
            case .dateTime: return .dateTime(t + "T00:00:00")
            default: return nil
            }
        case .dateTime(let t):
            switch type {
            case .dateTimeOffset: return .dateTimeOffset(Self.withSeconds(t) + "Z")
            case .date:
                // A V2 datetime'...' at midnight is that day (as V2 services write an Edm.Date).
                guard let tIndex = t.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return nil }
                let time = t[t.index(after: tIndex)...]
                guard time.allSatisfy({ $0 == "0" || $0 == ":" || $0 == "." }) else { return nil }
                return .date(String(t[..<tIndex]))
            default: return nil
            }
        case .dateTimeOffset(let t):
            // A V2 datetime'...' has no offset and SAP reads it as UTC: `Z` and `+02:00` alike become the same instant
            // in UTC (10:00+02:00 is datetime'...T08:00').
            if type == .dateTime { return LiteralSyntax.utcLocalDateTime(t).map { .dateTime($0) } }
            return nil
        case .timeOfDay(let t):
            return type == .time ? .time(Self.isoDuration(ofTimeOfDay: t)) : nil
        case .duration(let t):
            return type == .time ? .time(t) : nil
        case .time(let t):
            if type == .duration { return .duration(t) }
            // A V2 time'PT13H20M' is a time of day when it is one (less than 24 hours).
            if type == .timeOfDay, let tod = Self.timeOfDay(ofDuration: t) { return .timeOfDay(tod) }
            return nil
        default:
            return nil
        }
    }

    private static func integer(_ v: Int64, as type: PrimitiveType) -> QueryLiteral? {
        switch type {
        case .byte: return UInt8(exactly: v).map { .byte($0) }
        case .sbyte: return Int8(exactly: v).map { .sbyte($0) }
        case .int16: return Int16(exactly: v).map { .int16($0) }
        case .int32: return Int32(exactly: v).map { .int32($0) }
        case .int64: return .int64(v)
        case .decimal: return .decimal(String(v))
        case .double: return .double(Double(v))
        case .single: return .single(Float(v))
        default: return nil
        }
    }

    /// `12:30` → `12:30:00`.
    static func withSeconds(_ t: String) -> String {
        guard let tIndex = t.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return t }
        let time = t[t.index(after: tIndex)...]
        return time.count == 5 ? t + ":00" : t
    }

    /// `PT13H20M5.5S` → `13:20:05.5`; nil for a duration with days or of 24 hours or more.
    static func timeOfDay(ofDuration t: String) -> String? {
        guard t.hasPrefix("PT") else { return nil }
        var h = 0, m = 0, sec = "0"
        var number = ""
        for c in t.dropFirst(2) {
            if c.isASCII && (c.isNumber || c == ".") { number.append(c); continue }
            switch c {
            case "H": guard let v = Int(number) else { return nil }; h = v
            case "M": guard let v = Int(number) else { return nil }; m = v
            case "S": guard !number.isEmpty, Double(number) != nil else { return nil }; sec = number
            default: return nil
            }
            number = ""
        }
        guard number.isEmpty, h < 24, m < 60, let s = Double(sec), s < 60 else { return nil }
        let whole = sec.split(separator: ".", maxSplits: 1)
        let seconds = (whole[0].count < 2 ? "0" : "") + whole[0] + (whole.count > 1 ? "." + whole[1] : "")
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(h)):\(two(m)):\(seconds)"
    }

    /// `13:20:05.5` → `PT13H20M5.5S`, the V2 Edm.Time form.
    static func isoDuration(ofTimeOfDay t: String) -> String {
        let parts = t.split(separator: ":")
        let h = Int(parts[0]) ?? 0, m = Int(parts[1]) ?? 0
        var s = parts.count > 2 ? String(parts[2]) : "0"
        while s.count > 1, s.hasPrefix("0"), !s.hasPrefix("0.") { s.removeFirst() }
        var out = "PT"
        if h > 0 { out += "\(h)H" }
        if m > 0 { out += "\(m)M" }
        if s != "0" || out == "PT" { out += "\(s)S" }
        return out
    }

    /// The shortest text that reads back as the same Double (`1.5`, `1e+20`).
    static func shortest(_ d: Double) -> String {
        var s = "\(d)"
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
