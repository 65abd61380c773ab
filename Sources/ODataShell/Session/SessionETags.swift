import FoundationEssentials
import ODataClient
import ODataModel

/// The ETags of the entities a session read, so that an update or delete of one of them later in the session sends
/// it in `If-Match`. An entity's ETag is kept under `Set(key)` (see `addresses(of:)`); the last read of an entity
/// replaces the ETag kept for it, and a write replaces it again or, for a delete, forgets it.
final class SessionETags {
    private let service: DataService
    /// ETags of the entities read in this session, by `Set(key)`.
    private var tags: [String: String] = [:]

    init(service: DataService) { self.service = service }

    /// Remembers the ETag of an entity the session read, whatever the read selected or expanded: the last read of
    /// an entity replaces the ETag kept for it.
    func remember(_ e: EntityValue) {
        guard let tag = e.etag else { return }
        for address in addresses(of: e) { tags[address] = tag }
    }

    /// The entity a write carries takes the ETag it was read with in this session, if it has none.
    func give(_ request: DataRequest) {
        if let e = request.entity, e.etag == nil, let tag = addresses(of: e).lazy.compactMap({ self.tags[$0] }).first {
            e.etag = tag
        }
    }

    /// What a write changes in the session's ETags: the entity's new one, or none once it is deleted.
    func afterWrite(_ request: DataRequest, method: HTTPMethod) {
        guard let e = request.entity else { return }
        for address in addresses(of: e) {
            if method == .delete { tags[address] = nil } else if let tag = e.etag { tags[address] = tag }
        }
    }

    /// The names the session keeps an entity's ETag under: `Set(key)` from its key properties (in V4 spelling,
    /// and in the service's own), and, when a `select` left the keys out, the address in the link the service gave
    /// it (V2 `__metadata.uri`, `@odata.id`, Atom's edit link), as the service spells its key.
    private func addresses(of e: EntityValue) -> [String] {
        var addresses: [String] = []
        if e.entitySet != nil, let key = try? e.keyPredicate(version: .v4) {
            addresses.append(e.entitySetName + key)
            if let native = try? e.keyPredicate(version: service.version), native != key { addresses.append(e.entitySetName + native) }
        }
        if let link = e.editLink ?? e.id ?? e.readLink, let address = Self.address(ofLink: link, serviceRoot: service.serviceRoot),
           !addresses.contains(address) {
            addresses.append(address)
        }
        return addresses
    }

    /// `Set(key)` of an entity's link, absolute or relative to the service root; nil for any other link (a path
    /// through navigation, a link elsewhere).
    static func address(ofLink link: String, serviceRoot: String) -> String? {
        var path = String(link[..<(link.firstIndex { $0 == "?" || $0 == "#" } ?? link.endIndex)])
        let root = serviceRoot.hasSuffix("/") ? serviceRoot : serviceRoot + "/"
        if path.hasPrefix(root) {
            path = String(path.dropFirst(root.count))
        } else if path.contains("://") || path.hasPrefix("/") {
            return nil
        }
        path = path.removingPercentEscapes ?? path
        guard let open = path.firstIndex(of: "("), path.hasSuffix(")"), open != path.startIndex,
              !path[..<open].contains("/") else { return nil }
        return path
    }
}
