/// A cursor over the UTF-8 bytes of a value's text, for the allocation-free parsers of numbers, dates and times.
struct ValueByteCursor {
    let bytes: UnsafeRawBufferPointer
    var i = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func take(_ c: UInt8) -> Bool {
        if i < bytes.count, bytes[i] == c { i += 1; return true }
        return false
    }

    /// Exactly `n` decimal digits as a number.
    mutating func digits(_ n: Int) -> Int? {
        guard i + n <= bytes.count else { return nil }
        var v = 0
        for k in i..<(i + n) {
            let d = bytes[k] &- 48
            guard d < 10 else { return nil }
            v = v * 10 + Int(d)
        }
        i += n
        return v
    }

    /// One or more decimal digits (at most 18) as a number.
    mutating func number() -> Int64? {
        let start = i
        var v: Int64 = 0
        while i < bytes.count, bytes[i] &- 48 < 10 {
            guard i - start < 18 else { return nil }
            v = v * 10 + Int64(bytes[i] - 48)
            i += 1
        }
        return i > start ? v : nil
    }

    /// At least `min` digits (the year of a date: four or more, no leading zero beyond four).
    mutating func year() -> Int32? {
        let start = i
        var v: Int64 = 0
        while i < bytes.count, bytes[i] &- 48 < 10 {
            v = v * 10 + Int64(bytes[i] - 48)
            i += 1
            if i - start > 9 { return nil }
        }
        let n = i - start
        guard n >= 4, n == 4 || bytes[start] != UInt8(ascii: "0") else { return nil }
        return Int32(v)
    }

    /// `.digits` after the seconds: up to 12 digits, kept as picoseconds and the number of digits written.
    mutating func fraction() -> Fraction? {
        guard take(UInt8(ascii: ".")) else { return Fraction() }
        let start = i
        var v: Int64 = 0
        while i < bytes.count, bytes[i] &- 48 < 10 {
            guard i - start < 12 else { return nil }
            v = v * 10 + Int64(bytes[i] - 48)
            i += 1
        }
        let n = i - start
        guard n > 0 else { return nil }
        return Fraction(picoseconds: v * Fraction.powers[12 - n], digits: UInt8(n))
    }
}

/// Fractional seconds: exact to the picosecond (the 12 digits OData allows), with the number of digits as written
/// so that `0.1000000` prints back with seven digits.
struct Fraction: Hashable, Sendable {
    var picoseconds: Int64 = 0
    var digits: UInt8 = 0

    static let powers: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
                                  1_000_000_000, 10_000_000_000, 100_000_000_000, 1_000_000_000_000]

    /// `.ddd` with exactly `digits` digits; empty when there are none.
    var text: String {
        guard digits > 0 else { return "" }
        let v = picoseconds / Fraction.powers[12 - Int(digits)]
        let s = String(v)
        return "." + String(repeating: "0", count: Int(digits) - s.utf8.count) + s
    }

    /// Equality is by value: `.5` equals `.50`.
    static func == (a: Fraction, b: Fraction) -> Bool { a.picoseconds == b.picoseconds }
    func hash(into h: inout Hasher) { h.combine(picoseconds) }
}

extension String {
    /// Calls `body` with the UTF-8 bytes of the string (contiguous; no copy for native strings).
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var s = self
        return try s.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}

/// Two-digit and four-digit zero-padded numbers, for date and time texts.
@inline(__always) func pad2(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
func padYear(_ y: Int32) -> String {
    let a = y < 0 ? -Int(y) : Int(y)
    let s = String(a)
    return (y < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - s.utf8.count)) + s
}
