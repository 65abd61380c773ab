/// What kind of failure an error is: what a caller needs to decide what to do next, and what the shell turns into
/// an exit status, by one exhaustive switch.
public enum ErrorCategory: Sendable, Hashable, CustomStringConvertible {
    /// The caller asked for something that cannot be done as asked: a malformed argument, statement or file name.
    case usage
    /// A name that the metadata does not have.
    case unknownName
    /// The service answered, with an error status or a refusal (a conflict, a precondition, a redirect of a write).
    case service
    /// The service could not be reached or the exchange broke: network, TLS, timeout, a malformed HTTP answer,
    /// a link that would take credentials to another origin.
    case transport
    /// Metadata or a payload that cannot be read as OData, or that goes over a documented limit.
    case invalidData
    /// The user or the caller cancelled the request.
    case cancelled

    /// The category in words, for messages: `usage`, `unknown name`, `service error`, `invalid data`, ...
    public var description: String {
        switch self {
        case .usage: return "usage"
        case .unknownName: return "unknown name"
        case .service: return "service error"
        case .transport: return "transport"
        case .invalidData: return "invalid data"
        case .cancelled: return "cancelled"
        }
    }
}

/// An error that says which category it is in. Every error type of the library floors conforms.
public protocol CategorizedError: Error {
    /// The category the error is in, which decides its message prefix and exit code in the shell.
    var category: ErrorCategory { get }
}
