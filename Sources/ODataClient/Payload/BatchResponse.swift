import ODataModel
/// The response to a `$batch`: one part per request or change set, in order (multipart), or one response per
/// request (JSON batch, where change sets show as `atomicityGroup`).
public struct BatchResponse: Equatable, Sendable {
    /// One part of the response: the answer to a request, or those of a change set.
    public enum Part: Equatable, Sendable {
        /// The answer to one request (or a failed change set's one answer).
        case response(BatchOperationResponse)
        /// The responses of a change set's requests; a failed change set is a single `.response` instead.
        case changeSet([BatchOperationResponse])
    }
    /// The parts, in the order of the requests.
    public var parts: [Part]
    /// JSON batch: `@odata.nextLink` of a partial result.
    public var nextLink: String?

    /// A response of these parts.
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
    /// `invalidData`: the service's answer is not a batch response that can be read.
    public var category: ErrorCategory { .invalidData }

    /// What is wrong.
    public var message: String
    /// Byte offset in the batch body where the problem is.
    public var offset: Int
    /// The error of this message, at this byte offset.
    public init(_ message: String, offset: Int = 0) { self.message = message; self.offset = offset }
    /// `malformed batch response at byte N: message`.
    public var description: String { "malformed batch response at byte \(offset): \(message)" }
}
