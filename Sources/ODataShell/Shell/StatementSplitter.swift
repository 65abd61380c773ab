/// Splits script text into statements: at newlines and at `;`, except inside brackets and strings.
/// Lines whose first non-blank character is `#` are comments.
public enum StatementSplitter {
    /// One statement and the line (1-based) it starts on.
    public struct Piece: Hashable, Sendable {
        public var text: String
        public var line: Int
    }

    /// True while a bracket or string is still open: the REPL then reads a continuation line.
    public static func isIncomplete(_ text: String) -> Bool {
        var depth = 0
        var quote: Character?
        var prev: Character = " "
        for c in text {
            if let q = quote {
                if c == q && !(q == "\"" && prev == "\\") { quote = nil }
            } else {
                switch c {
                case "'", "\"": quote = c
                case "(", "{", "[": depth += 1
                case ")", "}", "]": depth = max(0, depth - 1)
                default: break
                }
            }
            prev = c
        }
        return depth > 0 || quote != nil
    }

    public static func split(_ text: String) -> [Piece] {
        var out: [Piece] = []
        var cur = ""
        var line = 1, startLine = 1
        var depth = 0
        var quote: Character? = nil
        var atLineStart = true
        var inComment = false
        var prev: Character = " "
        func flush() {
            let t = cur.trimmingWhitespaceCharacters()
            if !t.isEmpty { out.append(Piece(text: t, line: startLine)) }
            cur = ""
        }
        for c in text {
            if inComment {
                if c == "\n" { inComment = false; line += 1; atLineStart = true; startLine = line }
                continue
            }
            if let q = quote {
                cur.append(c)
                if c == q && !(q == "\"" && prev == "\\") { quote = nil }
                if c == "\n" { line += 1 }
                prev = c
                continue
            }
            if atLineStart && depth == 0 && cur.trimmingWhitespaceCharacters().isEmpty {
                if c == "#" { inComment = true; continue }
                if !c.isWhitespace { atLineStart = false; startLine = line }
            }
            switch c {
            case "'", "\"": quote = c; cur.append(c)
            case "(", "{", "[": depth += 1; cur.append(c)
            case ")", "}", "]": depth = max(0, depth - 1); cur.append(c)
            case ";" where depth == 0: flush(); startLine = line; atLineStart = true
            case "\n":
                line += 1
                if depth == 0 { flush(); startLine = line; atLineStart = true } else { cur.append(" ") }
            default: cur.append(c)
            }
            prev = c
        }
        flush()
        return out
    }
}

extension String {
    func trimmingWhitespaceCharacters() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
