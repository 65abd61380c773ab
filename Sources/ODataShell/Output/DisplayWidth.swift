/// How many terminal columns text takes, per grapheme cluster (a Swift `Character`): East Asian wide and
/// fullwidth characters and emoji take two, combining marks and zero-width characters none, the rest one. An emoji
/// sequence (ZWJ, skin-tone modifier, flag, keycap, variation selector 16) is one cluster and takes two, as
/// terminals draw it. Cutting to a width never splits a cluster.
///
/// East_Asian_Width is not among Swift's Unicode properties: `wideRanges` are the W and F ranges of Unicode's
/// EastAsianWidth.txt (Unicode 14, ranges merged across unassigned code points); emoji not yet in it are caught by
/// the Emoji_Presentation property, which Swift has.
enum DisplayWidth {
    /// The columns of `text` on a terminal.
    static func of(_ text: String) -> Int {
        var width = 0
        for c in text { width += of(c) }
        return width
    }

    /// The columns of one grapheme cluster: 0, 1 or 2.
    static func of(_ c: Character) -> Int {
        if let a = c.asciiValue { return a < 0x20 || a == 0x7F ? 0 : 1 }
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        var width = base(first)
        for s in scalars.dropFirst() {
            switch s.value {
            case 0xFE0F where first.properties.isEmoji: width = 2  // emoji presentation (keycaps, ❤️)
            case 0xFE0E where width == 2 && !isWide(first): width = 1  // text presentation
            case 0x1F3FB...0x1F3FF: width = 2  // a skin tone
            case 0x200D where first.properties.isEmoji: width = 2  // a ZWJ sequence
            case 0x1F1E6...0x1F1FF where (0x1F1E6...0x1F1FF).contains(first.value): width = 2  // a flag: two indicators
            default: break
            }
        }
        return width
    }

    /// The columns of a cluster's first scalar.
    private static func base(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        if v < 0xA0 { return v < 0x20 || v >= 0x7F ? 0 : 1 }
        if isWide(s) || s.properties.isEmojiPresentation { return 2 }
        if v == 0xAD { return 1 }  // soft hyphen: terminals show it
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }  // Hangul vowels and finals
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .surrogate: return 0
        default: return 1
        }
    }

    /// East Asian Wide or Fullwidth.
    static func isWide(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        guard v >= 0x1100 else { return false }
        var lo = 0, hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = wideRanges[mid]
            if v < r.lowerBound { hi = mid - 1 } else if v > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// The longest start of `text` that takes at most `width` columns (whole clusters), and the columns it takes.
    static func prefix(_ text: String, fitting width: Int) -> (text: Substring, width: Int) {
        var used = 0
        var end = text.startIndex
        for i in text.indices {
            let w = of(text[i])
            if used + w > width { break }
            used += w
            end = text.index(after: i)
        }
        return (text[..<end], used)
    }

    /// `text` in at most `width` columns: whole when it fits, else cut with an ellipsis (never inside a cluster).
    static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        return String(prefix(text, fitting: width - 1).text) + "…"
    }

    /// `text` padded with spaces to `width` columns, on the right (or on the left, for numbers).
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let w = of(text)
        guard w < width else { return text }
        let p = String(repeating: " ", count: width - w)
        return right ? p + text : text + p
    }

    /// `text` broken into lines of at most `width` columns, at a space where the line has one past its first
    /// quarter, else anywhere between clusters.
    static func wrap(_ text: String, _ width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for c in text {
            let w = of(c)
            if lineWidth + w > width && !line.isEmpty {
                var carry = ""
                if let space = line.lastIndex(of: " "), line.distance(from: line.startIndex, to: space) >= width / 4 {
                    carry = String(line[line.index(after: space)...])
                    line = String(line[...space])
                }
                lines.append(line.trailingSpacesTrimmed())
                line = carry
                lineWidth = of(carry)
            }
            line.append(c)
            lineWidth += w
        }
        lines.append(line)
        return lines
    }

    /// The W and F ranges of EastAsianWidth.txt, sorted.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAD9,
        0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004,
        0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
        0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4,
        0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FAF6, 0x20000...0x3FFFD
    ]
}
