import ODataModel

/// A mistake in how odsh was called.
struct UsageError: CategorizedError, CustomStringConvertible {
    var message: String
    var category: ErrorCategory { .usage }
    init(_ message: String) { self.message = message }
    var description: String { message }
}
