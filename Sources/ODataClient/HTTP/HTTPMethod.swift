/// An HTTP method that OData services use.
public enum HTTPMethod: String, Sendable, CaseIterable {
    /// Reads: queries, `$metadata`, the CSRF token fetch.
    case get = "GET"
    /// Creates an entity, calls an action, sends a `$batch`.
    case post = "POST"
    /// Replaces an entity or a property value.
    case put = "PUT"
    /// OData V4 partial update.
    case patch = "PATCH"
    /// OData V2 partial update (SAP Gateway, pyslet); V4 services answer it with 400.
    case merge = "MERGE"
    /// Deletes an entity or a link.
    case delete = "DELETE"

    /// Whether the method changes data on the server and so needs a CSRF token on SAP systems.
    public var isModifying: Bool { self != .get }
}
