/// Splits script text into statements: at newlines and at `;`, except inside brackets and strings.
/// Lines whose first non-blank character is `#` are comments.
enum StatementSplitter {
    /// One statement and the line (1-based) it starts on.
    struct Piece: Hashable, Sendable {
        var text: String
        var line: Int
    }

    /// True while a bracket or string, or a `batch` block, is still open: the REPL then reads a continuation line.
    /// A `#` comment line is no statement: a quote in it opens nothing.
    static func isIncomplete(_ text: String) -> Bool {
        let scanned = scan(text)
        return scanned.openBlocks > 0 || scanned.isOpen
    }

    static func split(_ text: String) -> [Piece] { scan(text).pieces }

    /// The statements, how many `batch` or `changeset` blocks are still open at the end, and whether a bracket or
    /// a string is. A block, from its `batch` line to the `end` that closes it, is one piece: its statements joined
    /// with `;`.
    private static func scan(_ text: String) -> (pieces: [Piece], openBlocks: Int, isOpen: Bool) {
        var out: [Piece] = []
        var block: [String] = []
        var blockLine = 1
        var openBlocks = 0
        var cur = ""
        var line = 1, startLine = 1
        var depth = 0
        var quote: Character? = nil
        var atLineStart = true
        var inComment = false
        var prev: Character = " "
        func flush() {
            let t = cur.trimmingWhitespaceCharacters()
            cur = ""
            guard !t.isEmpty else { return }
            let word = t.lowercased()
            if openBlocks == 0 && word != "batch" {
                out.append(Piece(text: t, line: startLine))
                return
            }
            if openBlocks == 0 { blockLine = startLine; block = [] }
            block.append(t)
            if word == "batch" || word == "changeset" { openBlocks += 1 }
            if word == "end" { openBlocks -= 1 }
            if openBlocks == 0 { out.append(Piece(text: block.joined(separator: "; "), line: blockLine)) }
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
        // A block left open is handed over as it is: the parser says what it lacks.
        if openBlocks > 0 { out.append(Piece(text: block.joined(separator: "; "), line: blockLine)) }
        return (out, openBlocks, depth > 0 || quote != nil)
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
