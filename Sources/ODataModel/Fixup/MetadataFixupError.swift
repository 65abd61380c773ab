/// A fix-up line that cannot be applied (or parsed): where, what, and the names that come close.
public struct MetadataFixupError: Error, Sendable, CustomStringConvertible {
    public var source: String
    public var line: Int
    /// The element path of the fix, empty for a syntax error.
    public var path: String
    public var message: String
    public var suggestions: [String]

    public var description: String {
        let place = source.isEmpty ? "line \(line)" : "\(source):\(line)"
        let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
        return "metadata fix \(place): \(message)\(hint)"
    }
}
