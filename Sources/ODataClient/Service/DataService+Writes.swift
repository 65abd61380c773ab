import FoundationEssentials
import ODataModel

extension DataService {
    /// Creates `entity` in its entity set (POST); the entity takes the values and ETag the service answers with.
    public func createEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) throws {
        if entity.entitySet == nil {
            // SAP's `EntityValue.ofType(t)`: the entity set is the only one of that type.
            let sets = metadata.entitySets.filter { $0.entityTypeIfResolved === entity.entityType }
            if sets.count == 1 { entity.entitySet = sets[0] }
        }
        guard let set = entity.entitySet else {
            throw DataServiceError(.invalidArgument("\(entity.entityType.name): no entity set to create it in (EntityValue.ofType(_:in:))"))
        }
        let body = EntityBodyWriter(version: version).body(for: entity, content: .full)
        var request = ServiceRequest(method: .post, relativeURL: set.name, body: Data(body), target: .entitySet(set))
        request.headers = options.headers
        try write(request, entity: entity)
        entity.isNew = false
    }

    /// Updates `entity` on the service: its changed properties with PATCH (V4) or MERGE (V2), or all of them with PUT
    /// when `options.updateMode` is `.replace`; `If-Match` carries the entity's ETag.
    public func updateEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) throws {
        let replace = options.updateMode == .replace
        let body = EntityBodyWriter(version: version).body(for: entity, content: replace ? .full : .changes)
        let method: HTTPMethod = replace ? .put : (version.isV4 ? .patch : .merge)
        var request = ServiceRequest(method: method, relativeURL: try entityURL(entity), body: Data(body),
                                     target: entity.entitySet.map { .entitySet($0) } ?? .entityType(entity.entityType, set: nil))
        request.headers = options.headers
        addIfMatch(entity, options, &request)
        try write(request, entity: entity)
        entity.resetChanges()
    }

    /// Deletes `entity` on the service; `If-Match` carries its ETag.
    public func deleteEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) throws {
        var request = ServiceRequest(method: .delete, relativeURL: try entityURL(entity))
        request.headers = options.headers
        addIfMatch(entity, options, &request)
        try write(request, entity: nil)
    }

    private func addIfMatch(_ entity: EntityValue, _ options: RequestOptions, _ request: inout ServiceRequest) {
        if let tag = entity.etag { request.headers.set("If-Match", tag) }
        else if options.ifMatchAnyWhenNoETag { request.headers.set("If-Match", "*") }
    }

    /// Sends a write; an entity in the answer updates `entity`; 412 and 428 become `DataServiceError`s naming it.
    private func write(_ request: ServiceRequest, entity: EntityValue?) throws {
        var answered: EntityValue?
        let response: ServiceResponse
        do {
            response = try execute(request, paging: .firstPage, onEntity: { answered = $0; return true }, onValue: { _ in })
        } catch let error as ODataClientError {
            let name = entity?.displayPath ?? request.relativeURL
            switch error.httpStatus {
            case 412: throw DataServiceError(.conflict(entity: name), underlying: error)
            case 428: throw DataServiceError(.preconditionRequired(entity: name), underlying: error)
            default: throw error
            }
        }
        guard let entity else { return }
        if let r = answered {
            for (p, v) in r.propertyValues { try? entity.setValue(p, to: v) }
            if let tag = r.etag { entity.etag = tag }
            if entity.entitySet == nil { entity.entitySet = r.entitySet }
        }
        if let tag = response.etag { entity.etag = tag }
        entity.resetChanges()
    }
}
