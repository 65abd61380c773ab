import ODataModel
/// A profile or config file that cannot be used as it stands (exit 2).
public struct ProfileError: CategorizedError, CustomStringConvertible {
    public var category: ErrorCategory { .usage }

    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

