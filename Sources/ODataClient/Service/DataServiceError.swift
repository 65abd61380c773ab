import ODataModel

/// Failures of `DataService` that are not transport, HTTP or payload errors, and HTTP errors given a meaning.
public struct DataServiceError: CategorizedError, Sendable, CustomStringConvertible {
    /// Conflicts and refusals are the service's answer; a bad argument is the caller's; an unusable answer is data.
    public var category: ErrorCategory {
        switch kind {
        case .conflict, .preconditionRequired: return .service
        case .invalidArgument: return .usage
        case .unexpectedEntityCount, .unexpectedResponse, .notOData: return .invalidData
        }
    }

    /// What went wrong.
    public enum Kind: Sendable {
        /// 412: the entity changed on the server since it was read (its ETag is stale).
        case conflict(entity: String)
        /// 428: the service wants an `If-Match` header and the entity has no ETag.
        case preconditionRequired(entity: String)
        /// `requiredEntity()` found no entity, or `optionalEntity()` more than one.
        case unexpectedEntityCount(expected: String, got: Int)
        /// A name that the metadata does not know, or an argument that does not fit it.
        case invalidArgument(String)
        /// The service answered in a way the client cannot use (no payload where one was expected, a bad batch).
        case unexpectedResponse(String)
        /// A successful status with a body that is not OData: an HTML page (often a sign-in page of an expired
        /// session), plain text where JSON was asked. `summary` is its title or first line.
        case notOData(contentType: String, summary: String, signInPage: Bool)
    }

    /// What went wrong.
    public let kind: Kind
    /// The HTTP error behind a conflict or precondition failure; the `SAMLSignInPage` behind a `notOData`.
    public let underlying: Error?

    /// An error of this kind, with the error behind it if any.
    public init(_ kind: Kind, underlying: Error? = nil) {
        self.kind = kind
        self.underlying = underlying
    }

    /// True for 412 conflicts.
    public var isConflict: Bool { if case .conflict = kind { return true } else { return false } }

    /// The error in one sentence, naming the entity or argument.
    public var description: String {
        switch kind {
        case .conflict(let entity):
            return "conflict: \(entity) was changed on the server since it was read (412 Precondition Failed, stale ETag)"
        case .preconditionRequired(let entity):
            return "\(entity): the service requires an ETag (If-Match) for this change and the entity has none (428 Precondition Required)"
        case .unexpectedEntityCount(let expected, let got):
            return "expected \(expected), got \(got) entities"
        case .invalidArgument(let text), .unexpectedResponse(let text):
            return text
        case .notOData(let contentType, let summary, let signInPage):
            let what = contentType.isEmpty ? "an answer without a Content-Type" : "\(contentType) instead of OData"
            let text = summary.isEmpty ? "" : ": \(summary)"
            if let saml = underlying as? SAMLSignInPage {
                return "the service answered with a sign-in page (\(what)\(text)): \(saml)"
            }
            return signInPage ? "the service answered with a sign-in page (\(what)\(text)): the session has expired or the credentials are missing"
                : "the service answered with \(what)\(text)"
        }
    }
}
