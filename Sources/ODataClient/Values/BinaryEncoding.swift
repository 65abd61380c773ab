/// Base64 (RFC 4648, standard and URL-safe alphabets) and hex for Edm.Binary.
enum BinaryEncoding {
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

    /// Base64 text (`url`: the URL-safe alphabet OData V4 specifies; `padded`: with `=` padding).
    static func base64(_ bytes: [UInt8], url: Bool = false, padded: Bool? = nil) -> String {
        var out = [UInt8]()
        appendBase64(bytes, url: url, padded: padded ?? !url, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendBase64(_ bytes: [UInt8], url: Bool = false, padded: Bool = true, to out: inout [UInt8]) {
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

    /// Decodes base64 in either alphabet, padded or not; nil for anything else. Line breaks are skipped
    /// (MIME-style base64 occurs in Atom).
    static func decodeBase64(_ b: UnsafeRawBufferPointer) -> [UInt8]? {
        var out = [UInt8]()
        out.reserveCapacity(b.count * 3 / 4)
        var acc: UInt32 = 0, n = 0, padding = 0
        for c in b {
            if c == UInt8(ascii: "=") { padding += 1; continue }
            if c == 0x0A || c == 0x0D || c == 0x20 || c == 0x09 { continue }
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

    static func decodeBase64(_ s: String) -> [UInt8]? { s.withBytes { decodeBase64($0) } }

    /// Upper-case hex, two digits a byte (V2 `X'0A1B'` literals).
    static func hex(_ bytes: [UInt8]) -> String {
        let h = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(h[Int(b >> 4)]); out.append(h[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
