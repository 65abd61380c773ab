/// A problem found while reading or validating metadata: an error makes the document unreadable, a warning
/// leaves the rest usable.
public struct MetadataIssue: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case warning, error }
    public var severity: Severity
    /// The element path, such as `NorthwindModel.Customer/CompanyName`; empty for the document as a whole.
    public var path: String
    public var location: SourceLocation
    public var message: String
    /// A short machine name of the kind of problem (e.g. `unresolved-type`, `not-well-formed`).
    public var code: String

    public init(_ severity: Severity, code: String, path: String = "", location: SourceLocation = .unknown, _ message: String) {
        self.severity = severity; self.code = code; self.path = path; self.location = location; self.message = message
    }

    /// Problems after which the element cannot be used at all (its type is unknown); others (an odd key, a broken
    /// annotation) leave it usable and are only listed.
    public var blocksUse: Bool {
        ["unresolved-type", "unresolved-base-type", "base-type-cycle", "bad-property-type", "unresolved-association",
         "unresolved-role", "bad-navigation-type"].contains(code)
    }

    public var description: String {
        var s = ""
        if location != .unknown { s += "\(location): " }
        s += "\(severity.rawValue): "
        if !path.isEmpty { s += "\(path): " }
        return s + message
    }
}

/// Thrown when a metadata document cannot be read at all (or, in strict mode, has warnings).
public struct MetadataError: Error, Sendable, CustomStringConvertible {
    public var issues: [MetadataIssue]
    /// The file name or URL the document came from, when known.
    public var source: String
    public init(source: String = "", issues: [MetadataIssue]) { self.source = source; self.issues = issues }
    public init(source: String = "", _ issue: MetadataIssue) { self.init(source: source, issues: [issue]) }
    public var description: String {
        let first = issues.first(where: { $0.severity == .error }) ?? issues.first
        let prefix = source.isEmpty ? "" : "\(source):"
        guard let f = first else { return "\(prefix) invalid metadata" }
        var s = prefix
        if f.location != .unknown { s += "\(f.location.line):\(f.location.column):" }
        if !s.isEmpty { s += " " }
        if !f.path.isEmpty { s += "\(f.path): " }
        s += f.message
        if issues.count > 1 { s += " (and \(issues.count - 1) more)" }
        return s
    }
}

/// Thrown when code uses an element that the validation pass marked as broken, or asks for one that does not exist.
public struct ModelLookupError: Error, Sendable, CustomStringConvertible {
    public var name: String
    public var message: String
    public var suggestions: [String]
    public init(name: String, message: String, suggestions: [String] = []) {
        self.name = name; self.message = message; self.suggestions = suggestions
    }
    public var description: String {
        suggestions.isEmpty ? message : "\(message) (did you mean \(suggestions.joined(separator: ", "))?)"
    }
}
