import FoundationEssentials

/// Indents JSON text for traces without parsing it into values: key order and number spelling stay as sent,
/// and a body cut off by the trace limit is still indented as far as it goes.
enum PrettyJSON {
    static func indent<Bytes: Collection>(_ input: Bytes, width: Int = 2) -> String where Bytes.Element == UInt8 {
        let bytes = Array(input)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: max(depth, 0) * width))
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            defer { i += 1 }
            if inString {
                out.append(b)
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                inString = true
                out.append(b)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var j = i + 1
                while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == b + 2 {  // "}" is "{" + 2, "]" is "[" + 2: keep {} and [] together
                    out.append(b); out.append(bytes[j])
                    i = j
                } else {
                    out.append(b)
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(b)
            case UInt8(ascii: ","):
                out.append(b)
                newline()
            case UInt8(ascii: ":"):
                out.append(b)
                out.append(0x20)
            default:
                if !isSpace(b) { out.append(b) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}
