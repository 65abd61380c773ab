import ODataModel

/// A mistake in how odsh was called.
public struct UsageError: CategorizedError, CustomStringConvertible {
    public var message: String
    public var category: ErrorCategory { .usage }
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
