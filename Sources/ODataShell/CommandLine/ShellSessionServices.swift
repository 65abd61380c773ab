import ODataClient
import ODataModel

/// The session's services, as the shell command makes them for a script or for each interactive session: the
/// connection (made on the first statement sent), and the system the command line named, for `.refresh`, `.open`
/// and the catalog.
final class ShellSessionServices: SessionServices {
    private let command: ShellCommand
    /// The service or system the command line named (a URL or a profile).
    private let system: String
    let serviceRoot: String
    /// What names the service in use on the system, and the metadata file, for `.refresh`.
    private let serviceName: String?
    private let metadataFile: String?
    /// Whether this is the interactive shell, where `.open` starts a session on another service.
    private let interactive: Bool
    let holder: ShellCommand.RunnerHolder
    /// The settings the connection was last told of (it is made with them).
    private var settings: ShellSettings
    /// After `.open`: the service loaded for the next session, and the name it was opened by.
    private(set) var opened: (loaded: (CsdlDocument, String, Profile?), name: String)?
    /// The services `.open` completes, once read.
    private var names: [CompletionCandidate]?
    private lazy var help = ValueHelp(service: { [unowned self] in try self.dataService(settings: self.settings) })

    init(command: ShellCommand, system: String, serviceRoot: String, serviceName: String?, metadataFile: String?,
         document: CsdlDocument, profile: Profile?, settings: ShellSettings, interactive: Bool) {
        self.command = command
        self.system = system
        self.serviceRoot = serviceRoot
        self.serviceName = serviceName
        self.metadataFile = metadataFile
        self.interactive = interactive
        self.settings = settings
        holder = ShellCommand.RunnerHolder(document: document, profile: profile)
    }

    func run(_ bound: BoundStatement, settings: ShellSettings, out: TextOutput) throws {
        try command.runBound(bound, service: serviceRoot, settings: settings, runner: holder, out: out)
    }

    func requestText(_ bound: BoundStatement, settings: ShellSettings) throws -> String {
        try holder.describe(bound, command, service: serviceRoot, settings: settings)
    }

    func curlCommand(_ bound: BoundStatement?, settings: ShellSettings, withSecrets: Bool) throws -> String {
        try holder.curl(bound, command, service: serviceRoot, settings: settings, withSecrets: withSecrets)
    }

    func nextPage(settings: ShellSettings, out: TextOutput) throws {
        try holder.next(command, service: serviceRoot, settings: settings, out: out)
    }

    func showRows(_ row: Int?, _ name: String?, settings: ShellSettings, out: TextOutput) throws {
        try holder.show(row, name, settings: settings, out: out)
    }

    func dataService(settings: ShellSettings) throws -> DataService {
        try holder.runner(command, service: serviceRoot, settings: settings).service
    }

    func reloadMetadata() throws -> CsdlDocument {
        // `.refresh` asks the service, whatever the cache's freshness window.
        var loader = MetadataLoader(connection: command.connection, strict: false, options: command.metadataOptions)
        loader.maxAge = 0
        return try loader.load(service: system, metadataFile: metadataFile, serviceName: serviceName).document
    }

    func open(_ name: String) throws {
        guard interactive else {
            throw UsageError(".open works in the interactive shell; a script names its service on the command line, as in odsh SYSTEM SERVICE")
        }
        // From the system this shell was opened on (a profile or a URL on it), on the current metadata.
        var loader = MetadataLoader(connection: command.connection, strict: false, options: command.metadataOptions)
        loader.maxAge = 0
        opened = (try loader.load(service: system, metadataFile: nil, serviceName: name), name)
    }

    /// The profile's aliases and the system's catalog, read once per session (a slow system is given up on).
    func serviceNames() -> [CompletionCandidate] {
        if let names { return names }
        var found = (holder.profile?.services ?? [:]).sorted { $0.key < $1.key }.map { CompletionCandidate($0.key, annotation: "alias: \($0.value)") }
        if var target = try? SystemTarget(system, connection: command.connection) {
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

    func follow(_ settings: ShellSettings, document: CsdlDocument) {
        self.settings = settings
        holder.update(settings, document: document)
    }
}
