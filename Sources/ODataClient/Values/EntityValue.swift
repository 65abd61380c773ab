import ODataModel
import ODataQuery

/// An entity (SAP's `EntityValue`): property values by slot, expanded navigation, and the entity metadata a
/// service sends (ETag, id, edit and read links, media links). Reading never tracks changes; the public setters do,
/// so that update bodies can carry only what changed.
// @unchecked: as StructureBase, whose lock guards this class's stored metadata too.
public final class EntityValue: StructureBase, @unchecked Sendable {
    /// The entity type: a derived type when the payload named one.
    public let entityType: EntityType
    /// The entity set the entity belongs to, when known (for key predicates and edit links).
    public var entitySet: EntitySet? {
        get { locked { storedEntitySet } }
        set { locked { storedEntitySet = newValue } }
    }
    /// The ETag (`@odata.etag`, V2 `__metadata.etag`, Atom `m:etag`).
    public var etag: String? {
        get { locked { storedETag } }
        set { locked { storedETag = newValue } }
    }
    private var storedEntitySet: EntitySet?
    private var storedETag: String?
    private var storedIsNew = false
    /// The entity id (`@odata.id`, V2 `__metadata.id` or `uri`, Atom `<id>`).
    public var id: String? {
        get { locked { extras?.id } }
        set { locked { extrasOrNew.id = newValue } }
    }
    /// `@odata.editLink`, V2 `__metadata.uri`, Atom `link rel="edit"`.
    public var editLink: String? {
        get { locked { extras?.editLink } }
        set { locked { extrasOrNew.editLink = newValue } }
    }
    /// `@odata.readLink`, Atom `link rel="self"`.
    public var readLink: String? {
        get { locked { extras?.readLink } }
        set { locked { extrasOrNew.readLink = newValue } }
    }
    /// The media resource of a media entity (`@odata.mediaReadLink` ..., V2 `media_src`/`edit_media`/`content_type`,
    /// Atom `<content src>`); nil for other entities.
    public var mediaLink: StreamLink? {
        get { locked { extras?.mediaLink } }
        set { locked { extrasOrNew.mediaLink = newValue } }
    }
    /// Navigation links the service sent for properties it did not expand (V4 `@odata.navigationLink`,
    /// V2 `__deferred`, Atom related links), by navigation property name.
    public var navigationLinks: [String: String] {
        get { locked { extras?.navigationLinks ?? [:] } }
        set { locked { extrasOrNew.navigationLinks = newValue } }
    }
    /// Instance annotations other than OData's control information, as JSON (or Atom) text, by term.
    public var annotations: [(name: String, value: RawValue)] {
        get { locked { extras?.annotations ?? [] } }
        set { locked { extrasOrNew.annotations = newValue } }
    }
    /// True for an entity made on the client and not yet created on the server (SAP's `isNew`).
    public var isNew: Bool {
        get { locked { storedIsNew } }
        set { locked { storedIsNew = newValue } }
    }
    /// Targets of navigation properties to bind on create or update (V4 `@odata.bind`, V2 `__metadata.uri`).
    public internal(set) var bindings: [(navigation: NavigationProperty, targets: [String])] {
        get { locked { extras?.bindings ?? [] } }
        set { locked { extrasOrNew.bindings = newValue } }
    }

    /// Metadata most entities do not have, kept apart so that reading and dropping plain entities stays cheap.
    /// With the lock held.
    private var extras: EntityExtras?
    /// With the lock held.
    private var extrasOrNew: EntityExtras {
        if let e = extras { return e }
        let e = EntityExtras()
        extras = e
        return e
    }

    init(layout: StructureLayout, entitySet: EntitySet? = nil) {
        entityType = layout.entityType!
        storedEntitySet = entitySet
        super.init(layout: layout)
    }

    /// A new, empty entity of `type` (SAP's `EntityValue.ofType`), marked `isNew`.
    public static func ofType(_ type: EntityType, in set: EntitySet? = nil) -> EntityValue {
        let e = EntityValue(layout: StructureLayout(type: type), entitySet: set)
        e.isNew = true
        return e
    }

    /// The entity set name, or the type name when the set is unknown, for messages.
    public var entitySetName: String { entitySet?.name ?? entityType.name }

    // MARK: Navigation

    /// The value of a navigation property: `.entity`, `.entityList` or `.null` when expanded; nil when not.
    public func value(for n: NavigationProperty) -> DataValue? {
        guard let s = layout.slot(of: n) else { return nil }
        return locked { slots[s] }
    }

    /// Sets an expanded navigation value (for deep inserts): an entity, a list of entities, or null.
    public func setValue(_ n: NavigationProperty, to v: DataValue) throws {
        guard let s = layout.slot(of: n) else {
            throw ValueConversionError("\(entityType.qualifiedName) has no navigation property \(n.name)")
        }
        switch v {
        case .entity, .null: guard !n.isCollection else { throw ValueConversionError("\(n.name) is a collection: set an entity list") }
        case .entityList: guard n.isCollection else { throw ValueConversionError("\(n.name) is single-valued: set an entity") }
        default: throw ValueConversionError("\(n.name) is a navigation property: set an entity or a list of entities")
        }
        setSlot(s, v, markChanged: true)
    }

    /// Binds a navigation property to an existing entity (`@odata.bind` in V4, a `__metadata.uri` reference in V2);
    /// for a collection each call adds one more target. `target` is a URL relative to the service root or absolute.
    public func bind(_ n: NavigationProperty, to target: String) {
        locked {
            let e = extrasOrNew
            if let i = e.bindings.firstIndex(where: { $0.navigation === n }) {
                if n.isCollection { e.bindings[i].targets.append(target) } else { e.bindings[i].targets = [target] }
            } else {
                e.bindings.append((n, [target]))
            }
        }
    }

    /// Binds a navigation property to an entity read from the service (its read or edit link, else set and key).
    public func bind(_ n: NavigationProperty, to target: EntityValue, version: ODataVersion = .v4) throws {
        bind(n, to: try target.referenceURL(version: version))
    }

    /// The URL that refers to this entity: its edit or read link, else `Set(key)`.
    public func referenceURL(version: ODataVersion = .v4) throws -> String {
        if let l = editLink ?? readLink { return l }
        guard let set = entitySet else { throw ValueConversionError("\(entityType.name) has no entity set: cannot refer to it") }
        return set.name + (try keyPredicate(version: version))
    }

    // MARK: Key

    /// The key properties and their values (nil values for key properties without one).
    public var keyValues: [(property: Property, value: DataValue?)] {
        locked { layout.keySlots.map { (layout.properties[$0], slots[$0]) } }
    }

    /// `('ALFKI')`, `(OrderID=10248,ProductID=11)`, or with V2 typed literals `(guid'...')`, `(10L)`; not
    /// percent-encoded. Throws when a key value is missing or null.
    public func keyPredicate(version: ODataVersion = .v4) throws -> String {
        let keys = keyValues
        guard !keys.isEmpty else { throw ValueConversionError("\(entityType.qualifiedName) has no key") }
        let literals = LiteralFormatter(version: version)
        var parts: [String] = []
        for (p, v) in keys {
            guard let v = v, !v.isNull else { throw ValueConversionError("key property \(p.name) of \(entityType.name) has no value") }
            parts.append(try literals.text(v))
        }
        if keys.count == 1 { return "(\(parts[0]))" }
        return "(" + zip(keys, parts).map { "\($0.0.property.name)=\($0.1)" }.joined(separator: ",") + ")"
    }

    /// `Set(key)` for messages, falling back to the type name and `(?)` when the key is not known.
    public var displayPath: String {
        entitySetName + ((try? keyPredicate(version: .v4)) ?? "")
    }

    /// A copy: same metadata and values (expanded entities and complex values copied too).
    public func copy() -> EntityValue {
        let (values, dynamic) = snapshot()
        let (changed, changedDynamic) = locked { (self.changed, self.changedDynamic) }
        let e = EntityValue(layout: layout, entitySet: entitySet)
        for (i, v) in values.enumerated() { e.slots[i] = v.map(DataValue.deepCopy) }
        e.dynamic = dynamic
        e.changed = changed; e.changedDynamic = changedDynamic
        e.etag = etag; e.id = id; e.editLink = editLink; e.readLink = readLink; e.mediaLink = mediaLink
        e.navigationLinks = navigationLinks; e.annotations = annotations; e.isNew = isNew; e.bindings = bindings
        return e
    }

    /// True when ETag, id, links and media links are the same.
    public func hasSameMetadata(as o: EntityValue) -> Bool {
        etag == o.etag && id == o.id && editLink == o.editLink && readLink == o.readLink && mediaLink == o.mediaLink
            && navigationLinks == o.navigationLinks
    }

    /// The entity's path (`Customers('ALFKI')`) and its values.
    public override var description: String { displayPath + " " + super.description }
}

/// The less common parts of an entity's metadata; used with the entity's lock held.
private final class EntityExtras {
    var id: String?
    var editLink: String?
    var readLink: String?
    var mediaLink: StreamLink?
    var navigationLinks: [String: String] = [:]
    var annotations: [(name: String, value: RawValue)] = []
    var bindings: [(navigation: NavigationProperty, targets: [String])] = []
}
