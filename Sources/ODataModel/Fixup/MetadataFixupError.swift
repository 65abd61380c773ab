/// A fix-up line that cannot be applied (or parsed): where, what, and the names that come close. Its category is
/// `.usage`: a fix-up file is the user's input.
public struct MetadataFixupError: CategorizedError, Sendable, CustomStringConvertible {
    /// The fix-up file's name.
    public var source: String
    /// The line of the fix, from 1.
    public var line: Int
    /// The element path of the fix, empty for a syntax error.
    public var path: String
    /// A sentence for people.
    public var message: String
    /// Names that come close, best first.
    public var suggestions: [String]

    /// Always `.usage`: the fix-up file asks for what cannot be done.
    public var category: ErrorCategory { .usage }

    /// `metadata fix FILE:LINE: message (did you mean ...?)`.
    public var description: String {
        let place = source.isEmpty ? "line \(line)" : "\(source):\(line)"
        let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
        return "metadata fix \(place): \(message)\(hint)"
    }
}
