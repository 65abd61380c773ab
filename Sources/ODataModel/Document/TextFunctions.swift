/// The few string functions the library floors took from Foundation's `NSString` bridge, which FoundationEssentials
/// does not have: trimming blanks, replacing every occurrence of a text, percent-decoding (and one loop for escapers). They give the same
/// results as Foundation's for the text the code meets.
extension StringProtocol {
    /// Without leading and trailing blanks: space, tab and the Unicode spaces, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)`. Line breaks stay (the CSDL reader's `trimmingWhitespace()` takes them).
    package func trimmingBlanks() -> String {
        trimmingScalars(where: TextFunctions.isWhitespace)
    }

    /// Without leading and trailing blanks and line breaks, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
    package func trimmingBlanksAndNewlines() -> String {
        trimmingScalars { TextFunctions.isWhitespace($0) || TextFunctions.isNewline($0) }
    }

    private func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
        TextFunctions.trimming(String(self), where: drop)
    }

    /// Every occurrence of `target` replaced by `replacement`, left to right, compared byte for byte (so `"\r"` is
    /// found in `"\r\n"`, as Foundation's `replacingOccurrences(of:with:)` finds it, and a quote is found before a
    /// combining mark, which Foundation skips).
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let text = String(self)
        guard !target.isEmpty else { return text }
        let needle = Array(target.utf8)
        let bytes = Array(text.utf8)
        guard bytes.count >= needle.count else { return text }
        var out = [UInt8]()
        var i = 0, copied = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0] && bytes[i..<i + needle.count].elementsEqual(needle) {
                out += bytes[copied..<i]
                out += replacement.utf8
                i += needle.count
                copied = i
            } else {
                i += 1
            }
        }
        guard copied > 0 else { return text }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Each scalar for which `replacement` gives a text replaced by that text, the others kept: the loop of the
    /// escapers whose table is a switch over single characters (XML text, history lines).
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for u in unicodeScalars {
            if let r = replacement(u) { out += r } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// `%XX` escapes decoded; nil when an escape is malformed or the bytes are not UTF-8, as Foundation's
    /// `removingPercentEncoding` (which leaves `+` alone too).
    package var removingPercentEscapes: String? {
        var out = [UInt8]()
        var bytes = utf8.makeIterator()
        while let b = bytes.next() {
            guard b == UInt8(ascii: "%") else { out.append(b); continue }
            guard let h = bytes.next().flatMap(TextFunctions.hexValue), let l = bytes.next().flatMap(TextFunctions.hexValue) else {
                return nil
            }
            out.append(h << 4 | l)
        }
        return String(validating: out, as: UTF8.self)
    }
}

enum TextFunctions {
    /// `text` without the scalars `drop` takes at either end. The ends are nearly always ASCII, and those are
    /// looked at byte by byte; only a non-ASCII end (which may be a Unicode blank) is looked at scalar by scalar.
    static func trimming(_ text: String, where drop: (Unicode.Scalar) -> Bool) -> String {
        let u = text.utf8
        var lo = u.startIndex
        var hi = u.endIndex
        while lo < hi, u[lo] < 0x80, drop(Unicode.Scalar(u[lo])) { u.formIndex(after: &lo) }
        while lo < hi {
            let i = u.index(before: hi)
            guard u[i] < 0x80, drop(Unicode.Scalar(u[i])) else { break }
            hi = i
        }
        guard lo < hi else { return "" }
        if u[lo] < 0x80 && u[u.index(before: hi)] < 0x80 {
            return lo == u.startIndex && hi == u.endIndex ? text : String(text[lo..<hi])
        }
        let scalars = text[lo..<hi].unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        return String(scalars[first...last])
    }

    /// Foundation's `CharacterSet.whitespaces`: tab, space, no-break space and the Unicode spaces (general
    /// category Zs) and U+200B.
    static func isWhitespace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The rest of `CharacterSet.whitespacesAndNewlines`: LF, VT, FF, CR, NEL, line and paragraph separators.
    static func isNewline(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
