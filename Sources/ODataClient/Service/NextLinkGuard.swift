/// Whether reading all pages goes on after a page. Besides a last page without a next link, reading ends when the
/// inline count has been read, after a run of empty pages that still carry next links (pyslet sends one with every
/// page, also with the empty ones past the last row, each with a new skip token), or when a next link is one already
/// followed (the current page's own URL, or a cycle), which would otherwise read the same rows forever.
///
/// One guard goes with one reading from its first page on, whoever requests the pages: a reading that continues
/// from a first page read earlier (`QueryResult`) hands the guard that has seen that page to `DataService.execute`.
struct NextLinkGuard {
    let maxEmptyPagesInARow: Int
    private var followed: Set<String>
    private var itemsRead = 0
    private var emptyPagesInARow = 0
    /// The last inline count a page carried (servers may send it with the first page only).
    private var count: Int?

    /// `firstURL`: the absolute URL of the first page.
    init(firstURL: String, maxEmptyPagesInARow: Int) {
        followed = [firstURL]
        self.maxEmptyPagesInARow = maxEmptyPagesInARow
    }

    /// After a page of `items` entities or values that ended with `nextLink` (absolute, nil on the last page): the
    /// link to follow, nil when reading ends here. `count` is the page's inline count, when the service sent one.
    mutating func linkToFollow(afterPageOf items: Int, count: Int?, nextLink: String?) -> String? {
        itemsRead += items
        emptyPagesInARow = items == 0 ? emptyPagesInARow + 1 : 0
        if let count { self.count = count }
        guard let next = nextLink else { return nil }
        if let c = self.count, itemsRead >= c { return nil }
        if emptyPagesInARow >= maxEmptyPagesInARow { return nil }
        guard followed.insert(next).inserted else { return nil }
        return next
    }
}
