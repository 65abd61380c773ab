/// Entities of a query's page or of an expanded collection-valued navigation property (SAP's `EntityValueList`),
/// with the count and next link the service sent for them. A random-access collection of its entities:
/// `for customer in list`, `list[0]`, `list.count`, `list.map { ... }`.
public struct EntityValueList: Equatable, Sendable, CustomStringConvertible, RandomAccessCollection, MutableCollection {
    /// The entities, in the order the service sent them.
    public var entities: [EntityValue]
    /// The count of the whole collection the service sent (`@odata.count`, `Nav@odata.count`, V2 `__count`), which
    /// may exceed the entities here (paging, `$top`); `count` is the number of entities in the list.
    public var inlineCount: Int64?
    /// `Nav@odata.nextLink` / V2 `__next`: more of the collection is on the server.
    public var nextLink: String?

    /// A list of `entities`; `count` is the service's count of the whole collection (`inlineCount`).
    public init(_ entities: [EntityValue] = [], count: Int64? = nil, nextLink: String? = nil) {
        self.entities = entities; self.inlineCount = count; self.nextLink = nextLink
    }

    /// The position of the first entity (0).
    public var startIndex: Int { entities.startIndex }
    /// The position after the last entity.
    public var endIndex: Int { entities.endIndex }
    /// The entity at `position`.
    public subscript(position: Int) -> EntityValue {
        get { entities[position] }
        set { entities[position] = newValue }
    }

    /// Adds an entity at the end.
    public mutating func append(_ e: EntityValue) { entities.append(e) }
    /// The entities as an array (SAP's `toArray()`).
    public func toArray() -> [EntityValue] { entities }
    /// `[N entities]`.
    public var description: String { "[\(entities.count) entities]" }
}
