import FoundationEssentials
import ODataModel

/// The answer to a query: its first page (entities or values), the count, and the way to the next pages.
///
/// Only the first page is read when the query runs; `forEachEntity(allPages:)`, `allEntities` and `nextPage()`
/// request the following pages one at a time, as the consumer gets to them.
public final class QueryResult: Sendable {
    /// The service the query ran on.
    public let service: DataService
    /// The URL of the first page, relative to the service root (or absolute, for a next link).
    public let requestURL: String
    /// What the pages hold.
    let target: PayloadTarget?
    /// Columns the query adds (aggregate aliases, computed values), read on later pages as on the first.
    let addedColumns: [String: PrimitiveType?]
    /// What the first page's response said besides its entities.
    public let response: ServiceResponse
    /// The entities of the first page.
    public let entities: [EntityValue]
    /// The values of the first page (functions returning primitive or complex values, property reads).
    public let values: [DataValue]

    init(service: DataService, request: ServiceRequest, response: ServiceResponse, entities: [EntityValue], values: [DataValue]) {
        self.service = service; self.response = response
        requestURL = request.relativeURL
        target = request.target ?? service.target(forRelativeURL: request.relativeURL)
        addedColumns = request.addedColumns
        self.entities = entities; self.values = values
    }

    private init(cutting page: QueryResult, to n: Int) {
        service = page.service; requestURL = page.requestURL; target = page.target; addedColumns = page.addedColumns
        var response = page.response
        response.nextLink = nil
        response.morePages = false
        self.response = response
        entities = Array(page.entities.prefix(n))
        values = Array(page.values.prefix(max(0, n - page.entities.count)))
    }

    /// The page with only its first `n` entities or values, and no next link (a reading that reached `top`).
    func prefix(_ n: Int) -> QueryResult { QueryResult(cutting: self, to: n) }

    /// Sends `request` and reads its first page.
    static func read(_ request: ServiceRequest, service: DataService) async throws -> QueryResult {
        var entities: [EntityValue] = []
        var values: [DataValue] = []
        let response = try await service.execute(request, paging: .firstPage, onEntity: { entities.append($0); return true },
                                           onValue: { values.append($0) })
        return QueryResult(service: service, request: request, response: response, entities: entities, values: values)
    }

    /// The count of a count-only query, or the inline count (`$count=true`, `$inlinecount=allpages`).
    public var count: Int? { response.count }
    /// The absolute next link of the first page, nil when it is the last.
    public var nextLink: String? { response.nextLink }
    /// HTTP status of the first page.
    public var status: Int { response.status }

    /// The first page's entities with count and next link.
    public func entityList() -> EntityValueList {
        EntityValueList(entities, count: count.map { Int64($0) }, nextLink: nextLink)
    }

    /// The one entity of the result; throws when there is none or more than one.
    public func requiredEntity() throws -> EntityValue {
        guard entities.count == 1 else {
            throw DataServiceError(.unexpectedEntityCount(expected: "exactly one entity", got: entities.count))
        }
        return entities[0]
    }

    /// The entity of the result, nil when there is none; throws when there is more than one.
    public func optionalEntity() throws -> EntityValue? {
        guard entities.count <= 1 else {
            throw DataServiceError(.unexpectedEntityCount(expected: "at most one entity", got: entities.count))
        }
        return entities.first
    }

    /// The one value of a function or property result; throws when there is none.
    public func requiredValue() throws -> DataValue {
        guard let v = values.first else { throw DataServiceError(.unexpectedResponse("the result has no value")) }
        return v
    }

    /// The next page as a result of its own, nil after the last.
    public func nextPage() async throws -> QueryResult? {
        guard let next = nextLink else { return nil }
        var r = ServiceRequest(method: .get, relativeURL: next, target: target)
        r.addedColumns = addedColumns
        return try await QueryResult.read(r, service: service)
    }

    /// The blocking form of `nextPage()`.
    @available(*, noasync, message: "blocks its thread until the page is in; in top-level code read the pages with DataService.pages(_:) or entities(_:)")
    public func nextPage() throws -> QueryResult? {
        try BlockingBridge.wait { try await nextPage() }
    }

    /// Every entity of this page and, with `allPages`, of the following pages, each page requested only when the
    /// previous one is done; `body` returns false to stop (no further page is then requested).
    @available(*, noasync, message: "blocks its thread until the page is in; in top-level code read the pages with DataService.pages(_:) or entities(_:)")
    public func forEachEntity(allPages: Bool = true, _ body: (EntityValue) throws -> Bool) throws {
        try BlockingBridge.wait { try await forEachEntity(allPages: allPages, body) }
    }

    /// The async form of `forEachEntity(allPages:_:)`: `body` runs in the calling task.
    public func forEachEntity(allPages: Bool = true, _ body: (EntityValue) throws -> Bool) async throws {
        for e in entities { guard try body(e) else { return } }
        guard allPages else { return }
        // The guard has seen this page: its rows and inline count may already be all there is.
        var pages = pagingGuard()
        guard let next = try pages.linkToFollow(afterPageOf: entities.count + values.count, count: count, nextLink: nextLink) else { return }
        var r = ServiceRequest(method: .get, relativeURL: next, target: target)
        r.addedColumns = addedColumns
        _ = try await service.execute(r, paging: .allPages, continuing: pages, onEntity: body, onValue: { _ in })
    }

    /// The next-link guard of a reading of all pages that starts with this one (not yet told about it).
    func pagingGuard() -> NextLinkGuard {
        NextLinkGuard(firstURL: service.requestURL(requestURL), maxEmptyPagesInARow: service.maxEmptyPagesInARow)
    }

    /// The entities of all pages, this one first, each following page requested once the previous one is read;
    /// throws the failure of any page, as the async `DataService.entities(_:)` does. For a reading that holds one
    /// page at a time, use `forEachEntity(allPages:_:)` or `entities(_:)`.
    public var allEntities: [EntityValue] {
        get throws {
            var all: [EntityValue] = []
            try forEachEntity(allPages: true) { all.append($0); return true }
            return all
        }
    }

    /// The entities of all pages as a lazy `Sequence`: the next page is requested when iteration reaches it. A
    /// synchronous iterator cannot throw, so a failure ends the iteration quietly and is in `EntitySequence.error`,
    /// which the caller must check; `allEntities` and `forEachEntity(allPages:_:)` throw it instead.
    public var lazyEntities: EntitySequence { EntitySequence(first: self) }
}
