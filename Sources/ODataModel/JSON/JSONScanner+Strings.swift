// Strings: finding the closing quote a word at a time, unescaping into the scratch buffer, checking UTF-8.
extension JSONScanner {
    /// Scans a string whose opening quote is at `pos`; leaves `pos` after the closing quote.
    @inlinable mutating func scanString() throws(JSONError) {
        let start = pos + 1
        var i = start
        let end = input.count
        while i < end {
            // Eight bytes at a time up to the first quote, backslash, control or non-ASCII byte.
            while i + 8 <= end {
                let special = JSONScanner.specialBytes(UInt64(littleEndian: input.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                if special == 0 { i += 8; continue }
                i += special.trailingZeroBitCount >> 3
                break
            }
            if i >= end { break }
            let b = input[i]
            if b == UInt8(ascii: "\"") {
                valueStart = start; valueEnd = i; valueInScratch = false
                pos = i + 1
                return
            }
            if b == UInt8(ascii: "\\") {
                try scanEscapedString(from: start, firstEscape: i)
                return
            }
            i = try afterPlainStringByte(b, at: i)
        }
        throw unterminatedString()
    }

    /// Eight bytes (the first in the lowest) → the high bit set in the first byte that is `"`, `\\`, below 0x20
    /// or above 0x7F; bytes after it may be flagged too (borrows), bytes before it never are. Zero when none is.
    @inlinable @inline(__always) static func specialBytes(_ x: UInt64) -> UInt64 {
        JSONStringBytes.needingEscape(x) | (x & JSONStringBytes.highBits)
    }

    /// Where the string goes on after the byte `b` at `i`, which is neither a quote nor a backslash: the next byte, or
    /// the end of its UTF-8 sequence; throws for a control character or malformed UTF-8.
    @inlinable @inline(__always) mutating func afterPlainStringByte(_ b: UInt8, at i: Int) throws(JSONError) -> Int {
        if b < 0x20 {
            pos = i
            throw error(.controlCharacterInString, "control character \(describe(b)) in a string (escape it)")
        }
        return b < 0x80 ? i + 1 : try validateUTF8(at: i)
    }

    /// The error for a string still open at the end of the input (where it leaves `pos`).
    @usableFromInline mutating func unterminatedString() -> JSONError {
        pos = input.count
        return error(.unexpectedEndOfInput, "unexpected end of input in a string")
    }

    /// The slow path for strings with escapes: unescapes into `scratch`.
    @usableFromInline mutating func scanEscapedString(from start: Int, firstEscape: Int) throws(JSONError) {
        scratch.removeAll(keepingCapacity: true)
        var run = start
        var i = firstEscape
        let end = input.count
        while i < end {
            let b = input[i]
            if b == UInt8(ascii: "\"") {
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[run..<i]))
                valueInScratch = true
                pos = i + 1
                return
            }
            if b == UInt8(ascii: "\\") {
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[run..<i]))
                i = try unescape(at: i)
                run = i
                continue
            }
            i = try afterPlainStringByte(b, at: i)
        }
        throw unterminatedString()
    }

    /// Decodes the escape at `i` (a backslash) into `scratch`; returns the offset after it.
    @usableFromInline mutating func unescape(at i: Int) throws(JSONError) -> Int {
        let end = input.count
        guard i + 1 < end else {
            pos = end
            throw error(.unexpectedEndOfInput, "unexpected end of input in a string escape")
        }
        let e = input[i + 1]
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(e)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(at: i + 2)
            var next = i + 6
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                // A high surrogate must be followed by an escaped low one.
                for k in 0..<2 {
                    let expected = k == 0 ? UInt8(ascii: "\\") : UInt8(ascii: "u")
                    guard next + k < end else {
                        pos = end
                        throw error(.unexpectedEndOfInput, "unexpected end of input in a string escape")
                    }
                    guard input[next + k] == expected else {
                        pos = i
                        throw error(.unpairedSurrogate, "unpaired surrogate \\u\(hexText(scalar)) in a string")
                    }
                }
                let low = try hex4(at: next + 2)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    pos = i
                    throw error(.unpairedSurrogate, "unpaired surrogate \\u\(hexText(scalar)) in a string")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                pos = i
                throw error(.unpairedSurrogate, "unpaired surrogate \\u\(hexText(scalar)) in a string")
            }
            appendUTF8(scalar)
            return next
        default:
            pos = i
            throw error(.invalidEscape, "invalid escape '\\\(Unicode.Scalar(e).escaped(asASCII: true))' in a string")
        }
        return i + 2
    }

    @usableFromInline mutating func hex4(at i: Int) throws(JSONError) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 {
            guard i + k < input.count else {
                pos = input.count
                throw error(.unexpectedEndOfInput, "unexpected end of input in a \\u escape")
            }
            let b = input[i + k]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default:
                pos = i + k
                throw error(.invalidEscape, "invalid \\u escape: \(describe(b)) is not a hex digit")
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    @usableFromInline mutating func appendUTF8(_ v: UInt32) {
        switch v {
        case 0..<0x80:
            scratch.append(UInt8(v))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | v >> 6)); scratch.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | v >> 12)); scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | v & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | v >> 18)); scratch.append(UInt8(0x80 | v >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | v >> 6 & 0x3F)); scratch.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// Checks the multi-byte UTF-8 sequence starting at `i`; returns the offset after it.
    @usableFromInline mutating func validateUTF8(at i: Int) throws(JSONError) -> Int {
        let b0 = input[i]
        let count: Int
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF   // allowed range of the second byte
        switch b0 {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; hi = 0x9F
        case 0xF0: count = 4; lo = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; hi = 0x8F
        default:
            pos = i
            throw error(.invalidUTF8, "invalid UTF-8 byte 0x\(hexText(UInt32(b0)))")
        }
        for k in 1..<count {
            guard i + k < input.count else {
                pos = input.count
                throw error(.unexpectedEndOfInput, "unexpected end of input in a string")
            }
            let b = input[i + k]
            let ok = k == 1 ? (b >= lo && b <= hi) : (b & 0xC0 == 0x80)
            guard ok else {
                pos = i
                throw error(.invalidUTF8, "invalid UTF-8 sequence starting with byte 0x\(hexText(UInt32(b0)))")
            }
        }
        return i + count
    }
}
