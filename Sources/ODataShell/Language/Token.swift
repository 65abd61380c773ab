/// A token of the query language with where it stands (0-based character offsets into the statement).
struct Token: Equatable {
    enum Kind: Equatable {
        case identifier          // Customers, NorthwindModel.Customer, $it
        case integer             // 42
        case decimal             // 12.50
        case double              // 1.5e3
        case string              // 'x' or "x" (value decoded)
        case date                // 1997-01-01
        case dateTimeOffset      // 1997-01-01T10:00:00Z
        case localDateTime       // 1997-01-01T10:00:00 (V2 DateTime)
        case timeOfDay           // 10:30:00
        case guid                // 01234567-89ab-cdef-0123-456789abcdef
        case symbol              // ( ) , ; / : = == != <> < <= > >= + - * % { } [ ]
        case end
    }
    var kind: Kind
    /// The text as written (for strings: with the quotes).
    var text: String
    /// The value: the decoded string for strings, else the text.
    var value: String
    var start: Int
    var end: Int
    /// True when whitespace (or the start of the statement) comes right before the token.
    var spaceBefore: Bool
    /// For strings: true when the closing quote is missing (only in partial mode).
    var unterminated = false

    func isSymbol(_ s: String) -> Bool { kind == .symbol && text == s }
    /// Case-insensitive keyword test.
    func isKeyword(_ k: String) -> Bool { kind == .identifier && text.lowercased() == k }
    var range: SourceRange { SourceRange(start: start, end: end) }
}

/// Where something stands in a statement: character offsets, end exclusive.
struct SourceRange: Hashable, Sendable {
    var start: Int
    var end: Int
    init(start: Int, end: Int) { self.start = start; self.end = max(end, start) }
    /// The range from the start of one to the end of the other.
    func to(_ other: SourceRange) -> SourceRange { SourceRange(start: min(start, other.start), end: max(end, other.end)) }
}
