import ODataModel
import ODataQuery

/// One request to a service, made of the library's types: a query, a write carrying an `EntityValue`, an
/// operation call, or a raw URL. `DataService.execute(_:paging:onEntity:onValue:onPageEnd:)` sends it, and
/// `DataService.httpRequest(for:)` says what would be sent, without sending it.
public struct DataRequest {
    /// What the request does.
    public enum Kind {
        /// GET entities, values or a count (`DataQuery.countOnly`) at the query's path.
        case query
        /// POST `entity` to the query's path (an entity set, or a collection reached by navigation).
        case create(EntityValue)
        /// PATCH (V4) or MERGE (V2) with the entity's changed properties, at the query's path.
        case update(EntityValue)
        /// PUT with all of the entity's properties, at the query's path.
        case replace(EntityValue)
        /// DELETE at the query's path; the entity, when given, supplies the ETag.
        case delete(EntityValue?)
        /// POST an action (the query's path ends in the action) with its parameters in a JSON body.
        case action(parameters: [(name: String, value: DataValue)])
        /// A V2 function import called with its declared HTTP method (parameters are in the query's path).
        case function(method: HTTPMethod)
        /// A raw request: a URL relative to the service root, or an absolute one of the service's origin.
        case raw(method: HTTPMethod, url: String)
        /// A `$batch` of requests, some in change sets (all or none): `DataService.executeBatch(_:)`.
        case batch([BatchPart])
    }

    /// One part of a batch: a request on its own, or a change set whose requests succeed or fail together.
    public enum BatchPart {
        case request(DataRequest)
        case changeSet([DataRequest])
    }

    /// Which ETag a write sends in `If-Match`.
    public enum IfMatch: Sendable, Equatable {
        /// The ETag the entity was read with; none when it has none (a service that wants one answers 428).
        case entityETag
        /// The entity's ETag; when it has none and the service wants one (it answers 428, or the type has a
        /// concurrency token in the metadata), the entity's current ETag is read first and the write is sent once
        /// more with it. For a tool that addresses entities by key without having read them (the shell).
        case entityETagReadingIfMissing
        /// `If-Match: *`: write whatever the entity's state on the service.
        case any
        /// No `If-Match` header.
        case none
    }

    public var kind: Kind
    /// The resource path and query options (unused for raw requests).
    public var query: DataQuery
    /// Extra request headers (Prefer, custom headers).
    public var headers = HTTPHeaders()
    /// For update, replace and delete.
    public var ifMatch = IfMatch.entityETag
    /// Ask the service for pages of at most this many entities (`Prefer: odata.maxpagesize`); nil lets it choose.
    public var maxPageSize: Int?

    /// Where a reading stopped, to go on from there: the page `nextLink` names is requested instead of the query's
    /// URL, and `top` counts the `delivered` entities already read.
    public struct Resume: Sendable, Equatable {
        public var nextLink: String
        public var delivered: Int
        public init(nextLink: String, delivered: Int) { self.nextLink = nextLink; self.delivered = delivered }
    }
    /// Set to go on with a reading that stopped after a page (`ServiceResponse.nextLink`).
    public var resume: Resume?

    public init(_ kind: Kind, query: DataQuery = DataQuery()) {
        self.kind = kind
        self.query = query
    }

    /// Reads what the query addresses.
    public static func query(_ q: DataQuery) -> DataRequest { DataRequest(.query, query: q) }
    /// Creates `entity` at `path` (by default in its entity set).
    public static func create(_ entity: EntityValue, at path: DataQuery? = nil) -> DataRequest {
        DataRequest(.create(entity), query: path ?? entity.entitySet.map { DataQuery().from($0) } ?? DataQuery())
    }
    /// Updates the entity at `path` with the entity's changed properties.
    public static func update(_ entity: EntityValue, at path: DataQuery) -> DataRequest { DataRequest(.update(entity), query: path) }
    /// Replaces the entity at `path` with all of the entity's properties.
    public static func replace(_ entity: EntityValue, at path: DataQuery) -> DataRequest { DataRequest(.replace(entity), query: path) }
    /// Deletes the entity at `path`; `entity` supplies its ETag.
    public static func delete(at path: DataQuery, entity: EntityValue? = nil) -> DataRequest { DataRequest(.delete(entity), query: path) }
    /// Invokes the action the path ends in.
    public static func action(_ path: DataQuery, parameters: [(name: String, value: DataValue)] = []) -> DataRequest {
        DataRequest(.action(parameters: parameters), query: path)
    }
    /// A raw GET of a URL relative to the service root (or an absolute one of its origin).
    public static func raw(_ url: String, method: HTTPMethod = .get) -> DataRequest { DataRequest(.raw(method: method, url: url)) }

    /// The HTTP method for a service of `version`.
    public func method(for version: ODataVersion) -> HTTPMethod {
        switch kind {
        case .query: return .get
        case .create, .action, .batch: return .post
        case .update: return version.isV4 ? .patch : .merge
        case .replace: return .put
        case .delete: return .delete
        case .function(let m), .raw(let m, _): return m
        }
    }

    /// The URL relative to the service root, percent-encoded, as a service of `version` is sent it (a raw
    /// request's URL as given).
    public func relativeURL(for version: ODataVersion) throws -> String {
        if case .raw(_, let url) = kind { return url }
        if case .batch = kind { return "$batch" }
        return try query.relativeURL(for: version)
    }

    /// The JSON body a service of `version` is sent: the entity of a create (all its values), an update (its
    /// changes) or a replace (all), an action's parameters; nil for the others.
    public func body(for version: ODataVersion) -> [UInt8]? {
        let writer = EntityBodyWriter(version: version)
        switch kind {
        case .create(let e), .replace(let e): return writer.body(for: e, content: .full)
        case .update(let e): return writer.body(for: e, content: .changes)
        case .action(let parameters): return writer.body(parameters: parameters)
        case .query, .delete, .function, .raw, .batch: return nil
        }
    }

    /// Update, replace and delete: the writes that address an existing entity, and so send `If-Match`.
    var sendsIfMatch: Bool {
        switch kind {
        case .update, .replace, .delete: return true
        case .query, .create, .action, .function, .raw, .batch: return false
        }
    }

    /// The entity a write carries, if any.
    public var entity: EntityValue? {
        switch kind {
        case .create(let e), .update(let e), .replace(let e): return e
        case .delete(let e): return e
        case .query, .action, .function, .raw, .batch: return nil
        }
    }
}
