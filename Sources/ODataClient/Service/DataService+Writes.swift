import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    /// Creates `entity` in its entity set (POST); the entity takes the values and ETag the service answers with.
    public func createEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        if entity.entitySet == nil {
            // SAP's `EntityValue.ofType(t)`: the entity set is the only one of that type.
            // By name as well: an entity made with the types of an earlier document (a proxy's embedded model, the
            // metadata before a refresh) belongs in the set of the same type in the document in use.
            let type = entity.entityType
            let sets = metadata.entitySets.filter { set in
                guard let t = set.entityTypeIfResolved else { return false }
                return t === type || t.qualifiedName == type.qualifiedName
            }
            if sets.count == 1 { entity.entitySet = sets[0] }
        }
        guard let set = entity.entitySet else {
            throw DataServiceError(.invalidArgument("\(entity.entityType.name): no entity set to create it in (EntityValue.ofType(_:in:))"))
        }
        var request = DataRequest.create(entity, at: DataQuery().from(set))
        request.headers = options.headers
        _ = try await execute(request, paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
        entity.isNew = false
    }

    /// Creates `entity` related to `source` through its navigation property `property` (SAP's
    /// `createRelatedEntity`): POST to `Source(key)/Property`, so that the service links the new entity to `source`
    /// (an order created for a customer). The entity takes the values and ETag the service answers with.
    public func createRelatedEntity(_ entity: EntityValue, in source: EntityValue, property: NavigationProperty,
                                    options: RequestOptions = RequestOptions()) async throws {
        _ = try await execute(try changeRequest(.createRelatedEntity(entity, source: source, property: property, options: options)),
                        paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
        entity.isNew = false
    }

    /// Adds a link from `source`'s navigation property `property` to `target` (SAP's `createLink`): V4 POST (a
    /// collection) or PUT (single-valued) `.../Property/$ref`, V2 `$links`.
    public func createLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) async throws {
        _ = try await execute(try changeRequest(.createLink(source: source, property: property, target: target)),
                        paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
    }

    /// Sets the link of the single-valued navigation property `property` of `source` to `target` (SAP's
    /// `updateLink`); a collection-valued one is refused (use `createLink` and `deleteLink`).
    public func updateLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) async throws {
        _ = try await execute(try changeRequest(.updateLink(source: source, property: property, target: target)),
                        paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
    }

    /// Removes the link from `source` to `target` through `property` (a collection), or the one link of a
    /// single-valued `property` when `target` is nil (SAP's `deleteLink`).
    public func deleteLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue? = nil) async throws {
        _ = try await execute(try changeRequest(.deleteLink(source: source, property: property, target: target)),
                        paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
    }

    /// Updates `entity` on the service: its changed properties with PATCH (V4) or MERGE (V2), or all of them with PUT
    /// when `options.updateMode` is `.replace`; `If-Match` carries the entity's ETag.
    public func updateEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        let path = try self.path(of: entity)
        var request = options.updateMode == .replace ? DataRequest.replace(entity, at: path) : DataRequest.update(entity, at: path)
        request.headers = options.headers
        request.ifMatch = entity.etag == nil && options.ifMatchAnyWhenNoETag ? .any : .entityETag
        _ = try await execute(request, paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
    }

    /// Deletes `entity` on the service; `If-Match` carries its ETag.
    public func deleteEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        var request = DataRequest.delete(at: try path(of: entity), entity: entity)
        request.headers = options.headers
        request.ifMatch = entity.etag == nil && options.ifMatchAnyWhenNoETag ? .any : .entityETag
        _ = try await execute(request, paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
    }

    /// The path of an entity: `Set(key)` when the key is known, else its edit or read link.
    public func path(of entity: EntityValue) throws -> DataQuery {
        if let set = entity.entitySet, let key = try? entity.entityKey(version: version) {
            var q = DataQuery().from(set).withKey(key)
            q.entityType = entity.entityType
            return q
        }
        if let link = entity.editLink ?? entity.readLink {
            var q = DataQuery()
            q.path = [.link(link.hasPrefix(serviceRoot) ? String(link.dropFirst(serviceRoot.count)) : link)]
            q.entityType = entity.entityType
            return q
        }
        throw DataServiceError(.invalidArgument("\(entity.displayPath): no entity set or key to address it by"))
    }
}

extension EntityValue {
    /// The entity's key as query literals, for `DataQuery.withKey`. Throws when a key value is missing or null.
    public func entityKey(version: ODataVersion = .v4) throws -> EntityKey {
        let keys = keyValues
        guard !keys.isEmpty else { throw ValueConversionError("\(entityType.qualifiedName) has no key") }
        var pairs: [(String, QueryLiteral)] = []
        for (p, v) in keys {
            guard let v, !v.isNull else { throw ValueConversionError("key property \(p.name) of \(entityType.name) has no value") }
            pairs.append((p.name, try v.queryLiteral(for: version)))
        }
        return pairs.count == 1 ? EntityKey(pairs[0].1) : EntityKey(pairs)
    }
}
