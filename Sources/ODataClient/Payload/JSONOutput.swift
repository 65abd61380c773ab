/// A growing buffer of JSON text with fast appends of the pieces OData writers need: escaped strings, integers,
/// raw bytes. Writers flush it to their sink when it is large.
struct JSONOutput {
    var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    @inline(__always) mutating func byte(_ b: UInt8) { bytes.append(b) }
    @inline(__always) mutating func ascii(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
    @inline(__always) mutating func raw(_ b: UnsafeRawBufferPointer) { bytes.append(contentsOf: b) }
    mutating func raw(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }
    mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }

    /// A JSON string literal: `"`, `\` and control characters escaped, everything else (UTF-8) as is.
    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(UnsafeRawBufferPointer($0)) }
    }

    mutating func string(_ b: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        var run = 0
        var i = 0
        let n = b.count
        while i < n {
            // Eight bytes at a time while none needs escaping.
            while i + 8 <= n {
                let w = UInt64(littleEndian: b.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if JSONOutput.needsEscape(w) == 0 { i += 8 } else { break }
            }
            if i >= n { break }
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 {
                if i > run { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[run..<i])) }
                escape(c)
                run = i + 1
            }
            i += 1
        }
        if n > run { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[run..<n])) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// High bit set in bytes that are `"`, `\` or below 0x20 (bytes after the first may be flagged by borrows).
    @inline(__always) static func needsEscape(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = x ^ (ones &* 0x22)
        let backslash = x ^ (ones &* 0x5C)
        let control = (x &- ones &* 0x20) & ~x
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        return (control | hasQuote | hasBackslash) & high
    }

    private mutating func escape(_ c: UInt8) {
        switch c {
        case UInt8(ascii: "\""): ascii("\\\"")
        case UInt8(ascii: "\\"): ascii("\\\\")
        case 0x0A: ascii("\\n")
        case 0x0D: ascii("\\r")
        case 0x09: ascii("\\t")
        case 0x08: ascii("\\b")
        case 0x0C: ascii("\\f")
        default:
            let hex: StaticString = "0123456789abcdef"
            ascii("\\u00")
            bytes.append(hex.utf8Start[Int(c >> 4)]); bytes.append(hex.utf8Start[Int(c & 15)])
        }
    }

    mutating func integer(_ v: Int64) {
        if v >= 0 && v < 10 { bytes.append(UInt8(48 + v)); return }
        var m = v.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buf in
            var i = 20
            repeat {
                i -= 1
                buf[i] = UInt8(48 + m % 10)
                m /= 10
            } while m > 0
            if v < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buf[i..<20]))
        }
    }

    // MARK: Dates, times, decimals (written straight into the buffer, no Strings)

    @inline(__always) mutating func digits2(_ v: Int) {
        bytes.append(UInt8(48 + v / 10)); bytes.append(UInt8(48 + v % 10))
    }

    mutating func date(_ d: LocalDate) {
        let y = Int(d.year)
        if y < 0 { bytes.append(UInt8(ascii: "-")) }
        let a = abs(y)
        if a < 10_000 {
            digits2(a / 100); digits2(a % 100)
        } else {
            integer(Int64(a))
        }
        bytes.append(UInt8(ascii: "-")); digits2(Int(d.month))
        bytes.append(UInt8(ascii: "-")); digits2(Int(d.day))
    }

    mutating func time(_ t: LocalTime) {
        digits2(Int(t.hour)); bytes.append(UInt8(ascii: ":"))
        digits2(Int(t.minute)); bytes.append(UInt8(ascii: ":"))
        digits2(Int(t.second))
        fraction(t.fraction)
    }

    mutating func fraction(_ f: Fraction) {
        guard f.digits > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var v = f.picoseconds / Fraction.powers[12 - Int(f.digits)]
        let start = bytes.count
        for _ in 0..<Int(f.digits) { bytes.append(0) }
        var i = bytes.count - 1
        while i >= start { bytes[i] = UInt8(48 + v % 10); v /= 10; i -= 1 }
    }

    mutating func dateTime(_ t: LocalDateTime) {
        date(t.date); bytes.append(UInt8(ascii: "T")); time(t.time)
    }

    mutating func dateTimeOffset(_ t: GlobalDateTime) {
        dateTime(t.local)
        if t.isZulu && t.offsetMinutes == 0 { bytes.append(UInt8(ascii: "Z")); return }
        let m = Int(t.offsetMinutes)
        bytes.append(m < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        digits2(abs(m) / 60); bytes.append(UInt8(ascii: ":")); digits2(abs(m) % 60)
    }

    /// The decimal's exact text: `-12.50`, `0.05`.
    mutating func decimal(_ d: DecimalValue) {
        if d.isNegative { bytes.append(UInt8(ascii: "-")) }
        var digits = d.digits
        digits.withUTF8 { u in
            let n = u.count
            if d.scale == 0 { bytes.append(contentsOf: u); return }
            if n > d.scale {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[0..<(n - d.scale)]))
                bytes.append(UInt8(ascii: "."))
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[(n - d.scale)...]))
            } else {
                bytes.append(UInt8(ascii: "0")); bytes.append(UInt8(ascii: "."))
                for _ in 0..<(d.scale - n) { bytes.append(UInt8(ascii: "0")) }
                bytes.append(contentsOf: u)
            }
        }
    }

    /// A member name and colon: `"Name":`.
    @inline(__always) mutating func key(_ nameBytes: [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: nameBytes)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }
}
