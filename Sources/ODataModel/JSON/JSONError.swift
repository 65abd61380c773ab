/// Why JSON text could not be read, and where: 1-based line and column (in characters) and the byte offset. Its
/// category is `.invalidData`.
public struct JSONError: CategorizedError, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers and tests that tell errors apart.
    public enum Kind: String, Sendable, Hashable {
        case unexpectedEndOfInput, unexpectedCharacter, trailingComma, trailingData
        case controlCharacterInString, invalidEscape, unpairedSurrogate, invalidUTF8
        case invalidNumber, invalidLiteral, tooDeep
    }
    public var kind: Kind
    /// A sentence for people, without the position.
    public var message: String
    /// 1-based line of the offending byte (or of the end of input).
    public var line: Int
    /// 1-based column, counted in characters (Unicode scalars), not bytes.
    public var column: Int
    /// Byte offset from the start of the input.
    public var offset: Int

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
