/// Whether reading all pages goes on after a page. Besides a last page without a next link, reading ends when the
/// inline count has been read, or after a run of empty pages that still carry next links (pyslet sends one with
/// every page, also with the empty ones past the last row, each with a new skip token): that cut is kept in
/// `emptyPagesCut`, for the caller to say that the result may have more. A next link to a page already requested
/// (the current page's own URL, A→B→A, 1→2→3→1, spelled relative or absolute) is a `PagingError.cycle`: following
/// it would read the same rows forever, and ending quietly would pass a result off as whole that is not.
///
/// One guard goes with one reading from its first page on, whoever requests the pages (the blocking `execute`, the
/// lazy `EntitySequence`, `QueryResult.forEachEntity`): a reading that continues from a first page read earlier
/// hands the guard that has seen that page on.
struct NextLinkGuard {
    let maxEmptyPagesInARow: Int
    /// The pages requested so far, by `key(_:)`.
    private var followed: Set<String>
    private var pagesSeen = 0
    private var itemsRead = 0
    private var emptyPagesInARow = 0
    /// The last inline count a page carried (servers may send it with the first page only).
    private var count: Int?
    /// Set when a run of empty pages ended the reading with a next link left.
    private(set) var emptyPagesCut: PagingError?

    /// `firstURL`: the absolute URL of the first page.
    init(firstURL: String, maxEmptyPagesInARow: Int) {
        followed = [Self.key(firstURL)]
        self.maxEmptyPagesInARow = maxEmptyPagesInARow
    }

    /// After a page of `items` entities or values that ended with `nextLink` (absolute, nil on the last page): the
    /// link to follow, nil when reading ends here. `count` is the page's inline count, when the service sent one.
    /// Throws `PagingError.cycle` for a link to a page requested before.
    mutating func linkToFollow(afterPageOf items: Int, count: Int?, nextLink: String?) throws -> String? {
        pagesSeen += 1
        itemsRead += items
        emptyPagesInARow = items == 0 ? emptyPagesInARow + 1 : 0
        if let count { self.count = count }
        guard let next = nextLink else { return nil }
        if let c = self.count, itemsRead >= c { return nil }
        guard followed.insert(Self.key(next)).inserted else {
            throw PagingError(.cycle(link: next, pagesRead: pagesSeen))
        }
        if emptyPagesInARow >= maxEmptyPagesInARow {
            emptyPagesCut = PagingError(.emptyPagesCut(pages: emptyPagesInARow, nextLink: next))
            return nil
        }
        return next
    }

    /// What names one page: scheme and host without case, the default port left out, no fragment. Two spellings
    /// of one URL that differ otherwise (percent-encoding) are taken as two pages; the run of empty pages or the
    /// next exact repeat ends such a reading.
    static func key(_ url: String) -> String {
        var s = Substring(url)
        if let hash = s.firstIndex(of: "#") { s = s[..<hash] }
        guard let colon = s.firstIndex(of: ":"), s[colon...].hasPrefix("://") else { return String(s) }
        let scheme = s[..<colon].lowercased()
        let rest = s[s.index(colon, offsetBy: 3)...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd].lowercased()
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            let port = authority[authority.index(after: colon)...]
            if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") { authority = String(authority[..<colon]) }
        }
        var path = rest[authorityEnd...]
        if path.isEmpty { path = "/" }
        return scheme + "://" + authority + path
    }
}
