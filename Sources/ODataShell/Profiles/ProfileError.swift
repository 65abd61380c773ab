import ODataModel
/// A profile or config file that cannot be used as it stands (exit 2).
struct ProfileError: CategorizedError, CustomStringConvertible {
    var category: ErrorCategory { .usage }

    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

