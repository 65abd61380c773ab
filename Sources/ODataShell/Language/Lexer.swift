/// Splits one statement into tokens. Every token keeps its character offsets; errors point at the offending one.
struct Lexer {
    let chars: [Character]
    /// In partial mode (completion) an unterminated string at the end is a token rather than an error.
    let partial: Bool

    init(_ text: String, partial: Bool = false) { chars = Array(text); self.partial = partial }

    static let symbols2: Set<String> = ["==", "!=", "<>", "<=", ">="]
    static let symbols1: Set<Character> = ["(", ")", ",", ";", "/", ":", "=", "<", ">", "+", "-", "*", "%", "{", "}", "[", "]"]

    func tokens() throws -> [Token] {
        var out: [Token] = []
        var i = 0
        var space = true
        while true {
            while i < chars.count, chars[i].isWhitespace { i += 1; space = true }
            guard i < chars.count else {
                out.append(Token(kind: .end, text: "", value: "", start: i, end: i, spaceBefore: space))
                return out
            }
            var t = try token(at: i)
            t.spaceBefore = space
            out.append(t)
            i = t.end
            space = false
        }
    }

    private func isIdentStart(_ c: Character) -> Bool { c == "_" || c == "$" || (c.isLetter) }
    private func isIdentPart(_ c: Character) -> Bool { c == "_" || c.isLetter || c.isNumber }
    private func isDigit(_ i: Int) -> Bool { i < chars.count && chars[i].isASCII && chars[i].isNumber }
    private func isHex(_ i: Int) -> Bool { i < chars.count && chars[i].isHexDigit && chars[i].isASCII }

    private func text(_ a: Int, _ b: Int) -> String { String(chars[a..<b]) }

    private func token(at i: Int) throws -> Token {
        let c = chars[i]
        func make(_ kind: Token.Kind, _ end: Int, value: String? = nil) -> Token {
            let t = text(i, end)
            return Token(kind: kind, text: t, value: value ?? t, start: i, end: end, spaceBefore: false)
        }
        if c == "'" || c == "\"" { return try string(at: i) }
        if let g = guid(at: i) { return make(.guid, g) }
        if isDigit(i) { return try number(at: i) }
        if isIdentStart(c) {
            var j = i + 1
            while j < chars.count {
                if isIdentPart(chars[j]) { j += 1; continue }
                // Dots join qualified names: NorthwindModel.Customer.
                if chars[j] == ".", j + 1 < chars.count, isIdentStart(chars[j + 1]) { j += 2; continue }
                // Completing `Lab.`: the dot typed so far belongs to the qualified name.
                if chars[j] == ".", partial, j + 1 == chars.count { j += 1; continue }
                break
            }
            return make(.identifier, j)
        }
        if i + 1 < chars.count, Self.symbols2.contains(text(i, i + 2)) { return make(.symbol, i + 2) }
        if Self.symbols1.contains(c) { return make(.symbol, i + 1) }
        throw LanguageError(.syntax, "unexpected character \(c)", at: SourceRange(start: i, end: i + 1))
    }

    /// 8-4-4-4-12 hex digits not followed by an identifier character.
    private func guid(at i: Int) -> Int? {
        guard i + 36 <= chars.count else { return nil }
        for k in 0..<36 {
            if [8, 13, 18, 23].contains(k) { if chars[i + k] != "-" { return nil } } else if !isHex(i + k) { return nil }
        }
        if i + 36 < chars.count, isIdentPart(chars[i + 36]) { return nil }
        return i + 36
    }

    private func digits(_ i: Int, _ n: Int) -> Bool { (0..<n).allSatisfy { isDigit(i + $0) } }

    /// Numbers, dates (`1997-01-01`), date-times (`...T10:00[:00[.5]][Z|+01:00]`) and times (`10:30[:00]`).
    private func number(at i: Int) throws -> Token {
        func make(_ kind: Token.Kind, _ end: Int) -> Token {
            let t = text(i, end)
            return Token(kind: kind, text: t, value: t, start: i, end: end, spaceBefore: false)
        }
        // hh:mm[:ss[.f]]
        func time(_ j: Int) -> Int? {
            guard digits(j, 2), j + 2 < chars.count, chars[j + 2] == ":", digits(j + 3, 2) else { return nil }
            var k = j + 5
            if k < chars.count, chars[k] == ":", digits(k + 1, 2) {
                k += 3
                if k < chars.count, chars[k] == ".", isDigit(k + 1) { k += 1; while isDigit(k) { k += 1 } }
            }
            return k
        }
        if digits(i, 4), i + 4 < chars.count, chars[i + 4] == "-", digits(i + 5, 2), i + 7 < chars.count, chars[i + 7] == "-", digits(i + 8, 2),
           !(i + 10 < chars.count && isIdentPart(chars[i + 10]) && chars[i + 10] != "T") {
            var k = i + 10
            if k < chars.count, chars[k] == "T", let e = time(k + 1) {
                k = e
                if k < chars.count, chars[k] == "Z" { return make(.dateTimeOffset, k + 1) }
                if k < chars.count, chars[k] == "+" || chars[k] == "-", digits(k + 1, 2), k + 3 < chars.count, chars[k + 3] == ":", digits(k + 4, 2) {
                    return make(.dateTimeOffset, k + 6)
                }
                return make(.localDateTime, k)
            }
            return make(.date, k)
        }
        if let e = time(i), !(e < chars.count && isIdentPart(chars[e])) { return make(.timeOfDay, e) }
        var k = i
        while isDigit(k) { k += 1 }
        var kind = Token.Kind.integer
        if k < chars.count, chars[k] == ".", isDigit(k + 1) {
            k += 1
            while isDigit(k) { k += 1 }
            kind = .decimal
        }
        if k < chars.count, chars[k] == "e" || chars[k] == "E" {
            var e = k + 1
            if e < chars.count, chars[e] == "+" || chars[e] == "-" { e += 1 }
            if isDigit(e) {
                while isDigit(e) { e += 1 }
                k = e
                kind = .double
            }
        }
        // V2's typed numbers: 12.50M (Decimal), 5L (Int64), 1.5d (Double), 2f (Single); the value is the number.
        if k < chars.count, "MmLlDdFf".contains(chars[k]), !(k + 1 < chars.count && isIdentPart(chars[k + 1])),
           !(("Ll".contains(chars[k])) && kind != .integer) {
            return Token(kind: kind, text: text(i, k + 1), value: text(i, k), start: i, end: k + 1, spaceBefore: false)
        }
        if k < chars.count, isIdentPart(chars[k]) {
            var e = k
            while e < chars.count, isIdentPart(chars[e]) { e += 1 }
            throw LanguageError(.syntax, "unexpected \(text(i, e)): a name cannot start with a digit", at: SourceRange(start: i, end: e))
        }
        return make(kind, k)
    }

    /// `'it''s'` (a doubled quote stands for one) or `"say \"hi\"\n"` (backslash escapes: \" \\ \/ \n \r \t \uXXXX).
    private func string(at i: Int) throws -> Token {
        let q = chars[i]
        var v = ""
        var k = i + 1
        while k < chars.count {
            let c = chars[k]
            if c == q {
                if q == "'", k + 1 < chars.count, chars[k + 1] == "'" { v.append("'"); k += 2; continue }
                return Token(kind: .string, text: text(i, k + 1), value: v, start: i, end: k + 1, spaceBefore: false)
            }
            if q == "\"", c == "\\", k + 1 < chars.count {
                let e = chars[k + 1]
                switch e {
                case "\"": v.append("\""); k += 2
                case "\\": v.append("\\"); k += 2
                case "/": v.append("/"); k += 2
                case "n": v.append("\n"); k += 2
                case "r": v.append("\r"); k += 2
                case "t": v.append("\t"); k += 2
                // JSON's escapes, all of them: what QueryPrinter writes reads back.
                case "b": v.append("\u{08}"); k += 2
                case "f": v.append("\u{0C}"); k += 2
                case "u":
                    guard k + 5 < chars.count, (2...5).allSatisfy({ isHex(k + $0) }),
                          let n = UInt32(text(k + 2, k + 6), radix: 16), let s = Unicode.Scalar(n) else {
                        throw LanguageError(.syntax, "\\u needs four hex digits", at: SourceRange(start: k, end: min(k + 6, chars.count)))
                    }
                    v.unicodeScalars.append(s); k += 6
                default:
                    throw LanguageError(.syntax, "unknown escape \\\(e) (use \\\" \\\\ \\n \\r \\t or \\uXXXX)", at: SourceRange(start: k, end: k + 2))
                }
                continue
            }
            v.append(c); k += 1
        }
        if partial {
            var t = Token(kind: .string, text: text(i, chars.count), value: v, start: i, end: chars.count, spaceBefore: false)
            t.unterminated = true
            return t
        }
        throw LanguageError(.syntax, "the string has no closing \(q)", at: SourceRange(start: i, end: chars.count))
    }
}
