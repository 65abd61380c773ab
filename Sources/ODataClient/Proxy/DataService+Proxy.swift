import ODataModel
import ODataQuery

/// What generated service classes call (`odsh generate swift`): the dynamic API with proxies in and out.
extension DataService {
    /// The entities of a query, across all pages, as proxies of `T`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func fetchProxies<T: EntityProxy>(_ query: DataQuery, as _: T.Type = T.self) throws -> [T] {
        var out: [T] = []
        try executeQuery(query).forEachEntity(allPages: true) { out.append(T.proxy(wrapping: $0)); return true }
        return out
    }

    /// The entities of a query, across all pages, as proxies of `T` (see the blocking `fetchProxies(_:as:)`).
    public func fetchProxies<T: EntityProxy>(_ query: DataQuery, as _: T.Type = T.self) async throws -> [T] {
        var out: [T] = []
        for try await e in entities(query) { out.append(T.proxy(wrapping: e)) }
        return out
    }

    /// The one entity a query addresses (by key, a singleton) as a proxy of `T`; throws when there is none.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func fetchProxy<T: EntityProxy>(_ query: DataQuery, as _: T.Type = T.self) throws -> T {
        T.proxy(wrapping: try executeQuery(query).requiredEntity())
    }

    /// The one entity a query addresses as a proxy of `T` (see the blocking `fetchProxy(_:as:)`).
    public func fetchProxy<T: EntityProxy>(_ query: DataQuery, as _: T.Type = T.self) async throws -> T {
        T.proxy(wrapping: try await executeQuery(query).requiredEntity())
    }

    /// The entities of a query as proxies of `T`, read lazily page by page as iteration reaches them.
    public func proxies<T: EntityProxy>(_ query: DataQuery, as _: T.Type = T.self) -> EntityProxySequence<T> {
        EntityProxySequence(entities(query))
    }

    /// An entity key from typed key values in the key's order: one value without its name, several with theirs.
    public func proxyKey(_ values: [(name: String, value: DataValue)]) throws -> EntityKey {
        if values.count == 1 { return EntityKey(try values[0].value.queryLiteral(for: version)) }
        return EntityKey(try values.map { ($0.name, try $0.value.queryLiteral(for: version)) })
    }
}
