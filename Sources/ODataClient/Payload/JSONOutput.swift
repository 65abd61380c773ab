import FoundationEssentials
import ODataModel

/// A growing buffer of JSON text with fast appends of the pieces OData writers need: escaped strings, integers,
/// dates, decimals, raw bytes. Raw memory, so that the many small appends of a writer cost a bounds check and a
/// copy each. Writers flush it to their sink when it is large. Its string escaper is odsh's one (`quoted`).
package final class JSONOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The text written so far.
    package var bytesView: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
    package func removeAll() { count = 0 }

    @inline(__always) private func reserve(_ n: Int) {
        if count + n > capacity { grow(n) }
    }

    private func grow(_ n: Int) {
        var c = capacity * 2
        while c < count + n { c *= 2 }
        let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        nb.update(from: base, count: count)
        base.deallocate()
        base = nb
        capacity = c
    }

    @inline(__always) package func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }
    @inline(__always) package func ascii(_ s: StaticString) {
        raw(UnsafeRawPointer(s.utf8Start), s.utf8CodeUnitCount)
    }
    @inline(__always) func raw(_ p: UnsafeRawPointer, _ n: Int) {
        reserve(n)
        UnsafeMutableRawPointer(base + count).copyMemory(from: p, byteCount: n)
        count += n
    }
    @inline(__always) func raw(_ b: UnsafeRawBufferPointer) {
        if let p = b.baseAddress { raw(p, b.count) }
    }
    func raw(_ s: String) {
        var s = s
        s.withUTF8 { raw(UnsafeRawBufferPointer($0)) }
    }
    func raw(_ b: [UInt8]) { b.withUnsafeBytes { raw($0) } }

    /// JSON text kept as it came (a value that did not fit the model), without its line breaks: in valid JSON they
    /// can only be blanks between tokens, and one entity must stay one line of NDJSON.
    func rawJSON(_ s: String) {
        var s = s
        s.withUTF8 { b in
            guard b.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return raw(UnsafeRawBufferPointer(b)) }
            reserve(b.count)
            for c in b where c != 0x0A && c != 0x0D { byte(c) }
        }
    }

    /// `s` as a JSON string literal, quotes included: `"`, `\` and control characters escaped (`\n`, `\u001f`),
    /// everything else (UTF-8) as is; DEL too when `escapingDelete` (text a terminal shows). The one string
    /// escaper of odsh's JSON, and of the notations that share JSON's escapes (TOML basic strings, the statements'
    /// double-quoted strings).
    package static func quoted(_ s: String, escapingDelete: Bool = false) -> String {
        let o = JSONOutput(capacity: s.utf8.count + 16)
        o.string(s)
        let text = String(decoding: o.bytesView, as: UTF8.self)
        // DEL is never part of a multi-byte UTF-8 sequence: replacing its byte is safe.
        return escapingDelete && s.utf8.contains(0x7F) ? text.replacingAll("\u{7F}", with: "\\u007f") : text
    }

    /// A JSON string literal: `"`, `\` and control characters escaped, everything else (UTF-8) as is.
    func string(_ s: String) {
        var s = s
        s.withUTF8 { string(UnsafeRawBufferPointer($0)) }
    }

    func string(_ b: UnsafeRawBufferPointer) {
        reserve(b.count + 2)
        byte(UInt8(ascii: "\""))
        var run = 0
        var i = 0
        let n = b.count
        while i < n {
            // Eight bytes at a time while none needs escaping.
            while i + 8 <= n {
                let w = UInt64(littleEndian: b.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if JSONStringBytes.needingEscape(w) == 0 { i += 8 } else { break }
            }
            if i >= n { break }
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 {
                if i > run { raw(b.baseAddress! + run, i - run) }
                escape(c)
                run = i + 1
            }
            i += 1
        }
        if n > run { raw(b.baseAddress! + run, n - run) }
        byte(UInt8(ascii: "\""))
    }

    private func escape(_ c: UInt8) {
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
            byte(hex.utf8Start[Int(c >> 4)]); byte(hex.utf8Start[Int(c & 15)])
        }
    }

    func integer(_ v: Int64) {
        reserve(20)
        if v >= 0 && v < 10 { base[count] = UInt8(48 + v); count += 1; return }
        var m = v.magnitude
        var tmp: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let n: Int = withUnsafeMutableBytes(of: &tmp) { buf in
            var i = 24
            repeat {
                i -= 1
                buf[i] = UInt8(48 + m % 10)
                m /= 10
            } while m > 0
            if v < 0 { i -= 1; buf[i] = UInt8(ascii: "-") }
            UnsafeMutableRawPointer(base + count).copyMemory(from: buf.baseAddress! + i, byteCount: 24 - i)
            return 24 - i
        }
        count += n
    }

    // MARK: Dates, times, decimals (written straight into the buffer, no Strings)

    @inline(__always) func digits2(_ v: Int) {
        reserve(2)
        base[count] = UInt8(48 + v / 10); base[count + 1] = UInt8(48 + v % 10)
        count += 2
    }

    func date(_ d: LocalDate) {
        reserve(16)
        count += JSONOutput.writeDate(d, base + count)
    }

    func time(_ t: LocalTime) {
        reserve(24)
        count += JSONOutput.writeTime(t, base + count)
    }

    func fraction(_ f: Fraction) {
        reserve(14)
        count += JSONOutput.writeFraction(f, base + count)
    }

    func dateTime(_ t: LocalDateTime) {
        reserve(48)
        var n = JSONOutput.writeDate(t.date, base + count)
        base[count + n] = UInt8(ascii: "T"); n += 1
        n += JSONOutput.writeTime(t.time, base + count + n)
        count += n
    }

    func dateTimeOffset(_ t: GlobalDateTime) {
        reserve(56)
        var p = base + count
        p += JSONOutput.writeDate(t.local.date, p)
        p.pointee = UInt8(ascii: "T"); p += 1
        p += JSONOutput.writeTime(t.local.time, p)
        if t.isZulu && t.offsetMinutes == 0 {
            p.pointee = UInt8(ascii: "Z"); p += 1
        } else {
            let m = Int(t.offsetMinutes)
            p.pointee = m < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            JSONOutput.put2(abs(m) / 60, p + 1)
            p[3] = UInt8(ascii: ":")
            JSONOutput.put2(abs(m) % 60, p + 4)
            p += 6
        }
        count = base.distance(to: p)
    }

    @inline(__always) static func put2(_ v: Int, _ p: UnsafeMutablePointer<UInt8>) {
        p[0] = UInt8(48 + v / 10); p[1] = UInt8(48 + v % 10)
    }

    /// `YYYY-MM-DD` (a longer or negative year as it is) at `p`; returns the bytes written.
    @inline(__always) static func writeDate(_ d: LocalDate, _ p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        let y = Int(d.year)
        if y < 0 { p[0] = UInt8(ascii: "-"); n = 1 }
        let a = abs(y)
        if a < 10_000 {
            put2(a / 100, p + n); put2(a % 100, p + n + 2); n += 4
        } else {
            let s = Array(String(a).utf8)
            for c in s { p[n] = c; n += 1 }
        }
        p[n] = UInt8(ascii: "-"); put2(Int(d.month), p + n + 1)
        p[n + 3] = UInt8(ascii: "-"); put2(Int(d.day), p + n + 4)
        return n + 6
    }

    /// `hh:mm:ss[.f]` at `p`; returns the bytes written.
    @inline(__always) static func writeTime(_ t: LocalTime, _ p: UnsafeMutablePointer<UInt8>) -> Int {
        put2(Int(t.hour), p); p[2] = UInt8(ascii: ":")
        put2(Int(t.minute), p + 3); p[5] = UInt8(ascii: ":")
        put2(Int(t.second), p + 6)
        return 8 + writeFraction(t.fraction, p + 8)
    }

    @inline(__always) static func writeFraction(_ f: Fraction, _ p: UnsafeMutablePointer<UInt8>) -> Int {
        guard f.digits > 0 else { return 0 }
        let n = Int(f.digits)
        p[0] = UInt8(ascii: ".")
        var v = f.picoseconds / Fraction.powers[12 - n]
        var i = n
        while i > 0 { p[i] = UInt8(48 + v % 10); v /= 10; i -= 1 }
        return n + 1
    }

    /// The decimal's exact text: `-12.50`, `0.05`.
    func decimal(_ d: DecimalValue) {
        if d.isNegative { byte(UInt8(ascii: "-")) }
        var digits = d.digits
        digits.withUTF8 { u in
            let n = u.count
            let p = UnsafeRawPointer(u.baseAddress!)
            if d.scale == 0 { raw(p, n); return }
            if n > d.scale {
                raw(p, n - d.scale)
                byte(UInt8(ascii: "."))
                raw(p + (n - d.scale), d.scale)
            } else {
                byte(UInt8(ascii: "0")); byte(UInt8(ascii: "."))
                for _ in 0..<(d.scale - n) { byte(UInt8(ascii: "0")) }
                raw(p, n)
            }
        }
    }

    /// A member name and colon: `"Name":`.
    func key(_ name: String) {
        string(name)
        byte(UInt8(ascii: ":"))
    }
}
