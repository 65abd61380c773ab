import ODataModel
import ODataQuery
import Synchronization

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
/// A class, as SAP's, so that the batch given to `processBatch` is the one read afterwards; it may cross tasks (its
/// state is behind a lock), though parts added while it is being sent are not in what was sent.
public final class RequestBatch: Sendable {
    /// One part of a batch.
    public enum Item: Sendable {
        /// A query, answered on its own.
        case query(DataQuery)
        /// A change set, applied all or none.
        case changeSet(ChangeSet)
    }

    private struct State {
        var items: [Item] = []
        var answer = Answer()
    }

    /// What `processBatch` read back: set at once, when the answer was read.
    struct Answer {
        /// The answer to each query, by position in `items` (nil for change sets).
        var queryResults: [Result<QueryResult, any Error>?] = []
        /// The written form of each query when the batch was sent, to find a query's result by an equal query.
        var sentQueryURLs: [String?] = []
        /// The OData version the batch was written for.
        var sentVersion: ODataVersion = .v4
        var isProcessed = false
    }

    private let state = Mutex(State())

    /// The parts, in the order they were added (and are sent).
    public var items: [Item] { state.withLock { $0.items } }

    /// What the last sending read back.
    var answer: Answer {
        get { state.withLock { $0.answer } }
        set { state.withLock { $0.answer = newValue } }
    }

    /// An empty batch.
    public init() {}

    /// The number of parts: queries and change sets (SAP's `size`).
    public var size: Int { state.withLock { $0.items.count } }
    /// True once `processBatch` has sent the batch and read its answer.
    public var isProcessed: Bool { answer.isProcessed }

    /// Adds a query (SAP's `addQuery`).
    public func addQuery(_ query: DataQuery) { state.withLock { $0.items.append(.query(query)) } }

    /// Adds a change set (SAP's `addChanges`).
    public func addChanges(_ changes: ChangeSet) { state.withLock { $0.items.append(.changeSet(changes)) } }

    /// The answer to the query added at `index` of `items`; throws when that part is no query, the batch was not
    /// sent yet, or the service refused the query (its error, with the HTTP status and OData error).
    public func queryResult(at index: Int) throws -> QueryResult {
        let (items, answer) = state.withLock { ($0.items, $0.answer) }
        guard items.indices.contains(index), case .query = items[index] else {
            throw DataServiceError(.invalidArgument("part \(index) of the batch is not a query"))
        }
        guard index < answer.queryResults.count, let result = answer.queryResults[index] else {
            throw DataServiceError(.invalidArgument("the batch was not sent yet (DataService.processBatch)"))
        }
        return try result.get()
    }

    /// The answer to `query` (SAP's `queryResult(for:)`): the result of the first query of the batch that is written
    /// as this one is (same path and options). Throws when there is none, the batch was not sent yet, or the service
    /// refused the query.
    public func queryResult(for query: DataQuery) throws -> QueryResult {
        let (items, answer) = state.withLock { ($0.items, $0.answer) }
        guard answer.isProcessed else { throw DataServiceError(.invalidArgument("the batch was not sent yet (DataService.processBatch)")) }
        let sentVersion = answer.sentVersion
        for (i, item) in items.enumerated() {
            guard case .query = item, i < answer.sentQueryURLs.count, let sent = answer.sentQueryURLs[i] else { continue }
            if let written = try? query.relativeURL(for: sentVersion), written == sent { return try queryResult(at: i) }
        }
        throw DataServiceError(.invalidArgument("the batch has no query \((try? query.relativeURL(for: sentVersion)) ?? "like this one")"))
    }
}
