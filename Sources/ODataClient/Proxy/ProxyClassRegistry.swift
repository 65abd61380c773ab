import Synchronization

/// The generated classes of entity types by qualified name, so that an entity of a derived type read through a
/// query on its base type comes back as its own type's class (`as? User` on the results of a `DirectoryObject`
/// query). A generated service class registers its module's lookup when it opens; `EntityProxy.proxy(wrapping:)`
/// asks it.
public enum ProxyClassRegistry {
    /// A module's lookup: the class of an entity type by qualified name, nil for a type it has no class for.
    public typealias Lookup = @Sendable (String) -> (any EntityProxy.Type)?

    private static let lookups = Mutex<[String: Lookup]>([:])

    /// Registers the lookup of a module's generated classes, under a key that makes registering again harmless
    /// (the module-qualified name of the metadata class, so that two modules' lookups both stay).
    public static func register(_ key: String, _ lookup: @escaping Lookup) {
        lookups.withLock { $0[key] = lookup }
    }

    /// The registered class of the entity type with this qualified name, nil when none is; the first found when
    /// several modules have one (`proxyClasses(for:)`).
    public static func proxyClass(for qualifiedName: String) -> (any EntityProxy.Type)? {
        proxyClasses(for: qualifiedName).first
    }

    /// The registered classes of the entity type with this qualified name, one per module that has one: a program
    /// may link the proxies of two services whose types share names (Graph's v1.0 and beta), and each module's base
    /// class needs its own module's derived class.
    public static func proxyClasses(for qualifiedName: String) -> [any EntityProxy.Type] {
        let all = lookups.withLock { Array($0.values) }
        return all.compactMap { $0(qualifiedName) }
    }
}

extension EntityProxy {
    /// The proxy of an entity: of its own type's registered class when that is a `Self` (a derived type's class,
    /// for an entity of a derived type read through a base-type query; of this module's, when several modules
    /// have a class for the type), else of `Self`.
    public static func proxy(wrapping entity: EntityValue) -> Self {
        let name = entity.entityType.qualifiedName
        if name != entityType.qualifiedName {
            for type in ProxyClassRegistry.proxyClasses(for: name) {
                if let own = type as? Self.Type { return own.init(entityValue: entity) }
            }
        }
        return Self(entityValue: entity)
    }
}
