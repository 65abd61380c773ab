import ODataModel
import Synchronization

/// A group of entity and link changes applied all or none, as one OData change set (SAP's `ChangeSet`): creates,
/// updates, deletes and links, sent in one `$batch` by `DataService.applyChanges(_:)` or as part of a
/// `RequestBatch`.
///
/// ```swift
/// let changes = ChangeSet()
/// changes.createEntity(newProduct)
/// changes.updateEntity(product)         // If-Match: the ETag it was read with
/// changes.deleteEntity(oldProduct)
/// try service.applyChanges(changes)     // throws the first failure; nothing was changed then
/// ```
///
/// After it was sent, the entities of successful creates and updates hold what the service answered (keys the
/// service made, new ETags) and their changes are reset, as `createEntity` and `updateEntity` of `DataService` do;
/// `responses` and `error` say how each change went. A class, as SAP's, so that the one given to a batch is the
/// one read afterwards; it may cross tasks (its state is behind a lock), though changes added while it is being sent
/// are not in what was sent.
public final class ChangeSet: Sendable {
    /// One change of a change set.
    public enum Change: Sendable {
        /// POST the entity to its entity set (or the only set of its type).
        case createEntity(EntityValue, options: RequestOptions)
        /// POST the entity to `source`'s navigation property, which creates it related to `source`.
        case createRelatedEntity(EntityValue, source: EntityValue, property: NavigationProperty, options: RequestOptions)
        /// PATCH (V4) or MERGE (V2) the entity's changed properties, or PUT all of them (`options.updateMode`).
        case updateEntity(EntityValue, options: RequestOptions)
        /// DELETE the entity.
        case deleteEntity(EntityValue, options: RequestOptions)
        /// Add a reference from `source`'s navigation property to `target` (POST to a collection's `$ref`, PUT to
        /// a single-valued one's).
        case createLink(source: EntityValue, property: NavigationProperty, target: EntityValue)
        /// Set the reference of a single-valued navigation property to `target` (PUT `$ref`).
        case updateLink(source: EntityValue, property: NavigationProperty, target: EntityValue)
        /// Remove the reference to `target` (of a collection), or the one reference of a single-valued property
        /// (`target` nil).
        case deleteLink(source: EntityValue, property: NavigationProperty, target: EntityValue?)
    }

    private struct State {
        var changes: [Change] = []
        var responses: [BatchOperationResponse] = []
        var error: (any Error)?
    }

    private let state = Mutex(State())

    /// The changes, in the order they were added.
    public var changes: [Change] { state.withLock { $0.changes } }
    /// The answer to each change once the change set was sent, in the order of `changes`; empty before. A change
    /// set that failed as a whole gives its one error response to every change.
    public internal(set) var responses: [BatchOperationResponse] {
        get { state.withLock { $0.responses } }
        set { state.withLock { $0.responses = newValue } }
    }
    /// The failure of the change set once sent (the first change the service refused, as an error with its HTTP
    /// status and OData error); nil when it was applied or not sent yet.
    public internal(set) var error: (any Error)? {
        get { state.withLock { $0.error } }
        set { state.withLock { $0.error = newValue } }
    }

    /// An empty change set.
    public init() {}

    /// The number of changes (SAP's `size`).
    public var size: Int { state.withLock { $0.changes.count } }
    /// True when it holds no change.
    public var isEmpty: Bool { state.withLock { $0.changes.isEmpty } }
    /// True once the change set was sent and every change succeeded.
    public var isApplied: Bool { state.withLock { !$0.responses.isEmpty && $0.error == nil } }

    /// Adds the creation of `entity` (SAP's `createEntity`).
    public func createEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) {
        add(.createEntity(entity, options: options))
    }

    /// Adds the creation of `entity` related to `source` through `property` (SAP's `createRelatedEntity`): POST to
    /// `Source(key)/Property`.
    public func createRelatedEntity(_ entity: EntityValue, in source: EntityValue, property: NavigationProperty,
                                    options: RequestOptions = RequestOptions()) {
        add(.createRelatedEntity(entity, source: source, property: property, options: options))
    }

    /// Adds an update of `entity` with its changed properties, `If-Match` from its ETag (SAP's `updateEntity`).
    public func updateEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) {
        add(.updateEntity(entity, options: options))
    }

    /// Adds the deletion of `entity`, `If-Match` from its ETag (SAP's `deleteEntity`).
    public func deleteEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) {
        add(.deleteEntity(entity, options: options))
    }

    /// Adds a link from `source`'s navigation property `property` to `target` (SAP's `createLink`).
    public func createLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) {
        add(.createLink(source: source, property: property, target: target))
    }

    /// Adds the change of a single-valued navigation property's link to `target` (SAP's `updateLink`).
    public func updateLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) {
        add(.updateLink(source: source, property: property, target: target))
    }

    /// Adds the removal of the link to `target`, or of a single-valued property's link when `target` is nil (SAP's
    /// `deleteLink`).
    public func deleteLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue? = nil) {
        add(.deleteLink(source: source, property: property, target: target))
    }

    private func add(_ change: Change) { state.withLock { $0.changes.append(change) } }

    /// Forgets the answers of an earlier sending, so that the change set can be sent again.
    func resetResults() {
        state.withLock {
            $0.responses = []
            $0.error = nil
        }
    }
}
