import ODataQuery

/// The pages of a query's answer as an `AsyncSequence` (`DataService.pages(_:)`): the first page is requested when
/// iteration starts, each next page when iteration reaches it, following the service's next links under the same
/// guard as the blocking reading (the inline count reached, a run of empty pages, a link already followed). The
/// query's `top` holds across pages: the page that reaches it is cut there, and no further page is requested. A
/// reading the guard ends early throws `PagingError` after the last page it handed out: `.cycle` for next links
/// that go round, `.emptyPagesCut` for a run of empty pages cut before its end.
public struct QueryPageSequence: AsyncSequence, Sendable {
    /// A page: its entities and values, count and next link.
    public typealias Element = QueryResult

    let service: DataService
    let query: DataQuery

    /// Starts a reading.
    public func makeAsyncIterator() -> Iterator { Iterator(service: service, query: query) }

    /// Reads one page per `next()`.
    public struct Iterator: AsyncIteratorProtocol {
        private let service: DataService
        private let query: DataQuery
        private var last: QueryResult?
        private var guardian: NextLinkGuard?
        private var delivered = 0
        private var finished = false

        init(service: DataService, query: DataQuery) {
            self.service = service
            self.query = query
        }

        /// The next page, nil after the last one. Cancelling the task cancels the request of a page under way.
        public mutating func next() async throws -> QueryResult? {
            guard !finished else { return nil }
            let page: QueryResult
            if let last {
                var g = guardian ?? last.pagingGuard()
                let link = try g.linkToFollow(afterPageOf: last.entities.count + last.values.count, count: last.count,
                                          nextLink: last.nextLink)
                guardian = g
                // A run of empty pages that still link on, cut: the reading ends with the cut said, as a thrown
                // `PagingError` (the pages before it were handed out; the result may have more rows).
                if link == nil, let cut = g.emptyPagesCut {
                    finished = true
                    throw cut
                }
                guard link != nil, let next = try await last.nextPage() else {
                    finished = true
                    return nil
                }
                page = next
            } else {
                page = try await service.executeQuery(query)
            }
            last = page
            let count = page.entities.count + page.values.count
            if let top = query.topCount, !query.countOnly, delivered + count >= top {
                // All that was asked for is here: a next link past `top` (some servers drop `$top` from them) is not more.
                finished = true
                let keep = Swift.max(0, top - delivered)
                delivered = top
                return keep < count ? page.prefix(keep) : page
            }
            delivered += count
            return page
        }
    }
}

/// The entities of a query across all of the service's pages as an `AsyncSequence` (`DataService.entities(_:)`),
/// one page held at a time.
public struct EntityValueSequence: AsyncSequence, Sendable {
    /// One entity of the answer.
    public typealias Element = EntityValue

    let pages: QueryPageSequence

    /// Starts a reading.
    public func makeAsyncIterator() -> Iterator { Iterator(pages: pages.makeAsyncIterator()) }

    /// Hands out the entities of one page, then requests the next.
    public struct Iterator: AsyncIteratorProtocol {
        private var pages: QueryPageSequence.Iterator
        private var page: [EntityValue] = []
        private var index = 0

        init(pages: QueryPageSequence.Iterator) { self.pages = pages }

        /// The next entity, nil after the last one.
        public mutating func next() async throws -> EntityValue? {
            while index == page.count {
                guard let next = try await pages.next() else { return nil }
                page = next.entities
                index = 0
            }
            index += 1
            return page[index - 1]
        }
    }
}
