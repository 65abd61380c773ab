/// Where an element stands in the metadata document it was read from (1-based; 0 when unknown).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1 (0 when unknown).
    public var line: Int
    /// The column, from 1 (0 when unknown).
    public var column: Int
    /// A position at a line and column.
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    /// No known position (0:0).
    public static let unknown = SourceLocation(line: 0, column: 0)
    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
