/// How an OData name becomes a Swift identifier, predictably: characters that may not stand in an identifier
/// become `_`, a leading digit gets a `_` before it, and a Swift keyword gets a `_` after it. Whatever changed is
/// said in a comment on the declaration (`SwiftName.note`).
enum SwiftNames {
    /// Words Swift reserves (in any position where a declaration name stands) and words that mean something
    /// else as a member name (`self`, `Type`, `init`): a trailing `_` keeps them apart.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol", "async", "consume", "copy", "discard", "each", "borrowing", "consuming", "some", "any",
        "macro", "package", "_",
    ]

    /// A name as a Swift identifier and what was changed about it (nil when nothing was), the change said of
    /// `original` (the OData name, before its case was changed) when given.
    static func identifier(_ name: String, original: String? = nil) -> (name: String, change: String?) {
        let said = original ?? name
        var out = ""
        var replaced = false
        for (i, scalar) in name.unicodeScalars.enumerated() {
            if i == 0 ? isHead(scalar) : isBody(scalar) {
                out.unicodeScalars.append(scalar)
            } else if i == 0 && isBody(scalar) {
                out += "_"
                out.unicodeScalars.append(scalar)
            } else {
                out += "_"
                replaced = true
            }
        }
        if out.isEmpty { return ("_unnamed", "an empty name") }
        if keywords.contains(out) { return (out + "_", "\(said) is a Swift keyword") }
        if replaced { return (out, "\(said) is not a Swift identifier") }
        if out != name { return (out, "\(said) begins with a digit") }
        if let original, joinedWords(original) != original { return (out, "\(said) with its words joined, as Swift spells names") }
        return (out, nil)
    }

    /// The name with its words joined as Swift spells names (the API Design Guidelines' camel case): an
    /// underscore, hyphen, dot, space or slash between two words goes, and the word after it begins with a capital
    /// (`Order_Detail` gives `OrderDetail`, `to_Item` gives `toItem`, `Unit-Price` gives `UnitPrice`). Separators at
    /// either end stay, for `identifier` to judge.
    static func joinedWords(_ name: String) -> String {
        let chars = Array(name)
        var out = ""
        var capitalizeNext = false
        for (i, c) in chars.enumerated() {
            let separator = c == "_" || c == "-" || c == "." || c == " " || c == "/"
            if separator, !out.isEmpty, let last = out.last, last.isLetter || last.isNumber,
               i + 1 < chars.count, chars[(i + 1)...].contains(where: { $0.isLetter || $0.isNumber }) {
                capitalizeNext = true
                continue
            }
            if capitalizeNext && !separator {
                out += c.uppercased()
                capitalizeNext = false
            } else if !separator || !capitalizeNext {
                out.append(c)
            }
        }
        return out
    }

    /// The name with its words joined (`joinedWords`) and its first word in lower case, as Swift spells members:
    /// `CompanyName` gives `companyName`, `ID` gives `id`, `URLLink` gives `urlLink`, `Order_Details` gives
    /// `orderDetails`.
    static func lowerCamel(_ name: String) -> String {
        let name = joinedWords(name)
        let chars = Array(name)
        var upperRun = 0
        while upperRun < chars.count, chars[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        // A run of capitals followed by a lower-case letter: the last capital begins the next word.
        let lowerCount = upperRun == chars.count || upperRun == 1 || !chars[upperRun].isLetter ? upperRun : upperRun - 1
        return String(chars[..<lowerCount]).lowercased() + String(chars[lowerCount...])
    }

    /// The name with its words joined (`joinedWords`) and its first letter in upper case, as Swift spells types.
    static func upperCamel(_ name: String) -> String {
        let name = joinedWords(name)
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    private static func isHead(_ s: Unicode.Scalar) -> Bool {
        s == "_" || (s.properties.isXIDStart && s.value > 0x7F) || ("a"..."z").contains(s) || ("A"..."Z").contains(s)
    }

    private static func isBody(_ s: Unicode.Scalar) -> Bool {
        isHead(s) || ("0"..."9").contains(s) || (s.value > 0x7F && s.properties.isXIDContinue)
    }

    /// A string literal for `text` (escaped), on one line.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text for a `///` comment: on one line, without characters that would end or confuse it.
    static func commentText(_ text: String) -> String {
        // Nearly every text is one line already: checked by its bytes, it is returned as it is (without leading
        // blanks), the splitting below left for the few with line breaks.
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C || $0 == 0xC2 || $0 == 0xE2 }) {
            guard let first = utf8.first, first == 0x20 || first == 0x09 else { return text }
            return String(text.drop(while: \.isWhitespace))
        }
        return text.split(whereSeparator: \.isNewline).map { $0.drop(while: \.isWhitespace) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
