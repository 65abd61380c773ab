import ODataModel
import ODataQuery

/// Which entity a proxy stands for: the qualified name of its entity type and its key values (as V4 literals), so
/// that two proxies read separately for one entity are equal and hash alike. An entity whose key is not all there
/// (new, or read with a `select` that left a key property out) is only itself: its identity is its `EntityValue`.
public struct EntityProxyID: Hashable, Sendable, CustomStringConvertible {
    /// The qualified name of the entity's type (the derived type's, for an entity of a derived type).
    public let typeName: String
    /// The key values in the order the type declares its key properties; empty when the key is not all there.
    public let key: [QueryLiteral]
    /// The entity value itself, when the key is not all there.
    private let instance: ObjectIdentifier?

    /// The identity of `entity`: its type and key, or the value itself when a key value is missing.
    public init(_ entity: EntityValue) {
        typeName = entity.entityType.qualifiedName
        let values = entity.keyValues.compactMap { $0.value.flatMap { $0.isNull ? nil : try? $0.queryLiteral(for: .v4) } }
        if !values.isEmpty && values.count == entity.keyValues.count {
            key = values
            instance = nil
        } else {
            key = []
            instance = ObjectIdentifier(entity)
        }
    }

    /// `Catalog.Product(1)`, `Shop.OrderItem(10248,11)`; `Catalog.Product(new)` without a whole key.
    public var description: String {
        guard instance == nil else { return "\(typeName)(new)" }
        return "\(typeName)(\(key.map { (try? LiteralFormatter(version: .v4).text($0)) ?? $0.description }.joined(separator: ",")))"
    }
}
