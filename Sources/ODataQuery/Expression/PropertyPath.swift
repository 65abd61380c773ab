/// A path of property names from a structured type: `Customer/Country`, or from a lambda variable: `d/Quantity`.
public struct PropertyPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The property names along the path, the first one relative to the type or the lambda variable.
    public var segments: [String]
    /// A path of the given property names.
    public init(_ segments: [String]) { self.segments = segments }
    /// Reads `A/B/C`.
    public init(_ path: String) { segments = path.split(separator: "/").map(String.init) }
    /// Reads `A/B/C` from a string literal.
    public init(stringLiteral value: String) { self.init(value) }
    /// The path as written in a URL: the segments joined by `/`.
    public var description: String { segments.joined(separator: "/") }
    /// This path followed by more segments.
    public func appending(_ other: PropertyPath) -> PropertyPath { PropertyPath(segments + other.segments) }
}
