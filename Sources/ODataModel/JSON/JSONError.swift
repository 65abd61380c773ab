/// Why JSON text could not be read, and where: 1-based line and column (in characters) and the byte offset.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case unexpectedEndOfInput, unexpectedCharacter, trailingComma, trailingData
        case controlCharacterInString, invalidEscape, unpairedSurrogate, invalidUTF8
        case invalidNumber, invalidLiteral, tooDeep
    }
    public var kind: Kind
    public var message: String
    public var line: Int
    public var column: Int
    /// Byte offset from the start of the input.
    public var offset: Int

    public init(_ kind: Kind, _ message: String, line: Int, column: Int, offset: Int) {
        self.kind = kind; self.message = message; self.line = line; self.column = column; self.offset = offset
    }

    public var location: SourceLocation { SourceLocation(line: line, column: column) }
    public var description: String { "\(line):\(column): \(message)" }
}
