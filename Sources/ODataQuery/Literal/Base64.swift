/// Base64 (RFC 4648: the standard alphabet, and the URL-safe one of OData V4 literals and JSON) and hex, for
/// Edm.Binary: the package's one codec of them, for literals here, payloads in ODataClient and the shell's statements.
public enum Base64 {
    private static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlSafe = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Byte → 6-bit value for both alphabets; 0xFF for anything else.
    private static let decodeTable: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in standard.enumerated() { t[Int(c)] = UInt8(i) }
        t[Int(UInt8(ascii: "-"))] = 62
        t[Int(UInt8(ascii: "_"))] = 63
        return t
    }()

    /// The base64 text of `bytes`; `url`: the URL-safe alphabet (`-` and `_` for `+` and `/`); `padded`: with `=`
    /// padding to a multiple of four characters.
    public static func encode(_ bytes: [UInt8], url: Bool = false, padded: Bool = true) -> String {
        var out = [UInt8]()
        append(bytes, url: url, padded: padded, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the base64 text of `bytes` to `out` (for writers that build their output in place).
    public static func append(_ bytes: [UInt8], url: Bool = false, padded: Bool = true, to out: inout [UInt8]) {
        let a = url ? urlSafe : standard
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(a[Int(v >> 18)]); out.append(a[Int(v >> 12 & 63)])
            out.append(a[Int(v >> 6 & 63)]); out.append(a[Int(v & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let v = UInt32(bytes[i]) << 16
            out.append(a[Int(v >> 18)]); out.append(a[Int(v >> 12 & 63)])
            if padded { out.append(UInt8(ascii: "=")); out.append(UInt8(ascii: "=")) }
        } else if rest == 2 {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(a[Int(v >> 18)]); out.append(a[Int(v >> 12 & 63)]); out.append(a[Int(v >> 6 & 63)])
            if padded { out.append(UInt8(ascii: "=")) }
        }
    }

    /// Decodes base64 in either alphabet, padded or not; nil for any other character, padding before the end or a
    /// length no encoding has. `skippingWhitespace`: spaces, tabs and line breaks are left out (MIME-style base64,
    /// as Atom payloads may carry).
    public static func decode(_ b: UnsafeRawBufferPointer, skippingWhitespace: Bool = false) -> [UInt8]? {
        var out = [UInt8]()
        out.reserveCapacity(b.count * 3 / 4)
        var acc: UInt32 = 0, n = 0, padding = 0
        for c in b {
            if c == UInt8(ascii: "=") { padding += 1; continue }
            if skippingWhitespace, c == 0x0A || c == 0x0D || c == 0x20 || c == 0x09 { continue }
            guard padding == 0 else { return nil }
            let v = decodeTable[Int(c)]
            guard v != 0xFF else { return nil }
            acc = acc << 6 | UInt32(v)
            n += 1
            if n == 4 {
                out.append(UInt8(acc >> 16)); out.append(UInt8(acc >> 8 & 0xFF)); out.append(UInt8(acc & 0xFF))
                acc = 0; n = 0
            }
        }
        switch n {
        case 0: break
        case 2: out.append(UInt8(acc >> 4))
        case 3: out.append(UInt8(acc >> 10)); out.append(UInt8(acc >> 2 & 0xFF))
        default: return nil
        }
        guard padding <= 2, padding == 0 || (n + padding) % 4 == 0 || n == 0 else { return nil }
        return out
    }

    /// Decodes base64 text as `decode(_:skippingWhitespace:)` does.
    public static func decode(_ text: String, skippingWhitespace: Bool = false) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(UnsafeRawBufferPointer($0), skippingWhitespace: skippingWhitespace) }
    }

    /// Upper-case hex, two digits a byte (the V2 literal `X'0A1B'`).
    public static func hex(_ bytes: [UInt8]) -> String {
        let h = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(h[Int(b >> 4)]); out.append(h[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of hex digits (either case); nil for an odd count or anything else.
    public static func decodeHex(_ text: String) -> [UInt8]? {
        let u = Array(text.utf8)
        guard u.count % 2 == 0, u.allSatisfy(LiteralSyntax.isHex) else { return nil }
        func v(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
        return stride(from: 0, to: u.count, by: 2).map { v(u[$0]) << 4 | v(u[$0 + 1]) }
    }
}
