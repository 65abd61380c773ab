import ODataModel
/// A value that does not fit where it was put: a setter given the wrong type, a key without a value, a literal a
/// version cannot spell.
public struct ValueConversionError: CategorizedError, Sendable, CustomStringConvertible, Equatable {
    public var category: ErrorCategory { .invalidData }

    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
