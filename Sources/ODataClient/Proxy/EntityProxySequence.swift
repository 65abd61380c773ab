/// The entities of a query as proxies of `T`, across all of the service's pages, read lazily: what
/// `EntityValueSequence` reads, wrapped one by one.
public struct EntityProxySequence<T: EntityProxy>: AsyncSequence, Sendable {
    /// One entity of the answer, as its proxy.
    public typealias Element = T

    let entities: EntityValueSequence

    /// The proxies of the entities `entities` reads.
    public init(_ entities: EntityValueSequence) { self.entities = entities }

    /// Starts a reading.
    public func makeAsyncIterator() -> Iterator { Iterator(base: entities.makeAsyncIterator()) }

    /// Wraps the entities as they come.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: EntityValueSequence.Iterator

        init(base: EntityValueSequence.Iterator) { self.base = base }

        /// The next entity's proxy, nil after the last one.
        public mutating func next() async throws -> T? {
            try await base.next().map { T.proxy(wrapping: $0) }
        }
    }
}
