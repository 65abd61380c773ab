import ODataModel

extension QueryResult {
    /// The first entity of the answer as a proxy of `T` (a function's or a key query's result), nil when none.
    public func proxyEntity<T: EntityProxy>(as _: T.Type = T.self) -> T? { entities.first.map { T.proxy(wrapping: $0) } }

    /// The entities of the answer's first page as proxies of `T`.
    public func proxyEntities<T: EntityProxy>(as _: T.Type = T.self) -> [T] { entities.map { T.proxy(wrapping: $0) } }

    /// The value of the answer (a function's result) as `T`; nil when it has none or it is null.
    public func proxyValue<T: ProxyValue>(as _: T.Type = T.self) -> T? { values.first.flatMap { T.fromDataValue($0) } }

    /// The values of a collection answer as `T`s (one value per element, or one collection value).
    public func proxyValues<T: ProxyValue>(as _: T.Type = T.self) -> [T] {
        if values.count == 1, case .list(let l) = values[0] { return l.values.compactMap { T.fromDataValue($0) } }
        return values.compactMap { T.fromDataValue($0) }
    }
}
