/// Answers TAB: the names that may stand at the cursor. The line editor only inserts and lists what it gets;
/// matching (case-insensitive prefixes) and knowing the model are the provider's job.
protocol CompletionProvider {
    /// Candidates for the cursor position; `cursor` and the result's range are character offsets into `line`.
    func complete(line: String, cursor: Int) -> CompletionResult
}

/// One thing TAB may insert.
struct CompletionCandidate: Hashable, Sendable {
    /// The text inserted, in the model's exact spelling.
    var insertText: String
    /// The text listed (usually the same).
    var displayText: String
    /// Shown beside the listed text, e.g. a type `Edm.String(40)` or `entity set`.
    var annotation: String?

    init(_ insertText: String, display: String? = nil, annotation: String? = nil) {
        self.insertText = insertText
        self.displayText = display ?? insertText
        self.annotation = annotation
    }
}

/// The provider's answer: candidates, the part of the line they replace, and whether a unique one gets a space.
struct CompletionResult: Hashable, Sendable {
    /// In the order they are listed.
    var candidates: [CompletionCandidate]
    /// Character offsets (end exclusive) of the text a candidate replaces, usually the word before the cursor.
    var replacing: Range<Int>
    /// Whether a unique candidate is followed by a space (no for a name that continues, like `Orders/`).
    var appendsSpace: Bool

    init(candidates: [CompletionCandidate], replacing: Range<Int>, appendsSpace: Bool = true) {
        self.candidates = candidates
        self.replacing = replacing
        self.appendsSpace = appendsSpace
    }

    /// No candidates.
    static func none(at cursor: Int) -> CompletionResult {
        CompletionResult(candidates: [], replacing: cursor..<cursor)
    }
}
