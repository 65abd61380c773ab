/// `"Name":` for a member name, as JSON: the name comes from the service's metadata (server text), so `"`, `\` and
/// control characters in it are escaped as in any JSON string, and the output stays JSON whatever the name holds.
enum JSONMemberKey {
    /// The UTF-8 bytes of `"name":`, escaped.
    static func bytes(_ name: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(name.count + 3)
        let hex = Array("0123456789abcdef".utf8)
        for b in name {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), b]
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case ..<0x20: out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 15)]]
            default: out.append(b)
            }
        }
        out += [UInt8(ascii: "\""), UInt8(ascii: ":")]
        return out
    }
}
