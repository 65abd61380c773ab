import FoundationEssentials
import Glibc

/// Allocation-free parsing of integer and floating-point text (JSON numbers, Atom and V2 JSON strings).
enum NumberParser {
    /// A whole number `[+-]?digits` within `range`; nil for anything else (fractions, exponents, overflow).
    @inline(__always)
    static func parseInteger(_ b: UnsafeRawBufferPointer, min: Int64, max: Int64) -> Int64? {
        let n = b.count
        guard n > 0 else { return nil }
        var i = 0
        var negative = false
        if b[0] == UInt8(ascii: "-") { negative = true; i = 1 } else if b[0] == UInt8(ascii: "+") { i = 1 }
        guard i < n, n - i <= 19 else { return longInteger(b, min: min, max: max) }
        var v: UInt64 = 0
        while i < n {
            let d = b[i] &- 48
            guard d < 10 else { return nil }
            v = v &* 10 &+ UInt64(d)
            i += 1
        }
        if negative {
            let limit: UInt64 = min < 0 ? UInt64(-(min + 1)) + 1 : 0
            guard v <= limit else { return nil }
            return v == UInt64(Int64.max) + 1 ? Int64.min : -Int64(v)
        }
        guard v <= UInt64(max) else { return nil }
        return Int64(v)
    }

    /// Leading zeros can make an in-range number longer than 19 characters.
    private static func longInteger(_ b: UnsafeRawBufferPointer, min: Int64, max: Int64) -> Int64? {
        var digits = Array(b)
        var sign: [UInt8] = []
        if let f = digits.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") { sign = [f]; digits.removeFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
        while digits.count > 1, digits[0] == UInt8(ascii: "0") { digits.removeFirst() }
        guard digits.count <= 19 else { return nil }
        let trimmed = sign + digits
        return trimmed.withUnsafeBytes { parseInteger($0, min: min, max: max) }
    }

    private static let exactPowers: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                                1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// The pieces of decimal number text `[+-]?digits?(.digits)?([eE][+-]?digits)?` with at least one digit before
    /// the exponent and none of its parts empty: the sign, where the integer and fraction digits stand, and the
    /// exponent (saturated far beyond any exponent a Double or a DecimalValue takes). nil for any other text. The
    /// one reader of number syntax: Double and DecimalValue build their values from its pieces.
    struct Parts {
        var negative: Bool
        var integer: Range<Int>
        var fraction: Range<Int>
        var exponent: Int
    }

    @inline(__always)
    static func parts(_ b: UnsafeRawBufferPointer) -> Parts? {
        let n = b.count
        var i = 0
        var negative = false
        if i < n, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { negative = b[i] == UInt8(ascii: "-"); i += 1 }
        let integerStart = i
        while i < n, b[i] &- 48 < 10 { i += 1 }
        let integer = integerStart..<i
        var fraction = i..<i
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < n, b[i] &- 48 < 10 { i += 1 }
            guard i > start else { return nil }
            fraction = start..<i
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = 0
        if i < n, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < n, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { expNegative = b[i] == UInt8(ascii: "-"); i += 1 }
            let start = i
            while i < n, b[i] &- 48 < 10 { if exponent < 100_000 { exponent = exponent * 10 + Int(b[i] - 48) }; i += 1 }
            guard i > start else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard i == n else { return nil }
        return Parts(negative: negative, integer: integer, fraction: fraction, exponent: exponent)
    }

    /// The significant digits of number text (up to 19), their count, and the decimal exponent, for the fast path.
    private static func scan(_ b: UnsafeRawBufferPointer) -> (negative: Bool, mantissa: UInt64, digits: Int, exponent: Int)? {
        guard let p = parts(b) else { return nil }
        var mantissa: UInt64 = 0
        var digits = 0, exponent = p.exponent
        for i in p.integer where digits > 0 || b[i] != UInt8(ascii: "0") {
            if digits < 19 { mantissa = mantissa * 10 + UInt64(b[i] - 48) } else { exponent += 1 }
            digits += 1
        }
        for i in p.fraction {
            if digits > 0 || b[i] != UInt8(ascii: "0") {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(b[i] - 48); exponent -= 1 }
                digits += 1
            } else {
                exponent -= 1
            }
        }
        return (p.negative, mantissa, digits, exponent)
    }

    /// A Double from decimal text (also `INF`, `-INF`, `NaN`), correctly rounded: an exact fast path for up to
    /// 15 significant digits and small exponents, strtod (C locale) otherwise.
    static func parseDouble(_ b: UnsafeRawBufferPointer) -> Double? {
        if let special = special(b) { return special }
        guard let s = scan(b) else { return nil }
        if s.digits <= 15 && s.exponent >= -22 && s.exponent <= 22 {
            var d = Double(s.mantissa)
            if s.exponent < 0 { d /= exactPowers[-s.exponent] } else { d *= exactPowers[s.exponent] }
            return s.negative ? -d : d
        }
        return withCString(b) { strtod($0, nil) }
    }

    /// A Float from decimal text, correctly rounded (never through Double, which could round twice).
    static func parseFloat(_ b: UnsafeRawBufferPointer) -> Float? {
        if let special = special(b) { return Float(special) }
        guard let s = scan(b) else { return nil }
        if s.digits <= 7 && s.exponent >= -10 && s.exponent <= 10 {
            var f = Float(s.mantissa)
            if s.exponent < 0 { f /= Float(exactPowers[-s.exponent]) } else { f *= Float(exactPowers[s.exponent]) }
            return s.negative ? -f : f
        }
        return withCString(b) { strtof($0, nil) }
    }

    private static func special(_ b: UnsafeRawBufferPointer) -> Double? {
        guard b.count >= 3, b.count <= 4, b[b.count - 1] >= 0x41 else { return nil }
        let s = String(decoding: b, as: UTF8.self)
        switch s {
        case "INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default: return nil
        }
    }

    private static func withCString<R>(_ b: UnsafeRawBufferPointer, _ body: (UnsafePointer<CChar>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: b.count + 1) { buf in
            for i in 0..<b.count { buf[i] = CChar(bitPattern: b[i]) }
            buf[b.count] = 0
            return body(buf.baseAddress!)
        }
    }
}
