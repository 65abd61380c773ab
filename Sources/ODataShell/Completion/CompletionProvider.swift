/// Answers TAB: the names that may stand at the cursor. The line editor only inserts and lists what it gets;
/// matching (case-insensitive prefixes) and knowing the model are the provider's job.
public protocol CompletionProvider {
    /// Candidates for the cursor position; `cursor` and the result's range are character offsets into `line`.
    func complete(line: String, cursor: Int) -> CompletionResult
}

/// One thing TAB may insert.
public struct CompletionCandidate: Hashable, Sendable {
    /// The text inserted, in the model's exact spelling.
    public var insertText: String
    /// The text listed (usually the same).
    public var displayText: String
    /// Shown beside the listed text, e.g. a type `Edm.String(40)` or `entity set`.
    public var annotation: String?

    public init(_ insertText: String, display: String? = nil, annotation: String? = nil) {
        self.insertText = insertText
        self.displayText = display ?? insertText
        self.annotation = annotation
    }
}

/// The provider's answer: candidates, the part of the line they replace, and whether a unique one gets a space.
public struct CompletionResult: Hashable, Sendable {
    /// In the order they are listed.
    public var candidates: [CompletionCandidate]
    /// Character offsets (end exclusive) of the text a candidate replaces, usually the word before the cursor.
    public var replacing: Range<Int>
    /// Whether a unique candidate is followed by a space (no for a name that continues, like `Orders/`).
    public var appendsSpace: Bool

    public init(candidates: [CompletionCandidate], replacing: Range<Int>, appendsSpace: Bool = true) {
        self.candidates = candidates
        self.replacing = replacing
        self.appendsSpace = appendsSpace
    }

    /// No candidates.
    public static func none(at cursor: Int) -> CompletionResult {
        CompletionResult(candidates: [], replacing: cursor..<cursor)
    }
}
