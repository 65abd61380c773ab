import FoundationEssentials
import ODataModel

extension DataService {
    /// Opens the service a provider describes without loading its metadata (SAP's `DataService(provider:)`): look-ups
    /// such as `entitySet(withName:)` throw `MetadataNotLoadedError` until `loadMetadata()` has loaded it. No request
    /// is sent here, and nothing is thrown, as SAP's does not: when the HTTP session cannot be started (libcurl
    /// missing, a cookie jar or client certificate that cannot be read), `loadMetadata()` and every request throw why.
    public convenience init(provider: OnlineODataProvider) {
        let url = provider.serviceRoot
        let session = Self.session(url: url, configuration: provider.networkOptions)
        self.init(url: url, serviceName: provider.serviceName, session: session,
                  client: HTTPClient(deferringFailuresOf: session),
                  metadata: CsdlDocument.placeholder(for: ServiceRoot(url.absoluteString).base))
    }

    /// True once the service has its metadata: always for `DataService(url:)`, after `loadMetadata()` for
    /// `DataService(provider:)`.
    public var isMetadataLoaded: Bool { !metadata.isPlaceholder }

    /// Loads `$metadata` into the service unless it has it already (SAP's `loadMetadata()`); `refreshMetadata()`
    /// loads it again and checks what changed. The pre-approvals set on the metadata before (`canChangeAnything`,
    /// ...) carry over. Throws the transport, service or metadata error and leaves the service without metadata
    /// when it fails.
    public func loadMetadata() async throws {
        guard !isMetadataLoaded else { return }
        // A refresh of the placeholder takes the document as it is, with the placeholder's pre-approvals.
        try refreshMetadata(from: try await fetchMetadataDocument())
    }

    /// Loads `$metadata` and returns it without using it: for a check of the caller's own before `replaceMetadata`.
    public func fetchMetadataDocument() async throws -> CsdlDocument {
        try await Self.loadMetadata(client: client, root: serviceRoot)
    }

    /// The blocking form of `loadMetadata()`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func loadMetadata() throws {
        try BlockingBridge.wait { try await loadMetadata() }
    }

    /// The blocking form of `fetchMetadataDocument()`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func fetchMetadataDocument() throws -> CsdlDocument {
        try BlockingBridge.wait { try await fetchMetadataDocument() }
    }
}
