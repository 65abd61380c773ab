/// Entities of an expanded collection-valued navigation property (SAP's `EntityValueList`), with the count and
/// next link the service sent for it.
public struct EntityValueList: Equatable, Sendable, CustomStringConvertible {
    /// The entities, in the order the service sent them.
    public var entities: [EntityValue]
    /// `Nav@odata.count` / V2 `__count`.
    public var count: Int64?
    /// `Nav@odata.nextLink` / V2 `__next`: more of the expanded collection is on the server.
    public var nextLink: String?

    /// A list of `entities`; `count` is the service's count of the whole collection.
    public init(_ entities: [EntityValue] = [], count: Int64? = nil, nextLink: String? = nil) {
        self.entities = entities; self.count = count; self.nextLink = nextLink
    }

    /// Adds an entity at the end.
    public mutating func append(_ e: EntityValue) { entities.append(e) }
    /// `[N entities]`.
    public var description: String { "[\(entities.count) entities]" }
}
