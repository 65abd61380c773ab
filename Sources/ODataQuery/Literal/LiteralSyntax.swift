/// Checks the text forms of date, time, duration, GUID and decimal literals (the forms OData's ABNF allows).
public enum LiteralSyntax {
    private static func digits(_ u: [UInt8], _ i: inout Int, _ n: Int) -> Int? {
        guard i + n <= u.count else { return nil }
        var v = 0
        for k in i..<(i + n) {
            guard u[k] >= 48, u[k] <= 57 else { return nil }
            v = v * 10 + Int(u[k] - 48)
        }
        i += n
        return v
    }
    private static func expect(_ u: [UInt8], _ i: inout Int, _ c: Character) -> Bool {
        guard i < u.count, u[i] == c.asciiValue! else { return false }
        i += 1
        return true
    }

    private static func date(_ u: [UInt8], _ i: inout Int) -> Bool {
        var negative = false
        if i < u.count, u[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard let y = digits(u, &i, 4), expect(u, &i, "-"), let m = digits(u, &i, 2), expect(u, &i, "-"),
              let d = digits(u, &i, 2) else { return false }
        return (1...12).contains(m) && d >= 1 && d <= daysInMonth(year: negative ? -y : y, month: m)
    }

    /// The number of days of a month (1...12) in the proleptic Gregorian calendar, which OData's dates use
    /// (XML Schema: year 0 exists and is a leap year).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func time(_ u: [UInt8], _ i: inout Int) -> Bool {
        guard let h = digits(u, &i, 2), expect(u, &i, ":"), let m = digits(u, &i, 2), h < 24, m < 60 else { return false }
        if i < u.count, u[i] == UInt8(ascii: ":") {
            i += 1
            guard let s = digits(u, &i, 2), s < 60 else { return false }
            if i < u.count, u[i] == UInt8(ascii: ".") {
                i += 1
                let start = i
                while i < u.count, u[i] >= 48, u[i] <= 57 { i += 1 }
                if i == start || i - start > 12 { return false }
            }
        }
        return true
    }

    /// `YYYY-MM-DD`.
    public static func isDate(_ s: String) -> Bool {
        let u = Array(s.utf8); var i = 0
        return date(u, &i) && i == u.count
    }

    /// `hh:mm[:ss[.fffffff]]`.
    public static func isTimeOfDay(_ s: String) -> Bool {
        let u = Array(s.utf8); var i = 0
        return time(u, &i) && i == u.count
    }

    /// `YYYY-MM-DDThh:mm[:ss[.f]]` followed by `Z` or `±hh:mm`.
    public static func isDateTimeOffset(_ s: String) -> Bool {
        let u = Array(s.utf8); var i = 0
        guard date(u, &i), i < u.count, u[i] == UInt8(ascii: "T") || u[i] == UInt8(ascii: "t") else { return false }
        i += 1
        guard time(u, &i), i < u.count else { return false }
        if u[i] == UInt8(ascii: "Z") || u[i] == UInt8(ascii: "z") { return i + 1 == u.count }
        guard u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") else { return false }
        i += 1
        guard let h = digits(u, &i, 2), expect(u, &i, ":"), let m = digits(u, &i, 2), h < 24, m < 60 else { return false }
        return i == u.count
    }

    /// `YYYY-MM-DDThh:mm[:ss[.f]]` without offset (V2 Edm.DateTime).
    public static func isLocalDateTime(_ s: String) -> Bool {
        let u = Array(s.utf8); var i = 0
        guard date(u, &i), i < u.count, u[i] == UInt8(ascii: "T") || u[i] == UInt8(ascii: "t") else { return false }
        i += 1
        return time(u, &i) && i == u.count
    }

    /// ISO 8601 duration: `[-]P[nY][nM][nD][T[nH][nM][n[.n]S]]` with at least one part.
    public static func isDuration(_ s: String) -> Bool {
        var u = Substring(s)
        if u.hasPrefix("-") { u = u.dropFirst() }
        guard u.hasPrefix("P") else { return false }
        u = u.dropFirst()
        var inTime = false, parts = 0, number = "", sawDot = false
        for c in u {
            if c == "T" { if inTime || !number.isEmpty { return false }; inTime = true; continue }
            if c.isASCII, c.isNumber { number.append(c); continue }
            if c == "." { if sawDot || number.isEmpty || !inTime { return false }; sawDot = true; number.append(c); continue }
            guard !number.isEmpty, number.last != "." else { return false }
            let allowed: Set<Character> = inTime ? ["H", "M", "S"] : ["Y", "M", "W", "D"]
            guard allowed.contains(c) else { return false }
            if sawDot && c != "S" { return false }
            number = ""; sawDot = false; parts += 1
        }
        return number.isEmpty && parts > 0
    }

    /// 8-4-4-4-12 hexadecimal digits.
    public static func isGuid(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 36 else { return false }
        for (i, c) in u.enumerated() {
            if [8, 13, 18, 23].contains(i) { if c != UInt8(ascii: "-") { return false } }
            else if !isHex(c) { return false }
        }
        return true
    }

    static func isHex(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
    }

    /// `[-]digits[.digits]`, the exact decimal text kept for Edm.Decimal.
    public static func isDecimal(_ s: String) -> Bool {
        var u = Substring(s)
        if u.hasPrefix("-") || u.hasPrefix("+") { u = u.dropFirst() }
        let parts = u.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return false }
        return true
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days).
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// A date-time with an offset (`Z` or `±hh:mm`) as the same instant in UTC without the offset
    /// (`1997-07-01T10:30:00.5+02:00` gives `1997-07-01T08:30:00.5`); seconds and their fraction are kept as written.
    /// Nil when the text is not a valid date-time with an offset.
    public static func utcLocalDateTime(_ s: String) -> String? {
        guard isDateTimeOffset(s), let tIndex = s.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return nil }
        let offsetStart = s.lastIndex(where: { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" })!
        guard offsetStart > tIndex else { return nil }
        let datePart = String(s[..<tIndex]), timePart = s[s.index(after: tIndex)..<offsetStart]
        let offsetText = s[offsetStart...]
        var offset = 0
        if offsetText.count == 6 {
            let u = Array(offsetText.utf8)
            offset = ((Int(u[1] - 48) * 10 + Int(u[2] - 48)) * 60 + Int(u[4] - 48) * 10 + Int(u[5] - 48)) * (u[0] == UInt8(ascii: "-") ? -1 : 1)
        }
        if offset == 0 { return datePart + "T" + timePart }
        let negative = datePart.hasPrefix("-")
        let dateFields = datePart.dropFirst(negative ? 1 : 0).split(separator: "-").compactMap { Int($0) }
        let timeFields = timePart.split(separator: ":", maxSplits: 2)
        guard dateFields.count == 3, timeFields.count >= 2, let h = Int(timeFields[0]), let mi = Int(timeFields[1]) else { return nil }
        let days = daysFromCivil(year: negative ? -dateFields[0] : dateFields[0], month: dateFields[1], day: dateFields[2])
        let minutes = days * 1440 + h * 60 + mi - offset
        let day = minutes >= 0 ? minutes / 1440 : (minutes - 1439) / 1440
        let minuteOfDay = minutes - day * 1440
        let c = civilFromDays(day)
        func pad(_ v: Int, _ n: Int) -> String { let t = String(abs(v)); return String(repeating: "0", count: max(0, n - t.count)) + t }
        var out = (c.year < 0 ? "-" : "") + pad(c.year, 4) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2)
        out += "T" + pad(minuteOfDay / 60, 2) + ":" + pad(minuteOfDay % 60, 2)
        if timeFields.count == 3 { out += ":" + timeFields[2] }
        return out
    }

    /// Milliseconds since the epoch and the offset in minutes of a date-time text (date, local or with offset).
    public static func epochMilliseconds(_ s: String) -> (ms: Int64, offsetMinutes: Int)? {
        let u = Array(s.utf8); var i = 0
        var neg = false
        if i < u.count, u[i] == UInt8(ascii: "-") { neg = true; i += 1 }
        guard let y0 = digits(u, &i, 4), expect(u, &i, "-"), let mo = digits(u, &i, 2), expect(u, &i, "-"),
              let d = digits(u, &i, 2) else { return nil }
        let y = neg ? -y0 : y0
        guard (1...12).contains(mo), d >= 1, d <= daysInMonth(year: y, month: mo) else { return nil }
        var ms = Int64(daysFromCivil(year: y, month: mo, day: d)) * 86_400_000
        var offset = 0
        if i < u.count, u[i] == UInt8(ascii: "T") || u[i] == UInt8(ascii: "t") {
            i += 1
            guard let h = digits(u, &i, 2), expect(u, &i, ":"), let mi = digits(u, &i, 2) else { return nil }
            var sec = 0, frac = 0
            if i < u.count, u[i] == UInt8(ascii: ":") {
                i += 1
                guard let s = digits(u, &i, 2) else { return nil }
                sec = s
                if i < u.count, u[i] == UInt8(ascii: ".") {
                    i += 1
                    var n = 0
                    while i < u.count, u[i] >= 48, u[i] <= 57 {
                        if n < 3 { frac = frac * 10 + Int(u[i] - 48) }
                        n += 1; i += 1
                    }
                    while n < 3 { frac *= 10; n += 1 }
                }
            }
            ms += Int64(((h * 60 + mi) * 60 + sec) * 1000 + frac)
            if i < u.count, u[i] == UInt8(ascii: "Z") || u[i] == UInt8(ascii: "z") { i += 1 }
            else if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") {
                let sign = u[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = digits(u, &i, 2), expect(u, &i, ":"), let om = digits(u, &i, 2) else { return nil }
                offset = sign * (oh * 60 + om)
                ms -= Int64(offset) * 60_000
            }
        }
        return i == u.count ? (ms, offset) : nil
    }
}
