import ODataModel
/// Something wrong with a payload: a value that does not fit its declared type, a property the type does not have,
/// a type name the model does not know, a payload that is not well-formed. In lenient reading the first kinds
/// are warnings; in strict reading, and for malformed payloads always, they are thrown as `PayloadError`.
public struct PayloadIssue: Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Sendable {
        /// A value that does not fit the type the metadata declares for it.
        case typeMismatch
        /// A property the entity's or complex value's type does not declare.
        case unknownProperty
        /// A type name (`@odata.type`, `__metadata.type`) the model does not know.
        case unknownType
        /// The payload is not well-formed JSON or XML.
        case malformed
        /// Well-formed, but not shaped as an OData payload of the expected kind (an array where an object belongs).
        case unexpectedStructure
        /// The payload is the service's error body, not data.
        case serviceError
    }
    /// What kind of problem it is.
    public var kind: Kind
    /// The entity set (or type, when the set is unknown) of the entity the value belongs to.
    public var entitySet: String?
    /// The key predicate of that entity (`(10248)`), when its key was read.
    public var key: String?
    /// The property path inside the entity (`Freight`, `Address/City`).
    public var property: String?
    /// The type the metadata declares (`Edm.Decimal`).
    public var expected: String?
    /// What came instead, as it was written (`"abc"`).
    public var got: String?
    /// The sentence for messages that are not about one value.
    public var message: String
    /// 1-based line and column, and byte offset from the start of the payload (0 when not known).
    public var line = 0
    /// The 1-based column of the problem (0 when not known).
    public var column = 0
    /// The byte offset of the problem from the start of the payload (0 when not known).
    public var offset = 0

    /// An issue of this kind with this message, at this place in the payload.
    public init(kind: Kind, message: String, line: Int = 0, column: Int = 0, offset: Int = 0) {
        self.kind = kind; self.message = message; self.line = line; self.column = column; self.offset = offset
    }

    /// `Orders(10248)/Freight: expected Edm.Decimal, got "abc" (line 1, column 345)`. Names and values are the
    /// payload's as they came, control characters included: escape them before a terminal shows them.
    public var description: String {
        var head = ""
        if let s = entitySet { head = s + (key ?? "") }
        if let p = property { head += head.isEmpty ? p : "/" + p }
        var text = head.isEmpty ? message : "\(head): \(message)"
        if line > 0 { text += " (line \(line), column \(column))" }
        // Names and values come from the payload as they are: whoever shows them on a terminal escapes them.
        return text
    }
}

/// A payload that could not be read: malformed, truncated, or (in strict reading) not fitting the model.
public struct PayloadError: CategorizedError, Sendable, Equatable, CustomStringConvertible {
    /// `invalidData`: the service sent what its metadata does not allow.
    public var category: ErrorCategory { .invalidData }

    /// What is wrong, and where.
    public var issue: PayloadIssue
    /// The error of this issue.
    public init(_ issue: PayloadIssue) { self.issue = issue }
    /// The issue in one line.
    public var description: String { issue.description }
}
