import FoundationEssentials

/// What `DataService.execute` learnt besides the entities and values it handed out.
public struct ServiceResponse: Sendable {
    /// HTTP status of the last response read.
    public var status: Int
    /// `$count` answers, `@odata.count` and V2 `__count`.
    public var count: Int?
    /// The next link of the last page read, absolute; nil when there are no more pages.
    public var nextLink: String?
    /// Responses read (1 unless next links were followed).
    public var pagesRead: Int
    /// True when the server has more than was read: a next link not followed, or reading stopped by the consumer.
    public var morePages: Bool
    /// The body when it is not a payload of entities or values: `$count`, `$value`, other content types.
    /// Nil for answers without content (204) and for payloads that went to the callbacks.
    public var rawBody: Data?
    /// The `ETag` response header.
    public var etag: String?
    /// The `Content-Type` of the last response.
    public var contentType: String?
    /// A next link that was not followed because it leaves the resource that was asked for: a function's result
    /// continued as a whole entity set (pyslet's function imports do that) would add rows the function never chose.
    public var nextLinkNotFollowed: String?
    /// Set when reading all pages ended after a run of empty pages that still linked on (`DataService.maxEmptyPagesInARow`):
    /// the result may have more rows than were read. A caller that needs the whole result treats it as an error.
    public var emptyPagesCut: PagingError?
    /// Set when the consumer had enough (`onEntity` answered false) and the rest of the page was longer than
    /// `DataService.readAfterEnough`: it was not read, so a count or next link after the rows may be missing.
    public var restNotRead = false

    /// A response summary with these parts.
    public init(status: Int = 0, count: Int? = nil, nextLink: String? = nil, pagesRead: Int = 0, morePages: Bool = false,
                rawBody: Data? = nil, etag: String? = nil, contentType: String? = nil) {
        self.status = status; self.count = count; self.nextLink = nextLink; self.pagesRead = pagesRead
        self.morePages = morePages; self.rawBody = rawBody; self.etag = etag; self.contentType = contentType
    }
}
