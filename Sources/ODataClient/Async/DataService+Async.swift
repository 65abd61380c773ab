import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    // MARK: queries

    /// The entities a query addresses, across all of the service's pages, read lazily: the next page is requested
    /// when iteration reaches it, one page is held at a time, and the query's `top` holds across pages.
    public func entities(_ query: DataQuery) -> EntityValueSequence {
        EntityValueSequence(pages: pages(query))
    }

    /// The pages of a query's answer, each requested when iteration reaches it (see `entities(_:)`).
    public func pages(_ query: DataQuery) -> QueryPageSequence {
        QueryPageSequence(service: self, query: query)
    }

    // MARK: writes, blocking

    /// The blocking form of `createEntity(_:options:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func createEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) throws {
        try BlockingBridge.wait { try await createEntity(entity, options: options) }
    }

    /// The blocking form of `createRelatedEntity(_:in:property:options:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func createRelatedEntity(_ entity: EntityValue, in source: EntityValue, property: NavigationProperty,
                                    options: RequestOptions = RequestOptions()) throws {
        try BlockingBridge.wait { try await createRelatedEntity(entity, in: source, property: property, options: options) }
    }

    /// The blocking form of `createLink(from:property:to:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func createLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) throws {
        try BlockingBridge.wait { try await createLink(from: source, property: property, to: target) }
    }

    /// The blocking form of `updateLink(from:property:to:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func updateLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) throws {
        try BlockingBridge.wait { try await updateLink(from: source, property: property, to: target) }
    }

    /// The blocking form of `deleteLink(from:property:to:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func deleteLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue? = nil) throws {
        try BlockingBridge.wait { try await deleteLink(from: source, property: property, to: target) }
    }

    /// The blocking form of `updateEntity(_:options:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func updateEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) throws {
        try BlockingBridge.wait { try await updateEntity(entity, options: options) }
    }

    /// The blocking form of `deleteEntity(_:options:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func deleteEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) throws {
        try BlockingBridge.wait { try await deleteEntity(entity, options: options) }
    }

    /// Sends a typed request and collects what it answers (entities, values and the response), all pages when
    /// `paging` says so.
    public func execute(_ request: DataRequest, paging: Paging = .firstPage) async throws
        -> (entities: [EntityValue], values: [DataValue], response: ServiceResponse) {
        var entities: [EntityValue] = []
        var values: [DataValue] = []
        let response = try await execute(request, paging: paging, onEntity: { entities.append($0); return true },
                                         onValue: { values.append($0) })
        return (entities, values, response)
    }
}
