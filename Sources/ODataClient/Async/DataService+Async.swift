import Dispatch
import FoundationEssentials
import ODataModel
import ODataQuery

/// SAP's `DataServiceAsync`: here the same class as `DataService`, whose network operations each come as an
/// `async` overload of the blocking one, with the same name.
public typealias DataServiceAsync = DataService

extension DataService {
    /// Runs the blocking `work` on a thread of its own and waits for it without blocking the caller's thread.
    /// Cancelling the task cancels the transfer under way at once (libcurl is woken from its wait) and throws
    /// `CancellationError`; that is the one way to cancel a request. A timeout is a task that cancels.
    package static func offload<T>(_ work: @escaping @Sendable () throws -> sending T) async throws -> sending T {
        let token = RequestCancellation()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                    DispatchQueue.global().async {
                        do {
                            let result = try token.run(work)
                            continuation.resume(returning: result)
                        } catch {
                            continuation.resume(throwing: error)
                        }
                    }
                }
            } onCancel: {
                token.cancel()
            }
        } catch let error as ODataClientError where Task.isCancelled {
            if case .cancelled = error.kind { throw CancellationError() }
            throw error
        }
    }

    // MARK: queries

    /// Runs a query and reads its first page (see `executeQuery(_:)`); `QueryResult.nextPage()` reads on.
    public func executeQuery(_ query: DataQuery) async throws -> QueryResult {
        try await Self.offload { try self.executeQuery(query) }
    }

    /// The entities a query addresses, across all of the service's pages, read lazily: the next page is requested
    /// when iteration reaches it, one page is held at a time, and the query's `top` holds across pages.
    public func entities(_ query: DataQuery) -> EntityValueSequence {
        EntityValueSequence(pages: pages(query))
    }

    /// The pages of a query's answer, each requested when iteration reaches it (see `entities(_:)`).
    public func pages(_ query: DataQuery) -> QueryPageSequence {
        QueryPageSequence(service: self, query: query)
    }

    // MARK: writes

    /// Creates the entity on the service (see the blocking `createEntity(_:options:)`).
    public func createEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        try await Self.offload { try self.createEntity(entity, options: options) }
    }

    /// Creates the entity related to `source` (see the blocking `createRelatedEntity(_:in:property:options:)`).
    public func createRelatedEntity(_ entity: EntityValue, in source: EntityValue, property: NavigationProperty,
                                    options: RequestOptions = RequestOptions()) async throws {
        try await Self.offload { try self.createRelatedEntity(entity, in: source, property: property, options: options) }
    }

    /// Adds a link (see the blocking `createLink(from:property:to:)`).
    public func createLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) async throws {
        try await Self.offload { try self.createLink(from: source, property: property, to: target) }
    }

    /// Sets a single-valued link (see the blocking `updateLink(from:property:to:)`).
    public func updateLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue) async throws {
        try await Self.offload { try self.updateLink(from: source, property: property, to: target) }
    }

    /// Removes a link (see the blocking `deleteLink(from:property:to:)`).
    public func deleteLink(from source: EntityValue, property: NavigationProperty, to target: EntityValue? = nil) async throws {
        try await Self.offload { try self.deleteLink(from: source, property: property, to: target) }
    }

    /// Sends the entity's changes (see the blocking `updateEntity(_:options:)`).
    public func updateEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        try await Self.offload { try self.updateEntity(entity, options: options) }
    }

    /// Deletes the entity on the service (see the blocking `deleteEntity(_:options:)`).
    public func deleteEntity(_ entity: EntityValue, options: RequestOptions = RequestOptions()) async throws {
        try await Self.offload { try self.deleteEntity(entity, options: options) }
    }

    /// Sends a typed request and collects what it answers (entities, values and the response), all pages when
    /// `paging` says so: the async form of `execute(_:paging:onEntity:onValue:onPageEnd:)`.
    public func execute(_ request: DataRequest, paging: Paging = .firstPage) async throws
        -> (entities: [EntityValue], values: [DataValue], response: ServiceResponse) {
        return try await Self.offload {
            var entities: [EntityValue] = []
            var values: [DataValue] = []
            let response = try self.execute(request, paging: paging, onEntity: { entities.append($0); return true },
                                            onValue: { values.append($0) })
            return (entities, values, response)
        }
    }

    // MARK: loading

    /// Reads a navigation property into the entity (see the blocking `loadProperty(_:into:query:)`).
    public func loadProperty(_ navigation: NavigationProperty, into entity: EntityValue, query: DataQuery? = nil) async throws {
        try await Self.offload { try self.loadProperty(navigation, into: entity, query: query) }
    }

    /// Reads a structural or stream property into the entity (see the blocking `loadProperty(_:into:)`).
    public func loadProperty(_ property: Property, into entity: EntityValue) async throws {
        try await Self.offload { try self.loadProperty(property, into: entity) }
    }

    /// Reads a media entity's media resource (see the blocking `loadMedia(of:)`).
    public func loadMedia(of entity: EntityValue) async throws -> Data {
        try await Self.offload { try self.loadMedia(of: entity) }
    }

    // MARK: operations

    /// Calls a function (see the blocking `executeFunction(_:parameters:boundTo:)`).
    public func executeFunction(_ name: String, parameters: [(name: String, value: DataValue)] = [],
                                boundTo entity: EntityValue? = nil) async throws -> QueryResult {
        let arguments = SendableParameters(parameters)
        return try await Self.offload { try self.executeFunction(name, parameters: arguments.list, boundTo: entity) }
    }

    /// Calls an action (see the blocking `executeAction(_:parameters:boundTo:)`).
    public func executeAction(_ name: String, parameters: [(name: String, value: DataValue)] = [],
                              boundTo entity: EntityValue? = nil) async throws -> QueryResult {
        let arguments = SendableParameters(parameters)
        return try await Self.offload { try self.executeAction(name, parameters: arguments.list, boundTo: entity) }
    }

    /// Sends a batch of requests and change sets (see the blocking `executeBatch(_:json:)`).
    public func executeBatch(_ parts: [DataRequest.BatchPart], json: Bool? = nil) async throws -> [BatchResult] {
        try await Self.offload { try self.executeBatch(parts, json: json) }
    }

    // MARK: metadata

    /// Loads `$metadata` into the service, once (SAP's `loadMetadata`; see the blocking `loadMetadata()`).
    public func loadMetadata() async throws {
        try await Self.offload { try self.loadMetadata() }
    }

    /// Loads `$metadata` again and uses it when it is compatible (see the blocking `refreshMetadata(options:)`).
    @discardableResult
    public func refreshMetadata(options: MetadataComparison.Options = .init()) async throws -> MetadataRefresh {
        try await Self.offload { try self.refreshMetadata(options: options) }
    }
}

extension QueryResult {
    /// The next page as a result of its own, nil after the last (see the blocking `nextPage()`).
    public func nextPage() async throws -> QueryResult? {
        try await DataService.offload { try self.nextPage() }
    }
}

// Tuples of (name, value) and the request enums hold only Sendable values, but Swift does not infer Sendable for
// labelled tuples inside arrays or for enums with closures beside them: these carry them to the sending thread.

/// Operation parameters on their way to the sending thread.
private struct SendableParameters: Sendable {
    let names: [String]
    let values: [DataValue]
    init(_ list: [(name: String, value: DataValue)]) { names = list.map(\.name); values = list.map(\.value) }
    var list: [(name: String, value: DataValue)] { Array(zip(names, values)).map { (name: $0.0, value: $0.1) } }
}
