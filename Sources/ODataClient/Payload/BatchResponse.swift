import ODataModel
/// The response to a `$batch`: one part per request or change set, in order (multipart), or one response per
/// request (JSON batch, where change sets show as `atomicityGroup`).
public struct BatchResponse: Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        case response(BatchOperationResponse)
        /// The responses of a change set's requests; a failed change set is a single `.response` instead.
        case changeSet([BatchOperationResponse])
    }
    public var parts: [Part]
    /// JSON batch: `@odata.nextLink` of a partial result.
    public var nextLink: String?

    public init(parts: [Part] = [], nextLink: String? = nil) { self.parts = parts; self.nextLink = nextLink }

    /// Every response, change sets flattened, in order.
    public var responses: [BatchOperationResponse] {
        parts.flatMap { p -> [BatchOperationResponse] in
            switch p {
            case .response(let r): return [r]
            case .changeSet(let rs): return rs
            }
        }
    }

    /// The response with this Content-ID / id.
    public func response(contentID: String) -> BatchOperationResponse? { responses.first { $0.contentID == contentID } }
}

/// A batch response that cannot be read: no boundary, a part without an HTTP status line, a body cut short.
public struct BatchFormatError: CategorizedError, Equatable, CustomStringConvertible {
    public var category: ErrorCategory { .invalidData }

    public var message: String
    /// Byte offset in the batch body where the problem is.
    public var offset: Int
    public init(_ message: String, offset: Int = 0) { self.message = message; self.offset = offset }
    public var description: String { "malformed batch response at byte \(offset): \(message)" }
}
