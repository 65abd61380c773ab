/// A value kept as it came: Edm.Untyped, a dynamic property without a type, or (in lenient reading) a value
/// that does not fit its declared type. JSON payloads keep the JSON text; Atom keeps the element's text.
public struct RawValue: Hashable, Sendable, CustomStringConvertible {
    /// JSON text (when `isJSON`) or plain text.
    public let text: String
    public let isJSON: Bool

    public init(json: String) { text = json; isJSON = true }
    public init(text: String) { self.text = text; isJSON = false }

    public var description: String { text }
}
