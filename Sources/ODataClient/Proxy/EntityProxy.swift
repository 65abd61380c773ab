import ODataModel

/// A generated proxy class for an entity type (`odsh generate swift`): typed properties over an `EntityValue`,
/// which stays the one place the values live, so that proxies and the dynamic API can be mixed freely.
///
/// A proxy prints as its class, key and a few properties (`Product(ID: 1, Name: "Anvil", Price: 45.00)`), and is
/// `Identifiable`, `Equatable` and `Hashable` by its entity's type and key (`EntityProxyID`): two proxies read
/// separately for one entity are equal, whatever their other values; an entity without its whole key (new, or read
/// with a `select` that left a key out) equals only proxies of the same `EntityValue`. A property of the entity
/// named `id` keeps its name: `Identifiable` reaches the identity through `EntityProxyID`.
public protocol EntityProxy: AnyObject, Sendable, Hashable, Identifiable, CustomStringConvertible where ID == EntityProxyID {
    /// The entity type this class stands for (from the metadata the class was generated from).
    static var entityType: EntityType { get }
    /// Wraps an entity of this type (or of a type derived from it).
    init(entityValue: EntityValue)
    /// The dynamic entity underneath.
    var entityValue: EntityValue { get }
}

extension EntityProxy {
    /// Whether the entity holds a value for a structural property, null included (SAP's `hasDataValue(for:)`): false
    /// when a `select` left it out, the service sent none, or a new entity was never given one. A property of a
    /// generated class reads as nil then, and so does a null one: `product.isLoaded(Product.name)` tells them apart.
    /// Generated with `--disable-optionals`, a property reads as its type's default (`""`, `0`, `false`) then,
    /// and this is the only way to tell an unread name from an empty one.
    public func isLoaded(_ property: Property) -> Bool { entityValue.hasValue(for: property) }

    /// Whether a navigation property was expanded or loaded (`loadProperty`), or set: its generated property is
    /// nil until then.
    public func isLoaded(_ navigation: NavigationProperty) -> Bool { entityValue.value(for: navigation) != nil }

    /// The entity or entities of an expanded or loaded navigation property, as proxies of `T`.
    public func related<T: EntityProxy>(_ navigation: NavigationProperty, as _: T.Type = T.self) -> T? {
        if case .entity(let e)? = entityValue.value(for: navigation) { return T.proxy(wrapping: e) }
        return nil
    }

    /// The entities of an expanded or loaded collection-valued navigation property, as proxies of `T`; nil when
    /// the property was neither expanded nor loaded.
    public func relatedList<T: EntityProxy>(_ navigation: NavigationProperty, as _: T.Type = T.self) -> [T]? {
        if case .entityList(let l)? = entityValue.value(for: navigation) { return l.entities.map { T.proxy(wrapping: $0) } }
        return nil
    }

    /// Sets a single-valued navigation property to an entity (a deep insert), or to null.
    public func setRelated<T: EntityProxy>(_ navigation: NavigationProperty, to value: T?) {
        try? entityValue.setValue(navigation, to: value.map { .entity($0.entityValue) } ?? .null)
    }

    /// Sets a collection-valued navigation property to entities (a deep insert).
    public func setRelatedList<T: EntityProxy>(_ navigation: NavigationProperty, to value: [T]?) {
        try? entityValue.setValue(navigation, to: .entityList(EntityValueList((value ?? []).map(\.entityValue))))
    }

    /// Writes the entity's properties by their OData names (`ProxyCoding`), for a generated class that says `Codable`.
    public func encode(to encoder: any Encoder) throws { try ProxyCoding.encode(entityValue, to: encoder) }

    /// A new entity of the class's type (marked new) from what `encode(to:)` wrote (`ProxyCoding`).
    public init(from decoder: any Decoder) throws {
        self.init(entityValue: try ProxyCoding.decodeEntity(Self.entityType, from: decoder))
    }
}
