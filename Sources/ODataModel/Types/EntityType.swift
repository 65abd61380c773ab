/// An entity type: a structured type with a key (SAP's `EntityType`).
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class EntityType: StructuredType, @unchecked Sendable {
    var _ownKeyNames: [String] = []
    /// Key property names declared on this type (paths for V4 keys on complex members; alias kept apart).
    public package(set) var ownKeyNames: [String] {
        get { _ownKeyNames }
        set { _ownKeyNames = newValue }
        _modify { var v = _ownKeyNames; _ownKeyNames = []; defer { _ownKeyNames = v }; yield &v }
    }
    var _keyAliases: [String: String] = [:]
    /// `PropertyRef Alias` by key path, where a V4 key uses a path.
    public package(set) var keyAliases: [String: String] {
        get { _keyAliases }
        set { _keyAliases = newValue }
        _modify { var v = _keyAliases; _keyAliases = [:]; defer { _keyAliases = v }; yield &v }
    }
    var _hasStream: Bool = false
    /// `HasStream`: the entity is a media entity, with a binary stream besides its properties.
    public package(set) var hasStream: Bool {
        get { _hasStream }
        set { _hasStream = newValue }
    }

    /// The key: the nearest declared one up the base-type chain.
    public var allKeyNames: [String] {
        if !ownKeyNames.isEmpty { return ownKeyNames }
        var found: [String] = []
        forEachBaseType { b in
            if let e = b as? EntityType, !e.ownKeyNames.isEmpty { found = e.ownKeyNames }
            return found.isEmpty
        }
        return found
    }
    /// The key properties (those that resolve).
    public var keyProperties: [Property] {
        allKeyNames.compactMap { structuralProperty(named: $0) }
    }
    /// The base type, when it is an entity type.
    public var baseEntityType: EntityType? { baseType as? EntityType }
    /// Entity types derived from this one (SAP's derived types).
    public var derivedEntityTypes: [EntityType] { derivedTypes.compactMap { $0 as? EntityType } }
}

/// A complex type: structured, keyless.
// @unchecked: as CsdlElement says: set only by this package before the document is handed out; the approvals atomic.
public final class ComplexType: StructuredType, @unchecked Sendable {}
