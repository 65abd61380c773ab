import ODataModel

extension DataQuery {
    /// Expands several navigation properties at once (SAP's `expand(_:...)`): `query.expand(category, supplier)`.
    /// Each becomes an `$expand` item of its own, in the order given; `expand(_:withQuery:)` expands one with
    /// nested options.
    public func expand(_ first: NavigationProperty, _ second: NavigationProperty, _ more: NavigationProperty...) -> DataQuery {
        var q = self
        q.expandItems += ([first, second] + more).map { ExpandItem(PropertyPath([$0.name])) }
        return q
    }

    /// Expands several navigation paths at once: `query.expand("Category", "Order_Details/Product")`.
    public func expand(_ first: PropertyPath, _ second: PropertyPath, _ more: PropertyPath...) -> DataQuery {
        var q = self
        q.expandItems += ([first, second] + more).map { ExpandItem($0) }
        return q
    }
}
