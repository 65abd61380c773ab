/// An HTTP method that OData services use.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    /// OData V2 partial update (SAP Gateway, pyslet); V4 services answer it with 400.
    case merge = "MERGE"
    case delete = "DELETE"

    /// Whether the method changes data on the server and so needs a CSRF token on SAP systems.
    public var isModifying: Bool { self != .get }
}
