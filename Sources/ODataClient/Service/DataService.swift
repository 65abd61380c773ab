import FoundationEssentials
import ODataModel
import ODataQuery
import Synchronization

/// SAP's dynamic `DataService` on Linux: one OData service, its metadata, and the requests made to it — queries
/// with server paging, entity writes with ETags (and CSRF tokens, inside `HTTPClient`), functions, actions, batch.
///
/// Every network operation comes twice: blocking, for scripts, and `async` with the same name. The blocking form is
/// `@available(*, noasync)`: in top-level code, where Swift would rank it first, awaiting it does not compile, and
/// ``DataServiceAsync`` (SAP's name) wraps a service with the `async` forms alone. One service serves many tasks at once: its metadata is loaded once, requests run side by side on
/// connections of one HTTP session, and cancelling a task cancels its transfer.
public final class DataService: Sendable {
    private struct Settings: Sendable {
        var metadata: CsdlDocument
        var readOptions = PayloadReadOptions()
        var maxEmptyPagesInARow = 3
    }

    /// The service root, ending in `/`, without its query.
    public let serviceRoot: String
    /// The service root with its own query parameters.
    public let root: ServiceRoot
    /// The HTTP session all requests go through.
    package let client: HTTPClient
    /// Where the service's requests go, and how (SAP's `DataService.provider`): the service root, its name, and the
    /// HTTP session's settings as the service was opened with them (`serviceRoot` filled in).
    public let provider: OnlineODataProvider
    private let settings: Mutex<Settings>

    /// The service's metadata.
    public var metadata: CsdlDocument { settings.withLock { $0.metadata } }
    /// How payloads are read (strict unless set otherwise: a value that does not fit its metadata is an error).
    public var readOptions: PayloadReadOptions {
        get { settings.withLock { $0.readOptions } }
        set { settings.withLock { $0.readOptions = newValue } }
    }
    /// Reading all pages stops after this many empty pages in a row that still carry a next link (pyslet sends
    /// one with every page, also past the last row).
    public var maxEmptyPagesInARow: Int {
        get { settings.withLock { $0.maxEmptyPagesInARow } }
        set { settings.withLock { $0.maxEmptyPagesInARow = newValue } }
    }

    /// Opens a service: loads `$metadata` (streamed into `MetadataReader`) unless `metadata` is given.
    /// `url` is the service root or its `$metadata` URL; the root's own query (`?sap-client=100`) goes with every
    /// request. `configuration.serviceRoot` is set to the root when empty (CSRF tokens are fetched from it).
    ///
    /// This is the blocking form, which waits for `$metadata` on the calling thread; inside an async function,
    /// `try await DataService(url:)` is the async form.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public convenience init(url: URL, configuration: HTTPConfiguration = HTTPConfiguration(), metadata: CsdlDocument? = nil) throws {
        try self.init(url: url, serviceName: nil, configuration: configuration, metadata: metadata)
    }

    /// Opens a service and loads its `$metadata` without holding a thread while it waits (unless `metadata` is
    /// given); as `init(url:configuration:metadata:)` otherwise.
    public convenience init(url: URL, configuration: HTTPConfiguration = HTTPConfiguration(), metadata: CsdlDocument? = nil) async throws {
        let placeholder = CsdlDocument.placeholder(for: ServiceRoot(url.absoluteString).base)
        try self.init(url: url, serviceName: nil, configuration: configuration, metadata: metadata ?? placeholder)
        // A refresh of the placeholder takes the document as it is.
        if metadata == nil { try await loadMetadata() }
    }

    /// As `init(url:configuration:metadata:)`, with the provider's service name (nil: from the URL).
    convenience init(url: URL, serviceName: String?, configuration: HTTPConfiguration, metadata: CsdlDocument?) throws {
        let session = Self.session(url: url, configuration: configuration)
        let client = try HTTPClient(configuration: session)
        let base = ServiceRoot(url.absoluteString).base
        let document = try metadata ?? BlockingBridge.wait { try await Self.loadMetadata(client: client, root: base) }
        self.init(url: url, serviceName: serviceName, session: session, client: client, metadata: document)
    }

    /// Opens a service on an HTTP session the caller already has, with metadata already loaded (say through
    /// `client.fetchMetadata`): the service's requests share the session's connections, sign-in, cookies and CSRF
    /// token. `client` should have been made for this service (`HTTPConfiguration.serviceRoot` set to its root),
    /// as CSRF tokens are fetched from that root and sign-in credentials go only to its origin. No request is sent.
    public convenience init(url: URL, client: HTTPClient, metadata: CsdlDocument) {
        self.init(url: url, serviceName: nil, session: Self.session(url: url, configuration: client.configuration), client: client,
                  metadata: metadata)
    }

    /// A service on a client made for it (with `session(url:configuration:)`'s settings) and this metadata.
    init(url: URL, serviceName: String?, session: HTTPConfiguration, client: HTTPClient, metadata: CsdlDocument) {
        root = ServiceRoot(url.absoluteString)
        serviceRoot = root.base
        provider = serviceName.map { OnlineODataProvider(serviceName: $0, serviceRoot: url, networkOptions: session) }
            ?? OnlineODataProvider(serviceRoot: url, networkOptions: session)
        self.client = client
        settings = Mutex(Settings(metadata: metadata))
    }

    /// The session settings of the service at `url`: `serviceRoot` and the root's own query parameters filled in
    /// where the configuration has none.
    static func session(url: URL, configuration: HTTPConfiguration) -> HTTPConfiguration {
        let root = ServiceRoot(url.absoluteString)
        var configuration = configuration
        if configuration.serviceRoot?.isEmpty ?? true { configuration.serviceRoot = root.base }
        if configuration.serviceParameters.isEmpty { configuration.serviceParameters = root.parameters }
        return configuration
    }

    /// Uses this metadata from now on, unchecked (after a check of the caller's own, as the shell's `.refresh` does);
    /// `refreshMetadata` checks compatibility first. Requests already under way finish with the metadata they began with.
    public func replaceMetadata(_ m: CsdlDocument) { settings.withLock { $0.metadata = m } }

    static func loadMetadata(client: HTTPClient, root: String) async throws -> CsdlDocument {
        let reader = MetadataReader(source: HTTPClient.metadataURLForDisplay(root))
        try await client.fetchMetadata(serviceURL: root, into: reader)
        return try reader.finish()
    }

    /// The OData version of the service (from its metadata).
    public var version: ODataVersion { metadata.version }

    /// An entity set by name; throws a lookup error with suggestions (where SAP's ends the program: a name not in
    /// the metadata is an error to report), or `MetadataNotLoadedError` before `loadMetadata()`.
    public func entitySet(withName name: String) throws -> EntitySet { try metadata.entitySet(withName: name) }

    /// A singleton by name; throws a lookup error with suggestions.
    public func singleton(withName name: String) throws -> Singleton { try metadata.singleton(withName: name) }

    /// An entity type by (simple or qualified) name.
    public func entityType(withName name: String) throws -> EntityType { try metadata.entityType(withName: name) }

    // MARK: queries

    /// Runs a query and reads its first page; `QueryResult` reads further pages when asked.
    public func executeQuery(_ query: DataQuery) async throws -> QueryResult {
        var request = ServiceRequest(method: .get, relativeURL: try query.relativeURL(for: version),
                                     target: query.countOnly ? nil : queryTarget(query))
        request.answer = Self.answer(of: query, method: .get)
        request.addedColumns = ServiceRequest.addedColumns(of: query)
        return try await QueryResult.read(request, service: self)
    }

    /// The blocking form of `executeQuery(_:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func executeQuery(_ query: DataQuery) throws -> QueryResult {
        try BlockingBridge.wait { try await executeQuery(query) }
    }

    /// Runs a GET on a URL relative to the service root and reads its first page (a raw request: its answer is
    /// read from its URL).
    package func executeQuery(url relativeURL: String, target: PayloadTarget? = nil) throws -> QueryResult {
        let request = ServiceRequest(method: .get, relativeURL: relativeURL, target: target)
        return try BlockingBridge.wait { try await QueryResult.read(request, service: self) }
    }

    private func queryTarget(_ query: DataQuery) -> PayloadTarget? {
        if query.path.count == 1, case .entitySet(let name) = query.path[0], let set = try? entitySet(withName: name) {
            return .entitySet(set)
        }
        if let t = target(for: query) { return t }
        if let t = query.entityType { return .entityType(t, set: nil) }
        return nil
    }

    // MARK: URLs

    /// An absolute URL for a link of the service: absolute links as they are, `/path` on the root's origin,
    /// anything else relative to the service root.
    public func absoluteURL(_ link: String) -> String { root.resolve(link) }
}
