import ODataModel
import ODataQuery

/// Queries and change sets sent together as one OData `$batch` (SAP's `RequestBatch`), by
/// `DataService.processBatch(_:)`; each answer is read back afterwards.
///
/// ```swift
/// let batch = RequestBatch()
/// let changes = ChangeSet()
/// changes.createEntity(product)
/// batch.addChanges(changes)
/// let query = DataQuery().from(products).top(5)
/// batch.addQuery(query)
/// try service.processBatch(batch)
/// let five = try batch.queryResult(for: query).entityList()
/// if let error = changes.error { ... }
/// ```
///
/// A failed query or change set does not make `processBatch` throw: the service answered the batch, and the others
/// may have succeeded. `queryResult(for:)` throws a failed query's error, and `ChangeSet.error` holds a change set's.
/// A class, as SAP's, so that the batch given to `processBatch` is the one read afterwards; build, send and read it
/// within one task.
public final class RequestBatch {
    /// One part of a batch.
    public enum Item {
        /// A query, answered on its own.
        case query(DataQuery)
        /// A change set, applied all or none.
        case changeSet(ChangeSet)
    }

    /// The parts, in the order they were added (and are sent).
    public private(set) var items: [Item] = []
    /// The answer to each query once the batch was sent, by position in `items` (nil for change sets).
    var queryResults: [Result<QueryResult, any Error>?] = []
    /// The written form of each query when the batch was sent, to find a query's result by an equal query.
    var sentQueryURLs: [String?] = []

    /// An empty batch.
    public init() {}

    /// The number of parts: queries and change sets (SAP's `size`).
    public var size: Int { items.count }
    /// True once `processBatch` has sent the batch and read its answer.
    public internal(set) var isProcessed = false

    /// Adds a query (SAP's `addQuery`).
    public func addQuery(_ query: DataQuery) { items.append(.query(query)) }

    /// Adds a change set (SAP's `addChanges`).
    public func addChanges(_ changes: ChangeSet) { items.append(.changeSet(changes)) }

    /// The answer to the query added at `index` of `items`; throws when that part is no query, the batch was not
    /// sent yet, or the service refused the query (its error, with the HTTP status and OData error).
    public func queryResult(at index: Int) throws -> QueryResult {
        guard items.indices.contains(index), case .query = items[index] else {
            throw DataServiceError(.invalidArgument("part \(index) of the batch is not a query"))
        }
        guard index < queryResults.count, let result = queryResults[index] else {
            throw DataServiceError(.invalidArgument("the batch was not sent yet (DataService.processBatch)"))
        }
        return try result.get()
    }

    /// The answer to `query` (SAP's `queryResult(for:)`): the result of the first query of the batch that is written
    /// as this one is (same path and options). Throws when there is none, the batch was not sent yet, or the service
    /// refused the query.
    public func queryResult(for query: DataQuery) throws -> QueryResult {
        guard isProcessed else { throw DataServiceError(.invalidArgument("the batch was not sent yet (DataService.processBatch)")) }
        for (i, item) in items.enumerated() {
            guard case .query = item, i < sentQueryURLs.count, let sent = sentQueryURLs[i] else { continue }
            if let written = try? query.relativeURL(for: sentVersion), written == sent { return try queryResult(at: i) }
        }
        throw DataServiceError(.invalidArgument("the batch has no query \((try? query.relativeURL(for: sentVersion)) ?? "like this one")"))
    }

    /// The OData version the batch was written for.
    var sentVersion: ODataVersion = .v4
}
