import FoundationEssentials
import ODataModel
import ODataQuery

/// SAP's `DataServiceAsync`: a service whose network operations are all `async`, and nothing else of that name.
///
/// ``DataService`` has each network operation twice under one name, blocking and `async`. Inside an `async`
/// function Swift picks the `async` one, but in top-level code (a `main.swift` that uses `await`) it ranks the
/// blocking one first; since that one is `@available(*, noasync)`, `try await service.loadMetadata()` on a
/// `DataService` there does not compile. On a `DataServiceAsync` there is only the `async` form, which top-level
/// code gets.
///
/// It wraps a ``DataService`` (``dataService``), with which it shares the metadata, the HTTP session and the engine.
/// Properties of the service (`metadata`, `serviceRoot`, `readOptions`, ...) read through to it; its other
/// non-network functions (`path(of:)`, `identity(of:)`, `batchCreate(_:contentID:)`, ...) are on ``dataService``.
@dynamicMemberLookup
public final class DataServiceAsync: Sendable {
    /// The service underneath, for its blocking operations and the functions that send nothing.
    public let dataService: DataService

    /// The async face of a service already open: both share everything.
    public init(_ dataService: DataService) { self.dataService = dataService }

    /// Opens the service a provider describes without loading its metadata (SAP's `DataServiceAsync(provider:)`);
    /// see ``DataService/init(provider:)``. `loadMetadata()` loads it.
    public convenience init(provider: OnlineODataProvider) { self.init(DataService(provider: provider)) }

    /// Opens a service and loads its `$metadata` without holding a thread while it waits (unless `metadata` is
    /// given); see `DataService.init(url:configuration:metadata:)`.
    public convenience init(url: URL, configuration: HTTPConfiguration = HTTPConfiguration(), metadata: CsdlDocument? = nil) async throws {
        self.init(try await DataService(url: url, configuration: configuration, metadata: metadata))
    }

    /// Opens a service on an HTTP session the caller already has, with metadata already loaded; no request is
    /// sent (see ``DataService/init(url:client:metadata:)``).
    public convenience init(url: URL, client: HTTPClient, metadata: CsdlDocument) {
        self.init(DataService(url: url, client: client, metadata: metadata))
    }

    /// A property of the service, read through (`metadata`, `serviceRoot`, `provider`, `isMetadataLoaded`, ...).
    public subscript<T>(dynamicMember keyPath: KeyPath<DataService, T>) -> T { dataService[keyPath: keyPath] }

    /// A settable property of the service, read and set through (`readOptions`, `maxEmptyPagesInARow`).
    public subscript<T>(dynamicMember keyPath: ReferenceWritableKeyPath<DataService, T>) -> T {
        get { dataService[keyPath: keyPath] }
        set { dataService[keyPath: keyPath] = newValue }
    }

    // MARK: metadata

    /// The entity set of this name in the service's metadata.
    public func entitySet(withName name: String) throws -> EntitySet { try dataService.entitySet(withName: name) }
    /// The singleton of this name in the service's metadata.
    public func singleton(withName name: String) throws -> Singleton { try dataService.singleton(withName: name) }
    /// The entity type of this name (qualified or not) in the service's metadata.
    public func entityType(withName name: String) throws -> EntityType { try dataService.entityType(withName: name) }

    /// Loads `$metadata` unless the service has it (SAP's `loadMetadata()`); see `DataService.loadMetadata()`.
    public func loadMetadata() async throws { try await dataService.loadMetadata() }

    /// Loads `$metadata` and returns it without using it.
    public func fetchMetadataDocument() async throws -> CsdlDocument { try await dataService.fetchMetadataDocument() }

    /// Loads `$metadata` again and takes it when the changes are compatible (SAP's `refreshMetadata()`).
    public func refreshMetadata(options: MetadataComparison.Options = .init()) async throws -> MetadataRefresh {
        try await dataService.refreshMetadata(options: options)
    }

    // MARK: queries

    /// Runs a query and reads its first page; `nextPage()` on the result, or `entities(_:)`, goes on.
    public func executeQuery(_ query: DataQuery) async throws -> QueryResult { try await dataService.executeQuery(query) }

    /// The entities of a query across all of the service's pages, read lazily (``DataService/entities(_:)``).
    public func entities(_ query: DataQuery) -> EntityValueSequence { dataService.entities(query) }

    /// The pages of a query's answer, each requested when iteration reaches it (``DataService/pages(_:)``).
    public func pages(_ query: DataQuery) -> QueryPageSequence { dataService.pages(query) }

    /// Sends a typed request and collects what it answers, all pages when `paging` says so.
    public func execute(_ request: DataRequest, paging: Paging = .firstPage) async throws
        -> (entities: [EntityValue], values: [DataValue], response: ServiceResponse) {
        try await dataService.execute(request, paging: paging)
    }

    /// Sends a typed request and streams its answer to the callbacks, which run in the calling task (see
    /// `DataService.execute(_:paging:onEntity:onValue:onPageEnd:onRawChunk:)`).
    public func execute(_ request: DataRequest, paging: Paging,
                        onEntity: (EntityValue) throws -> Bool, onValue: (DataValue) throws -> Void,
                        onPageEnd: ((ServiceResponse) throws -> Void)? = nil,
                        onRawChunk: ((UnsafeRawBufferPointer) throws -> Void)? = nil) async throws -> ServiceResponse {
        try await dataService.execute(request, paging: paging, onEntity: onEntity, onValue: onValue, onPageEnd: onPageEnd,
                                      onRawChunk: onRawChunk)
    }

    // MARK: writes

    /// Creates an entity in its entity set; it then holds what the service answered.
    public func createEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        try await dataService.createEntity(entity, options: options)
    }

    /// Creates an entity related to `source` through a navigation property.
    public func createRelatedEntity(_ entity: EntityValue, in source: EntityValue, property: NavigationProperty,
                                    options: RequestOptions = RequestOptions()) async throws {
        try await dataService.createRelatedEntity(entity, in: source, property: property, options: options)
    }

    /// Updates an entity (merge or replace, as `options` say), with its ETag where it has one.
    public func updateEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        try await dataService.updateEntity(entity, options: options)
    }

    /// Deletes an entity, with its ETag where it has one.
    public func deleteEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        try await dataService.deleteEntity(entity, options: options)
    }

    /// Adds a link from `source` through a navigation property to `target`.
    public func createLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) async throws {
        try await dataService.createLink(from: source, property: property, to: target)
    }

    /// Sets the single-valued link from `source` through a navigation property to `target`.
    public func updateLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) async throws {
        try await dataService.updateLink(from: source, property: property, to: target)
    }

    /// Removes a link from `source` through a navigation property (to `target`, for a collection).
    public func deleteLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue? = nil) async throws {
        try await dataService.deleteLink(from: source, property: property, to: target)
    }

    // MARK: loading into entities

    /// Reads a navigation property of an entity into it (SAP's `loadProperty`), optionally with a query.
    public func loadProperty(_ navigation: NavigationProperty, into entity: EntityValue, query: DataQuery? = nil) async throws {
        try await dataService.loadProperty(navigation, into: entity, query: query)
    }

    /// Reads one structural property of an entity into it.
    public func loadProperty(_ property: Property, into entity: EntityValue) async throws {
        try await dataService.loadProperty(property, into: entity)
    }

    /// Reads the media resource of a media entity.
    public func loadMedia(of entity: EntityValue) async throws -> Data { try await dataService.loadMedia(of: entity) }

    // MARK: operations and batches

    /// Calls a function (see `DataService.executeFunction(_:parameters:boundTo:)`).
    public func executeFunction(_ name: String, parameters: [(name: String, value: DataValue)] = [],
                                boundTo entity: EntityValue? = nil) async throws -> QueryResult {
        try await dataService.executeFunction(name, parameters: parameters, boundTo: entity)
    }

    /// Calls an action (see `DataService.executeAction(_:parameters:boundTo:)`).
    public func executeAction(_ name: String, parameters: [(name: String, value: DataValue)] = [],
                              boundTo entity: EntityValue? = nil) async throws -> QueryResult {
        try await dataService.executeAction(name, parameters: parameters, boundTo: entity)
    }

    /// Applies a change set as one unit of work (SAP's `applyChanges`).
    public func applyChanges(_ changes: ChangeSet) async throws { try await dataService.applyChanges(changes) }

    /// Sends queries and change sets as one `$batch` and reads each answer into it (SAP's `processBatch`).
    public func processBatch(_ batch: RequestBatch) async throws { try await dataService.processBatch(batch) }

    /// Sends a `$batch` of operations and answers them part by part.
    public func executeBatch(_ batch: BatchRequest, json: Bool? = nil, continueOnError: Bool = false) async throws -> BatchResponse {
        try await dataService.executeBatch(batch, json: json, continueOnError: continueOnError)
    }

    /// Sends typed requests as one `$batch` and reads each answer.
    public func executeBatch(_ parts: [DataRequest.BatchPart], json: Bool? = nil) async throws -> [DataService.BatchResult] {
        try await dataService.executeBatch(parts, json: json)
    }
}
