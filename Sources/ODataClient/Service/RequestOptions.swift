/// Per-request choices for entity writes.
public struct RequestOptions: Sendable {
    /// How an update is sent.
    public enum UpdateMode: Sendable {
        /// Only the changed properties: PATCH in V4, MERGE in V2.
        case merge
        /// The whole entity with PUT (properties left out are reset by the service).
        case replace
    }
    /// Send only the changes (the default) or the whole entity.
    public var updateMode: UpdateMode = .merge
    /// Send `If-Match: *` when the entity has no ETag (overwrites whatever is on the server).
    public var ifMatchAnyWhenNoETag = false
    /// Extra request headers.
    public var headers = HTTPHeaders()

    /// Options with this update mode, the others at their defaults.
    public init(updateMode: UpdateMode = .merge) { self.updateMode = updateMode }
}
