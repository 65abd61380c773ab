/// What a payload says about the collection beyond its entities: server-driven paging and counts.
public struct PageInfo: Equatable, Sendable {
    /// `@odata.nextLink`, V2 `__next`, Atom `link rel="next"`: the URL of the next page; nil on the last page.
    public var nextLink: String?
    /// `@odata.count`, V2 `__count` (a string in V2 JSON), Atom `m:count`: the size of the whole collection.
    public var count: Int64?
    /// `@odata.deltaLink`, V2 `__delta`.
    public var deltaLink: String?
    /// `@odata.context` (V4).
    public var context: String?
    /// How many entities (or values) this page held.
    public var itemCount = 0

    /// Page information with these links and count.
    public init(nextLink: String? = nil, count: Int64? = nil, deltaLink: String? = nil, context: String? = nil) {
        self.nextLink = nextLink; self.count = count; self.deltaLink = deltaLink; self.context = context
    }
}
