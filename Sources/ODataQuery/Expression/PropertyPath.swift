/// A path of property names from a structured type: `Customer/Country`, or from a lambda variable: `d/Quantity`.
public struct PropertyPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var segments: [String]
    public init(_ segments: [String]) { self.segments = segments }
    /// Reads `A/B/C`.
    public init(_ path: String) { segments = path.split(separator: "/").map(String.init) }
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { segments.joined(separator: "/") }
    /// This path followed by more segments.
    public func appending(_ other: PropertyPath) -> PropertyPath { PropertyPath(segments + other.segments) }
}
