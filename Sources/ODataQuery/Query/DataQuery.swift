import ODataModel

/// A query on a service, built step by step as in SAP's dynamic API:
/// `DataQuery().select("CustomerID").from(customers).filter(country.equal("UK")).orderBy("CompanyName").top(10)`.
///
/// It is a value: every builder returns a changed copy. `QueryURLWriter` spells it for OData V2 or V4.
public struct DataQuery: Sendable {
    /// The resource path: an entity set, then keys, navigation and so on.
    public var path: [PathSegment] = []
    /// `$select` items; empty means all (unless `selectsAll` asks for `*` explicitly).
    public var selectItems: [PropertyPath] = []
    /// `$select=*`.
    public var selectsAll = false
    /// `$filter`: the expression entities must satisfy (several `filter` calls are joined with `and`).
    public var filterExpression: QueryExpression?
    /// `$orderby` items, in order of precedence.
    public var sortItems: [SortItem] = []
    /// `$expand` items, each with its own nested options.
    public var expandItems: [ExpandItem] = []
    /// `$top`: at most this many entities.
    public var topCount: Int?
    /// `$skip`: leave out this many entities first.
    public var skipCount: Int?
    /// `/$count`: only the number of entities.
    public var countOnly = false
    /// `$count=true` (V4) or `$inlinecount=allpages` (V2).
    public var includesInlineCount = false
    /// `$search` (V4): the free-text search expression, as the service understands it.
    public var searchText: String?
    /// `$levels` of an expanded item (V4): how deep a recursive expansion goes.
    public var expandLevels: ExpandLevels?
    /// `$apply` steps (V4, OData Data Aggregation 4.0): the service runs them before every other option.
    public var transformations: [Transformation] = []
    /// `$compute` items (OData 4.01): values computed per entity, usable in select, filter and order by.
    public var computeItems: [ComputeItem] = []
    /// Other query options, written as given after the system ones (already percent-encoded by the caller).
    public var customOptions: [(name: String, value: String)] = []
    /// The entity type the path leads to, when the query was built from model elements (for `selectKey`).
    public var entityType: EntityType?

    /// An empty query: no path yet and no options; `from(_:)` starts the path.
    public init() {}

    private func with(_ change: (inout DataQuery) -> Void) -> DataQuery {
        var q = self
        change(&q)
        return q
    }

    // MARK: Resource path

    /// Starts the path at an entity set.
    public func from(_ entitySet: EntitySet) -> DataQuery {
        with { $0.path = [.entitySet(entitySet.name)]; $0.entityType = entitySet.entityTypeIfResolved }
    }
    /// Starts the path at an entity set by name.
    public func from(_ entitySetName: String) -> DataQuery { with { $0.path = [.entitySet(entitySetName)] } }
    /// Starts the path at a singleton.
    public func from(_ singleton: Singleton) -> DataQuery {
        with { $0.path = [.singleton(singleton.name)]; $0.entityType = singleton.entityTypeIfResolved }
    }
    /// Addresses one entity by key.
    public func withKey(_ key: EntityKey) -> DataQuery { with { $0.path.append(.key(key)) } }
    /// Follows a navigation property.
    public func navigate(_ nav: NavigationProperty) -> DataQuery {
        with { $0.path.append(.navigation(nav.name)); $0.entityType = nav.target }
    }
    /// Follows a navigation property by name (the entity type it reaches is then unknown to the query).
    public func navigate(_ name: String) -> DataQuery { with { $0.path.append(.navigation(name)); $0.entityType = nil } }
    /// Addresses a structural property's value.
    public func property(_ p: Property) -> DataQuery { with { $0.path.append(.property(p.name)) } }
    /// Addresses a structural property's value by name.
    public func property(_ name: String) -> DataQuery { with { $0.path.append(.property(name)) } }
    /// Calls a function import with typed parameters.
    public func function(_ name: String, parameters: [(name: String, value: QueryLiteral)] = []) -> DataQuery {
        with { $0.path = [.function(name, parameters: parameters)] }
    }
    /// Invokes an action import (POST).
    public func action(_ name: String) -> DataQuery { with { $0.path = [.action(name)] } }

    // MARK: Query options

    /// Adds properties to `$select`.
    public func select(_ items: Property...) -> DataQuery { with { $0.selectItems += items.map { PropertyPath([$0.name]) } } }
    /// Adds property paths to `$select` (`Customer/CompanyName` selects inside an expanded entity).
    public func select(_ items: [PropertyPath]) -> DataQuery { with { $0.selectItems += items } }
    /// Adds properties to `$select` by name or path (`"CompanyName"`, `"Address/City"`).
    public func select(_ names: String...) -> DataQuery { with { $0.selectItems += names.map { PropertyPath($0) } } }
    /// Selects the key properties of the entity type the query reaches.
    public func selectKey() -> DataQuery {
        with { q in q.selectItems += (q.entityType?.allKeyNames ?? []).map { PropertyPath([$0]) } }
    }
    /// `$select=*`.
    public func selectAll() -> DataQuery { with { $0.selectsAll = true } }

    /// Sets `$filter`; a second call combines with `and`.
    public func filter(_ e: QueryExpression) -> DataQuery {
        with { q in q.filterExpression = q.filterExpression.map { .binary(.and, $0, e) } ?? e }
    }
    /// Sets `$orderby` to one property, replacing earlier sort items; `thenBy` adds more.
    public func orderBy(_ p: Property, _ order: SortOrder = .ascending) -> DataQuery {
        orderBy(.property(PropertyPath([p.name])), order)
    }
    /// Sets `$orderby` to one expression, replacing earlier sort items; `thenBy` adds more.
    public func orderBy(_ e: QueryExpression, _ order: SortOrder = .ascending) -> DataQuery {
        with { $0.sortItems = [SortItem(e, order)] }
    }
    /// Adds a property to `$orderby`, sorted after the items before it.
    public func thenBy(_ p: Property, _ order: SortOrder = .ascending) -> DataQuery {
        thenBy(.property(PropertyPath([p.name])), order)
    }
    /// Adds an expression to `$orderby`, sorted after the items before it.
    public func thenBy(_ e: QueryExpression, _ order: SortOrder = .ascending) -> DataQuery {
        with { $0.sortItems.append(SortItem(e, order)) }
    }
    /// Expands a navigation property, with nested options.
    public func expand(_ nav: NavigationProperty, withQuery q: DataQuery? = nil) -> DataQuery {
        expand(PropertyPath([nav.name]), withQuery: q)
    }
    /// Expands a navigation path (`Orders/Order_Details`), with nested options.
    public func expand(_ path: PropertyPath, withQuery q: DataQuery? = nil) -> DataQuery {
        with { $0.expandItems.append(ExpandItem(path, query: q)) }
    }
    /// Sets `$top`: at most `n` entities in all (the service may still page them).
    public func top(_ n: Int) -> DataQuery { with { $0.topCount = n } }
    /// Sets `$skip`: leaves out the first `n` entities.
    public func skip(_ n: Int) -> DataQuery { with { $0.skipCount = n } }
    /// Asks for the count only (`/$count`).
    public func count() -> DataQuery { with { $0.countOnly = true } }
    /// `$levels=N` or `$levels=max` inside an expand item's options (V4).
    public func levels(_ levels: ExpandLevels) -> DataQuery { with { $0.expandLevels = levels } }
    /// Asks for the count beside the entities (`$count=true`, V2 `$inlinecount=allpages`).
    public func inlineCount() -> DataQuery { with { $0.includesInlineCount = true } }
    /// `$search` (V4).
    public func search(_ text: String) -> DataQuery { with { $0.searchText = text } }
    /// Adds a custom query option.
    public func custom(_ name: String, _ value: String) -> DataQuery { with { $0.customOptions.append((name, value)) } }

    /// True when no query option is set (select, filter, orderby, expand, top, skip, count, search, apply, compute,
    /// custom).
    public var hasNoOptions: Bool {
        selectItems.isEmpty && !selectsAll && filterExpression == nil && sortItems.isEmpty && expandItems.isEmpty
            && topCount == nil && skipCount == nil && !includesInlineCount && searchText == nil && customOptions.isEmpty
            && expandLevels == nil && transformations.isEmpty && computeItems.isEmpty
    }

    /// The relative URL for a service of this version.
    public func relativeURL(for version: ODataVersion) throws -> String {
        try QueryURLWriter(version: version).relativeURL(for: self)
    }
}

/// How deep `$levels` expands a recursive navigation property (V4).
public enum ExpandLevels: Hashable, Sendable, CustomStringConvertible {
    /// `$levels=N`: expands N levels deep.
    case count(Int)
    /// `$levels=max`: expands as deep as the service allows.
    case max
    /// The value as written after `$levels=` (`3`, `max`).
    public var description: String {
        switch self {
        case .count(let n): return String(n)
        case .max: return "max"
        }
    }
}
