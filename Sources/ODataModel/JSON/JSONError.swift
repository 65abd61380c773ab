/// Why JSON text could not be read, and where: 1-based line and column (in characters) and the byte offset. Its
/// category is `.invalidData`.
public struct JSONError: CategorizedError, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers and tests that tell errors apart.
    public enum Kind: String, Sendable, Hashable {
        /// The text ended inside a value.
        case unexpectedEndOfInput
        /// A character that cannot stand where it is.
        case unexpectedCharacter
        /// A comma before `]` or `}`.
        case trailingComma
        /// More than blanks after the value.
        case trailingData
        /// A control character (below U+0020) not escaped in a string.
        case controlCharacterInString
        /// A backslash escape JSON does not have (`\x`), or a `\u` without four hex digits.
        case invalidEscape
        /// A `\u` escape of half a UTF-16 surrogate pair without the other half.
        case unpairedSurrogate
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// A number JSON's grammar does not allow (`01`, `1.`, `-`).
        case invalidNumber
        /// A word other than `true`, `false` or `null`.
        case invalidLiteral
        /// Arrays and objects nested deeper than the reader allows.
        case tooDeep
    }
    /// What went wrong, as a kind.
    public var kind: Kind
    /// A sentence for people, without the position.
    public var message: String
    /// 1-based line of the offending byte (or of the end of input).
    public var line: Int
    /// 1-based column, counted in characters (Unicode scalars), not bytes.
    public var column: Int
    /// Byte offset from the start of the input.
    public var offset: Int

    /// An error of this kind and message at a position.
    public init(_ kind: Kind, _ message: String, line: Int, column: Int, offset: Int) {
        self.kind = kind; self.message = message; self.line = line; self.column = column; self.offset = offset
    }

    /// Always `.invalidData`: the text is not JSON.
    public var category: ErrorCategory { .invalidData }
    /// Line and column as a model `SourceLocation`.
    public var location: SourceLocation { SourceLocation(line: line, column: column) }
    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
