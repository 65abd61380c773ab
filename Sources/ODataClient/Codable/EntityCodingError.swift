import ODataModel

/// A Swift value that does not fit an entity, or an entity that does not fit a Swift type: what
/// `EntityValue.decode(_:)` and `EntityValue.encode(_:as:in:)` throw. It names the property path and says what was
/// expected; the `DecodingError` or `EncodingError` behind it is kept for callers that read those.
public struct EntityCodingError: CategorizedError, CustomStringConvertible {
    /// The properties from the entity down to where it failed (`Order_Details/0/UnitPrice`).
    public var path: [String]
    /// A sentence for people: which property, what was expected, what came.
    public var message: String
    /// Decoding: `.invalidData` (the entity is not what the Swift type needs); encoding: `.usage` (the Swift value
    /// does not fit the entity type).
    public var category: ErrorCategory
    /// The Swift coding error behind it.
    public var underlying: (any Error)?

    /// An error at `path`.
    public init(path: [String], message: String, category: ErrorCategory, underlying: (any Error)? = nil) {
        self.path = path; self.message = message; self.category = category; self.underlying = underlying
    }

    /// `message`, which names the property.
    public var description: String { message }

    /// The error for a `DecodingError` (or any other error) from decoding.
    static func decoding(_ error: any Error, type: Any.Type) -> EntityCodingError {
        if let e = error as? EntityCodingError { return e }
        guard let d = error as? DecodingError else {
            return EntityCodingError(path: [], message: "decoding \(type): \(error)", category: .invalidData, underlying: error)
        }
        let context: DecodingError.Context
        var prefix = ""
        switch d {
        case .typeMismatch(_, let c): context = c
        case .valueNotFound(_, let c): context = c
        case .keyNotFound(let key, let c):
            context = DecodingError.Context(codingPath: c.codingPath + [key], debugDescription: c.debugDescription)
        case .dataCorrupted(let c): context = c
        @unknown default: return EntityCodingError(path: [], message: "\(d)", category: .invalidData, underlying: d)
        }
        let path = context.codingPath.map(pathText)
        if path.isEmpty { prefix = "\(type): " }
        return EntityCodingError(path: path, message: prefix + context.debugDescription, category: .invalidData, underlying: d)
    }

    /// The error for an `EncodingError` (or any other error) from encoding.
    static func encoding(_ error: any Error) -> EntityCodingError {
        if let e = error as? EntityCodingError { return e }
        if case EncodingError.invalidValue(_, let c)? = error as? EncodingError {
            return EntityCodingError(path: c.codingPath.map(pathText), message: c.debugDescription, category: .usage, underlying: error)
        }
        return EntityCodingError(path: [], message: "\(error)", category: .usage, underlying: error)
    }

    private static func pathText(_ key: any CodingKey) -> String { key.intValue.map(String.init) ?? key.stringValue }
}
