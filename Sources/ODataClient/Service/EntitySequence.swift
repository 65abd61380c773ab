import FoundationEssentials

/// The entities of a query's pages, read page by page as iteration gets there (one page held at a time).
public final class EntitySequence: Sequence {
    private let first: QueryResult
    /// The error that ended the last iteration early, if any.
    public private(set) var error: Error?
    /// Pages requested by iterations so far, the first page not counted.
    public private(set) var pagesRequested = 0
    /// Set when the last iteration ended after a run of empty pages that still linked on: there may be more rows.
    public private(set) var emptyPagesCut: PagingError?

    init(first: QueryResult) { self.first = first }

    /// Hands out the entities of one page, then requests the next.
    public struct Iterator: IteratorProtocol {
        let owner: EntitySequence
        var page: QueryResult?
        var index = 0
        var pages: NextLinkGuard

        /// The next entity; nil after the last one, or when a page could not be read (see `EntitySequence.error`).
        public mutating func next() -> EntityValue? {
            while let p = page {
                if index < p.entities.count {
                    index += 1
                    return p.entities[index - 1]
                }
                // As in `DataService.execute`: the count reached or a run of empty pages (pyslet) ends it; a link
                // followed before (a cycle) ends it with an error.
                do {
                    let link = try pages.linkToFollow(afterPageOf: p.entities.count, count: p.count, nextLink: p.nextLink)
                    owner.emptyPagesCut = pages.emptyPagesCut
                    guard link != nil else { return nil }
                    page = try p.nextPage()
                    if page != nil { owner.pagesRequested += 1 }
                } catch {
                    owner.error = error
                    page = nil
                }
                index = 0
            }
            return nil
        }
    }

    /// Starts at the first page again, clearing `error`.
    public func makeIterator() -> Iterator {
        error = nil
        emptyPagesCut = nil
        return Iterator(owner: self, page: first, pages: first.pagingGuard())
    }
}
