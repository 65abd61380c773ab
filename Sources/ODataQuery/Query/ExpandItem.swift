/// One `$expand` item: a navigation path and the options that apply to what it reaches.
public struct ExpandItem: Sendable {
    /// The navigation path to expand, one or more navigation properties (`Orders/Order_Details`).
    public var path: PropertyPath
    /// Nested options (select, filter, orderBy, top, skip, expand, inlineCount, search); nil for none.
    public var query: DataQuery?
    /// An expand item for a navigation path, with nested options or none.
    public init(_ path: PropertyPath, query: DataQuery? = nil) { self.path = path; self.query = query }
}
