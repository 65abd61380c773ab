/// Text that came from a service (values, error messages, titles), made safe to show: control characters that a
/// terminal would act on are written as escapes instead.
///
/// The convention: `\t`, `\n`, `\r` and `\e` (ESC) by name; other C0 controls and DEL as `\xNN`; C1 controls,
/// the line and paragraph separators (U+2028, U+2029) and the bidirectional embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069) as `\uNNNN`. Backslashes stay as they are: the escapes are for reading, not
/// for reversing.
enum TerminalEscaping {
    /// The text with every control character escaped; tabs and line feeds too unless `keepingTabsAndNewlines`.
    static func escaped(_ s: String, keepingTabsAndNewlines: Bool = false) -> String {
        // Most text has nothing to escape: return it untouched without building a copy.
        guard s.unicodeScalars.contains(where: { needsEscape($0, keepingTabsAndNewlines) }) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            guard needsEscape(u, keepingTabsAndNewlines) else { out.append(u); continue }
            out.append(contentsOf: escape(u).unicodeScalars)
        }
        return String(out)
    }

    /// One line: every control character escaped, line breaks included (an error message cannot forge a line).
    static func oneLine(_ s: String) -> String { escaped(s) }

    /// True for the scalars `escaped` rewrites.
    static func needsEscape(_ u: Unicode.Scalar, _ keepingTabsAndNewlines: Bool = false) -> Bool {
        switch u.value {
        case 0x09, 0x0A: return !keepingTabsAndNewlines
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func escape(_ u: Unicode.Scalar) -> String {
        switch u.value {
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(u.value, digits: 2)
        default: return "\\u" + hex(u.value, digits: 4)
        }
    }

    static func hex(_ v: UInt32, digits: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - h.count)) + h
    }
}
