/// A problem found while reading or validating metadata: an error makes the document unreadable, a warning
/// leaves the rest usable. Its category is `.invalidData`.
public struct MetadataIssue: CategorizedError, Hashable, Sendable, CustomStringConvertible {
    /// How bad an issue is.
    public enum Severity: String, Sendable, Hashable {
        /// The element or document is usable, with the issue listed.
        case warning
        /// The document (or, when it blocks use, the element) cannot be used.
        case error
    }
    /// Whether it is a warning or an error.
    public var severity: Severity
    /// The element path, such as `NorthwindModel.Customer/CompanyName`; empty for the document as a whole.
    public var path: String
    /// Where in the document the problem was found (line and column), when known.
    public var location: SourceLocation
    /// A sentence for people, without the position.
    public var message: String
    /// A short machine name of the kind of problem (e.g. `unresolved-type`, `not-well-formed`).
    public var code: String

    /// An issue of this severity, code and message at an element path and position.
    public init(_ severity: Severity, code: String, path: String = "", location: SourceLocation = .unknown, _ message: String) {
        self.severity = severity; self.code = code; self.path = path; self.location = location; self.message = message
    }

    /// Problems after which the element cannot be used at all (its type is unknown); others (an odd key, a broken
    /// annotation) leave it usable and are only listed.
    public var blocksUse: Bool {
        ["unresolved-type", "unresolved-base-type", "base-type-cycle", "bad-property-type", "unresolved-association",
         "unresolved-role", "bad-navigation-type"].contains(code)
    }

    /// Always `.invalidData`: the metadata says something that cannot be used as it is.
    public var category: ErrorCategory { .invalidData }

    /// `line:column: severity: path: message`, leaving out the position and path when unknown.
    public var description: String {
        var s = ""
        if location != .unknown { s += "\(location): " }
        s += "\(severity.rawValue): "
        if !path.isEmpty { s += "\(path): " }
        return s + message
    }
}

/// Thrown when a metadata document cannot be read at all (or, in strict mode, has warnings). Its category is
/// `.invalidData`.
public struct MetadataError: CategorizedError, Sendable, CustomStringConvertible {
    /// What makes the document unreadable: its errors (with `strict`, its warnings made errors).
    public var issues: [MetadataIssue]
    /// The file name or URL the document came from, when known.
    public var source: String
    /// An error for `issues` of the document from `source`.
    public init(source: String = "", issues: [MetadataIssue]) { self.source = source; self.issues = issues }
    /// An error for one issue of the document from `source`.
    public init(source: String = "", _ issue: MetadataIssue) { self.init(source: source, issues: [issue]) }
    /// Always `.invalidData`: the bytes are not a usable metadata document.
    public var category: ErrorCategory { .invalidData }
    /// `source:line:column: path: message`, from the first error.
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

/// Thrown when code asks for an element that does not exist (category `.unknownName`), or uses one that the
/// validation pass marked as broken (category `.invalidData`).
public struct ModelLookupError: CategorizedError, Sendable, CustomStringConvertible {
    /// The name asked for.
    public var name: String
    /// A sentence for people.
    public var message: String
    /// Names that come close, best first.
    public var suggestions: [String]
    /// `.unknownName` for a name that is not there, `.invalidData` for an element that is but cannot be used.
    public var category: ErrorCategory
    /// An error about `name`; by default a name that is not there.
    public init(name: String, message: String, suggestions: [String] = [], category: ErrorCategory = .unknownName) {
        self.name = name; self.message = message; self.suggestions = suggestions; self.category = category
    }
    /// The message, with the suggestions when there are any.
    public var description: String {
        suggestions.isEmpty ? message : "\(message) (did you mean \(suggestions.joined(separator: ", "))?)"
    }
}
