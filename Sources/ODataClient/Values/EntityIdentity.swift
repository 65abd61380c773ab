import ODataModel
import ODataQuery

/// Which entity of a service an entity value is: its entity set and its key values, compared as typed values, so
/// that `Products(10L)` in a V2 link, `Products(10)` in a V4 one and an entity read with `ID = 10` are one
/// identity. Made from the key properties of an entity (`init(keysOf:)`) or from the link the service gave it
/// (`init(link:root:metadata:)`), or by `DataService.identity(of:)`, which tries both.
public struct EntityIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The name of the entity set.
    public let entitySetName: String
    /// The key values in the order the entity type declares its key properties, each the V4 literal of the typed
    /// value (a V2 `Edm.Time` as a time of day, as payloads read it).
    public let key: [QueryLiteral]
    /// The key properties' names, for `description`.
    private let keyNames: [String]

    /// The identity of the entity in `set` with these key values, one per key property in declaration order.
    public init(entitySet set: EntitySet, key values: [DataValue]) throws {
        let keys = set.entityType.keyProperties
        guard !keys.isEmpty else { throw ValueConversionError("\(set.entityType.qualifiedName) has no key") }
        guard values.count == keys.count else {
            throw ValueConversionError("\(set.name) has \(keys.count) key properties, not \(values.count)")
        }
        entitySetName = set.name
        keyNames = keys.map(\.name)
        key = try zip(keys, values).map { p, v in
            guard !v.isNull else { throw ValueConversionError("key property \(p.name) of \(set.name) has no value") }
            return try v.queryLiteral(for: .v4)
        }
    }

    /// The identity of an entity from its key properties; nil when its entity set is not known or a key value is
    /// missing (a `select` that left a key out).
    public init?(keysOf entity: EntityValue) {
        guard let set = entity.entitySet else { return nil }
        let pairs = entity.keyValues
        let values = pairs.compactMap(\.value)
        guard values.count == pairs.count, let identity = try? EntityIdentity(entitySet: set, key: values) else { return nil }
        self = identity
    }

    /// The identity a service's link names: `Set(key)` relative to the service root or absolute under it, with a
    /// query or fragment ignored, percent-escapes decoded; the key read against the set's entity type in V2 or V4
    /// spelling (`KeyPredicateReader`). Throws for any other link: a path through navigation
    /// (`Orders(1)/Items(2)`), a link to another service, a name that is not an entity set.
    public init(link: String, root: ServiceRoot, metadata: CsdlDocument) throws {
        let absolute = root.resolve(link)
        var path = String(absolute[..<(absolute.firstIndex { $0 == "?" || $0 == "#" } ?? absolute.endIndex)])
        guard path.hasPrefix(root.base) else { throw ValueConversionError("\(link) is not a link of the service at \(root.base)") }
        path = URLEncoding.decode(String(path.dropFirst(root.base.count)))
        guard let open = path.firstIndex(of: "("), open != path.startIndex, !path[..<open].contains("/") else {
            throw ValueConversionError("\(link) does not name an entity by set and key")
        }
        let set = try metadata.entitySet(withName: String(path[..<open]))
        let entityKey = try KeyPredicateReader.read(path[open...], keysOf: set.entityType)
        try self.init(entitySet: set, key: entityKey.values.map { try DataValue($0.value) })
    }

    /// `Set(key)` in V4 spelling, for messages: `Products(10)`, `Order_Details(OrderID=1,ProductID=2)`.
    public var description: String {
        let literals = LiteralFormatter(version: .v4)
        let parts = key.map { (try? literals.text($0)) ?? $0.description }
        if parts.count == 1 { return entitySetName + "(" + parts[0] + ")" }
        return entitySetName + "(" + zip(keyNames, parts).map { "\($0)=\($1)" }.joined(separator: ",") + ")"
    }
}

extension DataService {
    /// The identity of an entity read from this service: from its key properties, else from the link the service
    /// gave it (edit link, id, read link) when a `select` left its keys out; nil when neither names it.
    public func identity(of entity: EntityValue) -> EntityIdentity? {
        if let byKeys = EntityIdentity(keysOf: entity) { return byKeys }
        let metadata = metadata
        for link in [entity.editLink, entity.id, entity.readLink].compactMap({ $0 }) {
            if let identity = try? EntityIdentity(link: link, root: root, metadata: metadata) { return identity }
        }
        return nil
    }
}
