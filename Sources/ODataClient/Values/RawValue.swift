/// A value kept as it came: Edm.Untyped, a dynamic property without a type, or (in lenient reading) a value
/// that does not fit its declared type. JSON payloads keep the JSON text; Atom keeps the element's text.
public struct RawValue: Hashable, Sendable, CustomStringConvertible {
    /// JSON text (when `isJSON`) or plain text.
    public let text: String
    /// Whether `text` is JSON text (from a JSON payload) rather than plain text (Atom).
    public let isJSON: Bool

    /// A value of this JSON text.
    public init(json: String) { text = json; isJSON = true }
    /// A value of this plain text.
    public init(text: String) { self.text = text; isJSON = false }

    /// The text as it came.
    public var description: String { text }
}
