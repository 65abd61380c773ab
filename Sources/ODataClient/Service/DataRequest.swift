import ODataModel
import ODataQuery

/// One request to a service, made of the library's types: a query, a write carrying an `EntityValue`, an
/// operation call, or a raw URL. `DataService.execute(_:paging:onEntity:onValue:onPageEnd:)` sends it, and
/// `DataService.httpRequest(for:)` says what would be sent, without sending it.
public struct DataRequest: Sendable {
    /// What the request does.
    public enum Kind: Sendable {
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
        /// Adds a reference from the query's navigation property (`Categories(1)/Products`) to an existing entity
        /// (`target`: its set and key). V4: POST (collection) or PUT (single-valued) `.../Products/$ref` with
        /// `{"@odata.id": URL}`; V2: POST or PUT `Categories(1)/$links/Products` with `{"uri": URL}`.
        case link(target: DataQuery, collection: Bool)
        /// Removes a reference: of a collection-valued navigation property, the one to `target` (V4 DELETE
        /// `.../Products/$ref?$id=URL`, V2 DELETE `Categories(1)/$links/Products(5)`); of a single-valued one
        /// (`target` nil), the one it has (V4 `.../Category/$ref`, V2 `Products(5)/$links/Category`).
        case unlink(target: DataQuery?)
        /// A `$batch` of requests, some in change sets (all or none): `DataService.executeBatch(_:)`.
        case batch([BatchPart])
    }

    /// One part of a batch: a request on its own, or a change set whose requests succeed or fail together.
    public enum BatchPart: Sendable {
        /// A request on its own.
        case request(DataRequest)
        /// Requests applied all or none.
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

    /// What the request does; setting it forgets the URL `writeURL(for:)` kept.
    public var kind: Kind { didSet { writtenURL = nil } }
    /// The resource path and query options (unused for raw requests); setting it forgets the URL `writeURL(for:)`
    /// kept.
    public var query: DataQuery { didSet { writtenURL = nil } }
    /// The URL relative to the service root as `writeURL(for:)` wrote it, with the version it was written for; nil
    /// before, and again once `kind` or `query` changes. `relativeURL(for:absolute:)` gives it for that version, so
    /// that `DataService` sends it as it was written, without writing it again.
    public private(set) var writtenURL: (version: ODataVersion, url: String)?
    /// Extra request headers (Prefer, custom headers).
    public var headers = HTTPHeaders()
    /// For update, replace and delete.
    public var ifMatch = IfMatch.entityETag
    /// Ask the service for pages of at most this many entities (`Prefer: odata.maxpagesize`); nil lets it choose.
    public var maxPageSize: Int?

    /// Where a reading stopped, to go on from there: the page `nextLink` names is requested instead of the query's
    /// URL, and `top` counts the `delivered` entities already read.
    public struct Resume: Sendable, Equatable {
        /// The next link of the last page read.
        public var nextLink: String
        /// How many entities were read before.
        public var delivered: Int
        /// Goes on at `nextLink`, `delivered` entities read.
        public init(nextLink: String, delivered: Int) { self.nextLink = nextLink; self.delivered = delivered }
    }
    /// Set to go on with a reading that stopped after a page (`ServiceResponse.nextLink`).
    public var resume: Resume?

    /// A request of this kind at the query's path.
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
    /// Adds a reference from the navigation property `path` ends in to the entity `target` addresses.
    public static func link(_ path: DataQuery, to target: DataQuery, collection: Bool) -> DataRequest {
        DataRequest(.link(target: target, collection: collection), query: path)
    }
    /// Removes the reference from the navigation property `path` ends in to `target` (nil: a single-valued one's).
    public static func unlink(_ path: DataQuery, from target: DataQuery?) -> DataRequest {
        DataRequest(.unlink(target: target), query: path)
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
        case .delete, .unlink: return .delete
        case .link(_, let collection): return collection ? .post : .put
        case .function(let m), .raw(let m, _): return m
        }
    }

    /// The URL relative to the service root, percent-encoded, as a service of `version` is sent it (a raw
    /// request's URL as given): the one `writeURL(for:)` kept for `version`, else written now. `absolute` turns a
    /// URL relative to the service root into an absolute one: a V4 unlink names the related entity by it
    /// (`DataService` passes its root; the default leaves it relative).
    public func relativeURL(for version: ODataVersion, absolute: (String) -> String = { $0 }) throws -> String {
        if let written = writtenURL, written.version == version { return written.url }
        return try write(for: version, absolute: absolute)
    }

    /// Writes the URL for a service of `version` and keeps it (`writtenURL`), so that the request is sent with the
    /// URL its maker checked: what the version cannot express throws here (a `QueryWriteError`), not when it is
    /// sent; a request written for `version` already is not written again. A URL that names another entity by its absolute URL (a V4 unlink's `$id`) depends on the service root
    /// and is not kept: it is written again when sent.
    @discardableResult
    public mutating func writeURL(for version: ODataVersion) throws -> String {
        if let written = writtenURL, written.version == version { return written.url }
        var usesRoot = false
        let url = try write(for: version, absolute: { usesRoot = true; return $0 })
        writtenURL = usesRoot ? nil : (version, url)
        return url
    }

    private func write(for version: ODataVersion, absolute: (String) -> String) throws -> String {
        switch kind {
        case .raw(_, let url): return url
        case .batch: return "$batch"
        case .link: return try QueryURLWriter(version: version).referenceURL(for: query)
        case .unlink(let target):
            return try QueryURLWriter(version: version).referenceURL(for: query, removing: target, absolute: absolute)
        default: return try query.relativeURL(for: version)
        }
    }

    /// The JSON body a service of `version` is sent: the entity of a create (all its values), an update (its
    /// changes) or a replace (all), an action's parameters, a reference's URL (made absolute by `absolute`); nil
    /// for the others.
    public func body(for version: ODataVersion, absolute: (String) -> String = { $0 }) -> [UInt8]? {
        let writer = EntityBodyWriter(version: version)
        switch kind {
        case .create(let e), .replace(let e): return writer.body(for: e, content: .full)
        case .update(let e): return writer.body(for: e, content: .changes)
        case .action(let parameters): return writer.body(parameters: parameters)
        case .link(let target, _):
            guard let url = try? target.relativeURL(for: version) else { return nil }
            return writer.body(parameters: [(version.isV4 ? "@odata.id" : "uri", .string(absolute(url)))])
        case .query, .delete, .function, .raw, .batch, .unlink: return nil
        }
    }

    /// Update, replace and delete: the writes that address an existing entity, and so send `If-Match`.
    var sendsIfMatch: Bool {
        switch kind {
        case .update, .replace, .delete: return true
        case .query, .create, .action, .function, .raw, .batch, .link, .unlink: return false
        }
    }

    /// The entity a write carries, if any.
    public var entity: EntityValue? {
        switch kind {
        case .create(let e), .update(let e), .replace(let e): return e
        case .delete(let e): return e
        case .query, .action, .function, .raw, .batch, .link, .unlink: return nil
        }
    }
}
