/// Where an element stands in the metadata document it was read from (1-based; 0 when unknown).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static let unknown = SourceLocation(line: 0, column: 0)
    public var description: String { "\(line):\(column)" }
}
