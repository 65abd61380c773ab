import FoundationEssentials

/// Where a `DataService` sends its requests, and how (SAP's `OnlineODataProvider`): the service root and the settings
/// of the HTTP session. A value: build it, set what the session needs, then open the service with
/// `DataService(provider:)` and load its metadata with `loadMetadata()`.
///
/// ```swift
/// var provider = OnlineODataProvider(serviceRoot: URL(string: "https://host/sap/opu/odata/sap/X_SRV/")!)
/// provider.traceRequests = true
/// let service = DataService(provider: provider)
/// try service.loadMetadata()
/// ```
///
/// SAP's provider carries an `SAPURLSession`; here the session is libcurl's, described by an `HTTPConfiguration`
/// (`networkOptions`): credentials, sign-in, cookies, TLS, proxy, timeouts, retries, tracing.
public struct OnlineODataProvider: Sendable {
    /// The name of the service, for messages and logs; by default the last segment of the root's path
    /// (`X_SRV` for `.../sap/X_SRV/`).
    public var serviceName: String
    /// The service root (or its `$metadata` URL); its own query (`?sap-client=100`) goes with every request.
    public var serviceRoot: URL
    /// The settings of the HTTP session the service's requests go through (SAP's `networkOptions`, which here are
    /// the whole `HTTPConfiguration`). Its `serviceRoot` is set to the service root when left empty.
    public var networkOptions: HTTPConfiguration

    /// A provider for the service at `serviceRoot` (SAP's `OnlineODataProvider(serviceRoot:)`).
    public init(serviceRoot: URL, networkOptions: HTTPConfiguration = HTTPConfiguration()) {
        self.init(serviceName: Self.defaultName(of: serviceRoot), serviceRoot: serviceRoot, networkOptions: networkOptions)
    }

    /// A provider for the service `serviceName` at `serviceRoot` (SAP's `OnlineODataProvider(serviceName:serviceRoot:)`).
    public init(serviceName: String, serviceRoot: URL, networkOptions: HTTPConfiguration = HTTPConfiguration()) {
        self.serviceName = serviceName
        self.serviceRoot = serviceRoot
        self.networkOptions = networkOptions
    }

    /// Headers sent with every request (SAP's `httpHeaders`): `networkOptions.headers`.
    public var httpHeaders: HTTPHeaders {
        get { networkOptions.headers }
        set { networkOptions.headers = newValue }
    }

    /// SAP's `traceRequests`: trace each exchange (method, URL, status, time, size) to
    /// `networkOptions.traceSink`. Turning it off turns off `traceWithData` and `prettyTracing`, which need it.
    public var traceRequests: Bool {
        get { networkOptions.traceRequests }
        set {
            networkOptions.traceRequests = newValue
            if !newValue { networkOptions.traceWithData = false; networkOptions.prettyTracing = false }
        }
    }

    /// SAP's `traceWithData`: trace headers and bodies too (credentials redacted). Turning it on turns on
    /// `traceRequests`.
    public var traceWithData: Bool {
        get { networkOptions.traceWithData }
        set {
            networkOptions.traceWithData = newValue
            if newValue { networkOptions.traceRequests = true } else { networkOptions.prettyTracing = false }
        }
    }

    /// SAP's `prettyTracing`: indent JSON and XML bodies in the trace. Turning it on turns on `traceWithData`.
    public var prettyTracing: Bool {
        get { networkOptions.prettyTracing }
        set {
            networkOptions.prettyTracing = newValue
            if newValue { networkOptions.traceWithData = true; networkOptions.traceRequests = true }
        }
    }

    /// The last non-empty segment of the root's path, less a trailing `$metadata`; the host when the path has none.
    static func defaultName(of root: URL) -> String {
        let base = ServiceRoot(root.absoluteString).base
        let afterScheme = base.firstRange(of: "://").map { base[$0.upperBound...] } ?? base[...]
        let segments = afterScheme.split(separator: "/")
        return segments.count > 1 ? String(segments.last!) : String(segments.first ?? "")
    }
}
