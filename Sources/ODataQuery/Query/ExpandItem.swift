/// One `$expand` item: a navigation path and the options that apply to what it reaches.
public struct ExpandItem: Sendable {
    public var path: PropertyPath
    /// Nested options (select, filter, orderBy, top, skip, expand, inlineCount, search); nil for none.
    public var query: DataQuery?
    public init(_ path: PropertyPath, query: DataQuery? = nil) { self.path = path; self.query = query }
}
