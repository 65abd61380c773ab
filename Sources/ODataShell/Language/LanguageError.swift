import ODataModel
/// A statement that does not parse, names something the model does not have, or mixes types; it carries where
/// (character offsets into the statement) so that the message can show the statement with a caret line.
struct LanguageError: CategorizedError, Hashable, Sendable, CustomStringConvertible {
    var category: ErrorCategory { kind == .unknownName ? .unknownName : .usage }

    enum Kind: String, Sendable {
        /// Does not parse.
        case syntax
        /// Names an entity set, property, function, parameter or enum member the model does not have.
        case unknownName
        /// A literal (or expression) that cannot have the type its place needs.
        case typeMismatch
        /// Not possible with this service: a V4-only feature on a V2 service, a nested option V2 cannot express.
        case unsupported
    }
    var kind: Kind
    var message: String
    var range: SourceRange
    /// Close names for "did you mean".
    var suggestions: [String]
    /// The statement, set by whoever parsed it, for the caret line.
    var statement: String = ""

    init(_ kind: Kind, _ message: String, at range: SourceRange, suggestions: [String] = []) {
        self.kind = kind; self.message = message; self.range = range; self.suggestions = suggestions
    }

    /// 1-based column of the start.
    var column: Int { range.start + 1 }

    /// `column 17: unknown property ... (did you mean CompanyName?)`.
    var headline: String {
        var s = "column \(column): \(message)"
        if !suggestions.isEmpty {
            let names = suggestions.count == 1 ? suggestions[0]
                : suggestions.dropLast().joined(separator: ", ") + " or " + suggestions.last!
            s += " (did you mean \(names)?)"
        }
        return s
    }

    /// The statement and a caret line under the offending part.
    var caretLines: [String] {
        guard !statement.isEmpty else { return [] }
        let width = max(1, min(range.end, statement.count + 1) - range.start)
        return [statement, String(repeating: " ", count: range.start) + String(repeating: "^", count: width)]
    }

    var description: String {
        ([headline] + caretLines.map { "  " + $0 }).joined(separator: "\n")
    }
}
