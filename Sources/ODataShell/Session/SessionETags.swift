import ODataClient
import ODataModel

/// The ETags of the entities a session read, so that an update or delete of one of them later in the session sends
/// it in `If-Match`. An entity's ETag is kept under its `EntityIdentity`, which the client makes from its key
/// properties or, when a `select` left them out, from the link the service gave it; the last read of an entity
/// replaces the ETag kept for it, and a write replaces it again or, for a delete, forgets it.
final class SessionETags {
    private let service: DataService
    /// ETags of the entities read in this session, by identity.
    private var tags: [EntityIdentity: String] = [:]

    init(service: DataService) { self.service = service }

    /// Remembers the ETag of an entity the session read, whatever the read selected or expanded: the last read of
    /// an entity replaces the ETag kept for it.
    func remember(_ e: EntityValue) {
        guard let tag = e.etag, let identity = service.identity(of: e) else { return }
        tags[identity] = tag
    }

    /// The entity a write carries takes the ETag it was read with in this session, if it has none.
    func give(_ request: DataRequest) {
        if let e = request.entity, e.etag == nil, let identity = service.identity(of: e), let tag = tags[identity] {
            e.etag = tag
        }
    }

    /// What a write changes in the session's ETags: the entity's new one, or none once it is deleted.
    func afterWrite(_ request: DataRequest, method: HTTPMethod) {
        guard let e = request.entity, let identity = service.identity(of: e) else { return }
        if method == .delete { tags[identity] = nil } else if let tag = e.etag { tags[identity] = tag }
    }
}
