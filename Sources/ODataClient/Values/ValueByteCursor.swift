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
    mutating func number() -> Int64? { digitRun(atMost: 18)?.value }

    /// At least `min` digits (the year of a date: four or more, no leading zero beyond four).
    mutating func year() -> Int32? {
        let start = i
        guard let run = digitRun(atMost: 9), run.count >= 4, run.count == 4 || bytes[start] != UInt8(ascii: "0") else { return nil }
        return Int32(run.value)
    }

    /// `.digits` after the seconds: up to 12 digits, kept as picoseconds and the number of digits written.
    mutating func fraction() -> Fraction? {
        guard take(UInt8(ascii: ".")) else { return Fraction() }
        guard let run = digitRun(atMost: 12) else { return nil }
        return Fraction(picoseconds: run.value * Fraction.powers[12 - run.count], digits: UInt8(run.count))
    }

    /// The decimal digits at the cursor and how many they are; nil when there are none or more than `limit`.
    private mutating func digitRun(atMost limit: Int) -> (value: Int64, count: Int)? {
        let start = i
        var v: Int64 = 0
        while i < bytes.count, bytes[i] &- 48 < 10 {
            guard i - start < limit else { return nil }
            v = v * 10 + Int64(bytes[i] - 48)
            i += 1
        }
        return i > start ? (v, i - start) : nil
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
