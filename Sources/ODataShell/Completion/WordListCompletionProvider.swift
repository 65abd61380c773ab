/// Completes the word before the cursor from a fixed list, matching prefixes case-insensitively: keywords and
/// commands, or a stand-in until the model-aware completer is wired in.
struct WordListCompletionProvider: CompletionProvider {
    /// The candidates, in listing order.
    var words: [CompletionCandidate]

    init(words: [CompletionCandidate]) { self.words = words }

    /// Characters that belong to a word (names, qualified names, `$` options).
    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "." || c == "$" || c == "-"
    }

    /// The words that start with the word before the cursor, ignoring case.
    func complete(line: String, cursor: Int) -> CompletionResult {
        let chars = Array(line)
        let end = min(max(cursor, 0), chars.count)
        var start = end
        while start > 0 && Self.isWordCharacter(chars[start - 1]) { start -= 1 }
        let prefix = String(chars[start..<end]).lowercased()
        let matches = words.filter { $0.insertText.lowercased().hasPrefix(prefix) }
        return CompletionResult(candidates: matches, replacing: start..<end, appendsSpace: true)
    }
}
