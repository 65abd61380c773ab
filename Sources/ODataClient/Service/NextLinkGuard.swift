/// Whether reading all pages goes on after a page. Besides a last page without a next link, reading ends when the
/// inline count has been read, after a run of empty pages that still carry next links (pyslet sends one with every
/// page, also with the empty ones past the last row, each with a new skip token), or when a next link is one already
/// followed (the current page's own URL, or a cycle), which would otherwise read the same rows forever.
struct NextLinkGuard {
    let maxEmptyPagesInARow: Int
    private var followed: Set<String>
    private var itemsRead = 0
    private var emptyPagesInARow = 0

    /// `firstURL`: the absolute URL of the first page.
    init(firstURL: String, maxEmptyPagesInARow: Int) {
        followed = [firstURL]
        self.maxEmptyPagesInARow = maxEmptyPagesInARow
    }

    /// After a page of `items` entities or values that ended with `nextLink` (absolute, nil on the last page): the
    /// link to follow, nil when reading ends here. `count` is the inline count, when the service sent one.
    mutating func linkToFollow(afterPageOf items: Int, count: Int?, nextLink: String?) -> String? {
        itemsRead += items
        emptyPagesInARow = items == 0 ? emptyPagesInARow + 1 : 0
        guard let next = nextLink else { return nil }
        if let c = count, itemsRead >= c { return nil }
        if emptyPagesInARow >= maxEmptyPagesInARow { return nil }
        guard followed.insert(next).inserted else { return nil }
        return next
    }
}
