import ODataModel
/// A value that does not fit where it was put: a setter given the wrong type, a key without a value, a literal a
/// version cannot spell.
public struct ValueConversionError: CategorizedError, Sendable, CustomStringConvertible, Equatable {
    /// `invalidData`: the value does not fit its type.
    public var category: ErrorCategory { .invalidData }

    /// What does not fit, and why.
    public var message: String
    /// The error of this message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
