import FoundationEssentials
import ODataClient
import ODataModel

/// The session's services, as the shell command makes them for a script or for each interactive session: the
/// service on the run's connection (the one its metadata came through; a dry run sends nothing), and the system
/// the command line named, for `.refresh`, `.open` and the catalog.
final class ShellSessionServices: SessionServices {
    /// The run's connections: the service's was made when its metadata was loaded.
    private let connections: ServiceConnections
    /// How the session's metadata was loaded (cache, fix-up file), for `.refresh` and `.open`.
    private let loader: MetadataLoader
    /// The service or system the command line named (a URL or a profile).
    private let system: String
    let serviceRoot: String
    /// What names the service in use on the system, and the metadata file, for `.refresh`.
    private let serviceName: String?
    private let metadataFile: String?
    /// Whether this is the interactive shell, where `.open` starts a session on another service.
    private let interactive: Bool
    private var document: CsdlDocument
    private let profile: Profile?
    /// The settings the connection was last told of (it is made with them).
    private var settings: ShellSettings
    private var made: StatementRunner?
    /// Warnings of lenient payload reading, shown per statement.
    private let warnings = PayloadWarnings()
    /// A service that only spells requests (`.url` before anything was sent: no credentials are read).
    private var spelling: DataService?
    /// After `.open`: the service loaded for the next session, and the name it was opened by.
    private(set) var opened: (loaded: (CsdlDocument, String, Profile?), name: String)?
    /// The services `.open` completes, once read.
    private var names: [CompletionCandidate]?
    private lazy var help = ValueHelp(service: { [unowned self] in try self.dataService(settings: self.settings) })

    init(connections: ServiceConnections, loader: MetadataLoader, system: String, serviceRoot: String, serviceName: String?, metadataFile: String?,
         document: CsdlDocument, profile: Profile?, settings: ShellSettings, interactive: Bool) {
        self.connections = connections
        self.loader = loader
        self.system = system
        self.serviceRoot = serviceRoot
        self.serviceName = serviceName
        self.metadataFile = metadataFile
        self.interactive = interactive
        self.document = document
        self.profile = profile
        self.settings = settings
    }

    /// Prints the request in a dry run, else sends it and renders the answer.
    func run(_ bound: BoundStatement, settings: ShellSettings, out: TextOutput) throws {
        if settings.dryRun {
            out.write(try requestText(bound, settings: settings))
            return
        }
        defer { warnings.endStatement() }
        try runner(settings: settings).run(bound, settings: settings, out: out)
    }

    /// The statement runner on the session's connection, made once.
    private func runner(settings: ShellSettings) throws -> StatementRunner {
        if let r = made { return r }
        // The connection the metadata came through (the profile's sign-in, cookies and settings, with the command
        // line's over them): one sign-in, one CSRF token per run.
        let connection = try connections.connection(serviceRoot: MetadataLoader.serviceRoot(of: serviceRoot), profile: profile)
        try ProfileConnection.checkRootParameters(serviceRoot, connection.configuration)
        let service = try connection.dataService(metadata: document)
        service.client.setTracing(requests: settings.trace != .off, withData: settings.trace == .data || settings.trace == .pretty,
                                  pretty: settings.trace == .pretty)
        service.readOptions = warnings.options(over: service.readOptions)
        if let bytes = connections.settings.maxValueBytes { service.readOptions.maxUnitBytes = bytes }
        let r = StatementRunner(service: service)
        made = r
        return r
    }

    /// Through the session's service once there is one, else through a service that only spells requests.
    /// The request a statement makes, as `--dry-run` and `.url` print it, after the same warnings of restricted
    /// writes a sent request gets.
    func requestText(_ bound: BoundStatement, settings: ShellSettings) throws -> String {
        for w in StatementRunner.restrictionWarnings(bound.request) { ErrorReporter().warn(w) }
        if let r = made { return try StatementRunner.describe(r.prepared(bound, settings: settings), service: r.service) }
        if spelling == nil || spelling?.metadata !== document {
            guard let url = URL(string: serviceRoot) else { throw UsageError("not a URL: \(serviceRoot)") }
            var config = HTTPConfiguration.odsh(serviceRoot: ServiceRoot(serviceRoot).base)
            config.sapClient = connections.settings.transport.sapClient ?? profile?.sapClient
            config.sapLanguage = connections.settings.transport.sapLanguage ?? profile?.sapLanguage
            spelling = try DataService(url: url, configuration: config, metadata: document)
        }
        var request = bound.request
        if settings.pageSize > 0 { request.maxPageSize = settings.pageSize }
        return try StatementRunner.describe(request, service: spelling!)
    }

    func curlCommand(_ bound: BoundStatement?, settings: ShellSettings, withSecrets: Bool) throws -> String {
        let r = try runner(settings: settings)
        let request: HTTPRequest
        if let bound {
            // With the If-Match the write would send: the ETag read in this session, else read now as the write
            // would read it first (best effort: an entity that cannot be read still gets its command, without it).
            let prepared = r.prepared(bound, settings: settings)
            try? r.service.readETagIfMissing(for: prepared)
            request = r.service.client.requestAsSent(try r.service.httpRequest(for: prepared))
        } else {
            guard let last = r.service.client.lastRequest else {
                throw UsageError("no request sent yet: .curl STATEMENT shows the one a statement would make")
            }
            request = last
        }
        // The steps that fetch a CSRF token only for a service that issues them.
        let csrf = request.method.isModifying ? try r.service.client.issuesCSRFToken() : false
        var command = CurlCommand(request: request, configuration: r.service.client.configuration, includingSecrets: withSecrets,
                                  serviceIssuesCSRFToken: csrf)
        // Cookies in the secure store: curl gets this session's as a header (a plain jar it reads itself).
        if r.service.client.configuration.cookieStore != nil { command.sessionCookie = r.service.client.sessionCookieHeader(for: request.url) }
        return command.text
    }

    func nextPage(settings: ShellSettings, out: TextOutput) throws {
        guard let r = made else { throw UsageError("no more pages: .next continues the last result that had more") }
        try r.next(settings: settings, out: out)
    }

    func showRows(_ row: Int?, _ name: String?, settings: ShellSettings, out: TextOutput) throws {
        guard let r = made else { throw UsageError("no rows to show: .show shows the rows of the last result") }
        try r.show(row: row, name: name, settings: settings, out: out)
    }

    func dataService(settings: ShellSettings) throws -> DataService {
        try runner(settings: settings).service
    }

    func reloadMetadata() throws -> CsdlDocument {
        // `.refresh` asks the service, whatever the cache's freshness window.
        var loader = loader
        loader.maxAge = 0
        return try loader.load(service: system, metadataFile: metadataFile, serviceName: serviceName).document
    }

    func open(_ name: String) throws {
        guard interactive else {
            throw UsageError(".open works in the interactive shell; a script names its service on the command line, as in odsh SYSTEM SERVICE")
        }
        // From the system this shell was opened on (a profile or a URL on it), on the current metadata.
        var loader = loader
        loader.maxAge = 0
        opened = (try loader.load(service: system, metadataFile: nil, serviceName: name), name)
    }

    /// The profile's aliases and the system's catalog, read once per session (a slow system is given up on).
    func serviceNames() -> [CompletionCandidate] {
        if let names { return names }
        var found = (profile?.services ?? [:]).sorted { $0.key < $1.key }.map { CompletionCandidate($0.key, annotation: "alias: \($0.value)") }
        if var target = try? SystemTarget(system, connections: connections) {
            target.configuration.timeout = 2
            target.configuration.traceRequests = false
            if let listing = try? target.catalog().list() {
                found += listing.services.map { CompletionCandidate($0.technicalName, annotation: $0.title) }
            }
        }
        names = found
        return found
    }

    func valueHelp(_ property: Property, typed: String) -> [CompletionCandidate] {
        help.candidates(for: property, typed: typed)
    }

    /// The connection follows the settings that concern it (`.trace`) and a refreshed model.
    func follow(_ settings: ShellSettings, document: CsdlDocument) {
        self.settings = settings
        self.document = document
        guard let r = made else { return }
        r.service.client.setTracing(requests: settings.trace != .off, withData: settings.trace == .data || settings.trace == .pretty,
                                    pretty: settings.trace == .pretty)
        if r.service.metadata !== document { r.service.replaceMetadata(document) }
    }
}
