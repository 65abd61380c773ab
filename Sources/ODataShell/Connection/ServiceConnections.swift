import FoundationEssentials
import ODataClient
import ODataModel

/// A run's connections: one per service (its root and the profile it is reached by), each made once, so that the
/// metadata, the statements, value help and `.curl` share one HTTP session, one sign-in, one CSRF token and one
/// set of resolved secrets. Made by the command at the edge from the command line's settings, and passed down.
final class ServiceConnections {
    /// The command line's settings, over every profile's.
    let settings: ConnectionSettings
    /// What the settings resolve to once per run (a password asked for, the browser sign-in, the trace file).
    let credentials: RunCredentials
    private var contextValue: ProfileContext?
    private var made: [String: ServiceConnection] = [:]

    /// `credentials` nil: the run's own, asking on the terminal `settings` names (if any).
    init(_ settings: ConnectionSettings = ConnectionSettings(), credentials: RunCredentials? = nil,
         context: ProfileContext? = nil) {
        self.settings = settings
        self.credentials = credentials ?? RunCredentials(terminal: settings.terminal)
        contextValue = context
    }

    /// Profiles, directories and environment; read on first use (a metadata file needs none of it, and reading the
    /// environment into a dictionary is a measurable share of a one-shot run: docs/performance.md).
    var context: ProfileContext {
        get {
            if let c = contextValue { return c }
            let c = ProfileContext.current(terminal: settings.terminal)
            contextValue = c
            return c
        }
        set { contextValue = newValue }
    }

    /// The connection to the service at `serviceRoot` (its root, with its own query) reached as `profile` says (nil:
    /// the command line alone), made on first use. `pending` holds secrets not stored yet (`profile add`).
    func connection(serviceRoot: String, profile: Profile?, pending: [String: String] = [:]) throws -> ServiceConnection {
        let key = serviceRoot + "\u{0}" + (profile.map { $0.name + "\u{0}" + $0.url } ?? "")
        if let c = made[key] { return c }
        let resolved = try ProfileConnection(serviceRoot: serviceRoot, profile: profile, connections: self, pending: pending)
        let c = ServiceConnection(serviceRoot: serviceRoot, resolved: resolved)
        made[key] = c
        return c
    }

    /// Ends the run's HTTP sessions: cookie jars and stores are written, connections closed.
    func close() {
        for c in made.values { c.close() }
    }
}

/// One service's connection for a run: its HTTP settings, resolved once (the profile's with the command line's
/// over them), and one HTTP session on them, made when first needed.
final class ServiceConnection {
    /// The service root, with its own query (`?sap-client=100`).
    let serviceRoot: String
    /// The settings every request to the service goes out with.
    let configuration: HTTPConfiguration
    /// Who signs in (user or OAuth2 client), for the metadata cache key; "" when nobody does.
    let identity: String
    private var session: HTTPClient?

    init(serviceRoot: String, resolved: ProfileConnection) {
        self.serviceRoot = serviceRoot
        var c = resolved.configuration
        // The root's own query goes with every request to its origin, the metadata's included.
        let root = ServiceRoot(serviceRoot)
        if c.serviceRoot?.isEmpty ?? true { c.serviceRoot = root.base }
        if c.serviceParameters.isEmpty { c.serviceParameters = root.parameters }
        configuration = c
        identity = resolved.identity
    }

    /// The service's HTTP session, made on first use.
    func client() throws -> HTTPClient {
        if let session { return session }
        let made = try HTTPClient(configuration: configuration)
        session = made
        return made
    }

    /// Ends the HTTP session, if one was made (its cookies are written).
    func close() { session?.close() }

    /// A data service on this connection's session with `document` as its metadata.
    func dataService(metadata document: CsdlDocument) throws -> DataService {
        guard let url = URL(string: serviceRoot) else { throw UsageError("not a URL: \(serviceRoot)") }
        return DataService(url: url, client: try client(), metadata: document)
    }
}
