/// An exact decimal number: Edm.Decimal (SAP's `DecimalValue`). Kept as its digits and scale, never through
/// Double: `12.50` stays `12.50` (scale 2) and prints so; equality and ordering are numeric (`12.5 == 12.50`).
public struct DecimalValue: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The unscaled magnitude in decimal digits, without sign or leading zeros (`"0"` for zero).
    public let digits: String
    /// How many of `digits` stand after the decimal point (0 or more).
    public let scale: Int
    /// Whether the value is below zero (zero never is).
    public let isNegative: Bool

    /// The value `(-1)^negative × digits × 10^-scale`; `digits` must be ASCII decimal digits.
    public init?(digits: String, scale: Int, negative: Bool = false) {
        guard scale >= 0, !digits.isEmpty, digits.utf8.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
        var d = Substring(digits)
        while d.count > 1, d.first == "0" { d = d.dropFirst() }
        self.digits = String(d)
        self.scale = scale
        self.isNegative = negative && d != "0"
    }

    /// The integer `value`, scale 0.
    public init(_ value: Int64) {
        digits = String(value.magnitude); scale = 0; isNegative = value < 0
    }
    /// The integer `value`, scale 0.
    public init(_ value: Int) { self.init(Int64(value)) }
    /// The integer literal's value, scale 0.
    public init(integerLiteral value: Int64) { self.init(value) }

    /// Parses `[+-]digits[.digits][(e|E)[+-]digits]`; an exponent is folded into the digits and scale
    /// (`1.5E3` is `1500`, `1.5E-3` is `0.0015`).
    public init?(_ text: String) {
        guard let v = text.withBytes({ DecimalValue(bytes: $0) }) else { return nil }
        self = v
    }

    /// Parses the UTF-8 text of a decimal number (the JSON number grammar, also with a leading `+`
    /// or a bare leading `.`).
    init?(bytes b: UnsafeRawBufferPointer) {
        if let fast = DecimalValue.plain(b) { self = fast; return }
        guard let p = NumberParser.parts(b), abs(p.exponent) <= 10_000 else { return nil }
        let negative = p.negative
        var out: [UInt8] = []
        for i in p.integer where !(out.isEmpty && b[i] == UInt8(ascii: "0")) { out.append(b[i]) }
        for i in p.fraction where !(out.isEmpty && b[i] == UInt8(ascii: "0")) { out.append(b[i]) }
        var scale = p.fraction.count - p.exponent
        if out.isEmpty { out = [UInt8(ascii: "0")] }
        if scale < 0 {
            if out != [UInt8(ascii: "0")] { out += repeatElement(UInt8(ascii: "0"), count: -scale) }
            scale = 0
        }
        digits = String(decoding: out, as: UTF8.self)
        self.scale = scale
        isNegative = negative && out != [UInt8(ascii: "0")]
    }

    /// The common form `[-]d+[.d+]` with a non-zero first digit (or `0.`): the digits are the text without its
    /// sign and point, made into a String without a heap allocation when short.
    private static func plain(_ b: UnsafeRawBufferPointer) -> DecimalValue? {
        let n = b.count
        guard n > 0, n <= 40 else { return nil }
        var i = 0
        let negative = b[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        guard i < n, b[i] &- 49 < 9 || (b[i] == UInt8(ascii: "0") && (i + 1 == n || b[i + 1] == UInt8(ascii: "."))) else { return nil }
        var dot = -1
        for k in i..<n {
            let c = b[k]
            if c &- 48 < 10 { continue }
            guard c == UInt8(ascii: "."), dot < 0, k > i, k + 1 < n else { return nil }
            dot = k
        }
        let scale = dot < 0 ? 0 : n - dot - 1
        // "0.05": leading zeros of the fraction go too.
        var start = i
        if b[i] == UInt8(ascii: "0") && dot >= 0 {
            start = dot + 1
            while start < n - 1, b[start] == UInt8(ascii: "0") { start += 1 }
        }
        let count = n - start - (dot >= start ? 1 : 0)
        let digits = String(unsafeUninitializedCapacity: count) { out in
            var j = 0
            for k in start..<n where k != dot { out[j] = b[k]; j += 1 }
            return j
        }
        let zero = count == 1 && b[start] == UInt8(ascii: "0")
        return DecimalValue(checkedDigits: digits, scale: scale, negative: negative && !zero)
    }

    private init(checkedDigits: String, scale: Int, negative: Bool) {
        digits = checkedDigits; self.scale = scale; isNegative = negative
    }

    /// Whether the value is zero, whatever its scale.
    public var isZero: Bool { digits == "0" }

    /// The text with the scale's digits after the point: `-12.50`, `0.05`, `3`.
    public var description: String {
        var s = isNegative ? "-" : ""
        if scale == 0 { return s + digits }
        let count = digits.utf8.count
        if count > scale {
            let cut = digits.utf8.index(digits.utf8.startIndex, offsetBy: count - scale)
            s += String(digits[..<cut]); s += "."; s += String(digits[cut...])
        } else {
            s += "0." + String(repeating: "0", count: scale - count) + digits
        }
        return s
    }

    /// Number of significant digits (the `Precision` facet counts these).
    public var precision: Int { max(digits.utf8.count, scale) }

    /// The nearest Double (for display and arithmetic that may round; never used for storage).
    public var doubleValue: Double { Double(description) ?? .nan }

    /// Integer part and fraction with trailing zeros removed, for numeric comparison.
    private var normalized: (int: Substring, frac: Substring) {
        let count = digits.utf8.count
        var intPart: Substring, frac: Substring
        if count > scale {
            let cut = digits.index(digits.startIndex, offsetBy: count - scale)
            intPart = digits[..<cut]; frac = digits[cut...]
        } else {
            intPart = "0"
            frac = Substring(String(repeating: "0", count: scale - count) + digits)
        }
        while frac.last == "0" { frac = frac.dropLast() }
        return (intPart, frac)
    }

    private static func compareMagnitude(_ a: DecimalValue, _ b: DecimalValue) -> Int {
        let x = a.normalized, y = b.normalized
        if x.int.count != y.int.count { return x.int.count < y.int.count ? -1 : 1 }
        if x.int != y.int { return x.int < y.int ? -1 : 1 }
        if x.frac == y.frac { return 0 }
        return x.frac < y.frac ? -1 : 1   // same-length integer parts: fractions compare as text
    }

    /// Numerically equal: `12.5 == 12.50` (see `isIdentical(to:)`).
    public static func == (a: DecimalValue, b: DecimalValue) -> Bool {
        a.isNegative == b.isNegative && compareMagnitude(a, b) == 0
    }
    /// Numerically less.
    public static func < (a: DecimalValue, b: DecimalValue) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        let c = compareMagnitude(a, b)
        return a.isNegative ? c > 0 : c < 0
    }
    /// Hashes the numeric value, so that `12.5` and `12.50` hash alike.
    public func hash(into h: inout Hasher) {
        let n = normalized
        h.combine(isNegative); h.combine(n.int); h.combine(n.frac)
    }

    /// True when both have the same digits and scale (`12.5` and `12.50` are equal but not identical).
    public func isIdentical(to other: DecimalValue) -> Bool {
        digits == other.digits && scale == other.scale && isNegative == other.isNegative
    }

    /// The value as Int64 when it is integral and fits.
    public var int64Value: Int64? {
        let n = normalized
        guard n.frac.isEmpty, let m = UInt64(n.int) else { return nil }
        if isNegative { return m <= UInt64(Int64.max) + 1 ? Int64(bitPattern: 0 &- m) : nil }
        return m <= UInt64(Int64.max) ? Int64(m) : nil
    }
}
