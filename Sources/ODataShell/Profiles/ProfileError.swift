/// A profile or config file that cannot be used as it stands (exit 2).
public struct ProfileError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

