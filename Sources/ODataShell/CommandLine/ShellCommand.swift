import ArgumentParser
import FoundationEssentials
import Glibc
import ODataModel
import ODataClient

/// `odsh [--metadata FILE] URL|PROFILE [-c STATEMENT]... [-f FILE] [--dry-run]`: run query-language statements
/// against a service (the default command).
struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Run statements of the query language against an OData service (the default command).",
        discussion: """
            Statements come from -c (repeatable), -f FILE (- for stdin), or stdin when it is not a terminal and \
            neither -c nor -f is given. Within each, statements are separated by newlines or ; (outside brackets \
            and strings); lines starting with # are comments.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Read the service's metadata from this file instead of URL/$metadata.", valueName: "file"), completion: .file())
    var metadata: String?

    @Argument(help: ArgumentHelp("The service root URL, or the name of a profile (odsh profile list).", valueName: "url|profile"),
              completion: ShellCompletion.profileOrURL)
    var service: String?

    @Argument(help: ArgumentHelp("With a system's URL or profile: the technical name of one of its services in the Gateway catalog (odsh services).",
                                 valueName: "service"))
    var serviceName: String?

    @Option(name: .customShort("c"), help: ArgumentHelp("A statement to run (repeatable).", valueName: "statement"))
    var commands: [String] = []

    @Option(name: .customShort("f"), help: ArgumentHelp("A file of statements (- for stdin).", valueName: "file"), completion: .file())
    var file: String?

    @Flag(name: .long, help: "Print each request (method, URL, body) instead of sending it.")
    var dryRun = false

    @Flag(name: [.short, .long], help: "Show every metadata warning and the details of errors.")
    var verbose = false

    @Option(name: [.customShort("o"), .long], help: "Output format: table, vertical, json, ndjson or csv (default: the profile's, else table on a terminal, json otherwise).")
    var output: ShellSettings.OutputFormat?

    @Flag(name: .long, help: "Follow every next link and stream all rows (the default in scripts; in the interactive shell, .next shows the next page).")
    var all = false

    @Flag(name: .long, help: "In scripts, read the first page only (a note on stderr says when the result has more).")
    var firstPage = false

    @Option(name: .long, help: "Ask the service for pages of at most N entities (Prefer: odata.maxpagesize=N; 0: its choice; default: the profile's page-size).")
    var pageSize: Int?

    @Option(name: .long, help: "Show at most N rows (0: no limit).")
    var rowLimit: Int = 0

    @Option(name: .long, help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .long, help: "Go on after a failing statement (the exit status is still that of the worst failure).")
    var continueOnError = false

    @Flag(name: .long, help: "Show how long each statement takes.")
    var timing = false

    @OptionGroup(title: "Metadata")
    var metadataOptions: MetadataOptions

    @OptionGroup(title: "Connection")
    var connection: ConnectionOptions

    /// The settings the command line asks for, over the profile's output format and page size.
    func initialSettings(profile: Profile? = nil) -> ShellSettings {
        var s = ShellSettings()
        s.format = output ?? profile?.output.flatMap(ShellSettings.OutputFormat.init(rawValue:)) ?? (isatty(1) != 0 ? .table : .json)
        s.all = all
        s.pageSize = pageSize ?? profile?.pageSize ?? 0
        s.rowLimit = rowLimit
        s.dryRun = dryRun
        s.timing = timing
        s.color = color.isEnabled()
        s.pager = profile?.pager ?? true
        if connection.trace { s.trace = .on }
        if connection.traceData { s.trace = .data }
        if connection.tracePretty { s.trace = .pretty }
        return s
    }

    func run() throws {
        guard let service = service else {
            throw UsageError("give the service root URL, as in odsh --metadata northwind.xml http://host/northwind/ -c \"Customers top 2\"")
        }
        let statements = try gatherStatements()
        if statements.isEmpty && commands.isEmpty && file == nil && isatty(0) != 0 {
            // A terminal and nothing to run: the interactive shell. A profile has a history of its own. `.open`
            // ends one session with the next service loaded, and the next session starts with the same settings.
            var loaded = try loadMetadata(service: service)
            var carried: ShellSettings?
            while true {
                let (doc, serviceRoot, profile) = loaded
                var settings = carried ?? initialSettings(profile: profile)
                if carried == nil, output == nil && profile?.output == nil { settings.format = .table }
                settings.repl = true
                var next: (CsdlDocument, String, Profile?)?
                let code = runSession(doc, serviceRoot: serviceRoot, profile: profile, settings: settings, reloadService: service,
                                      open: { name in
                                          // From the system this shell was opened on (a profile or a URL on it).
                                          var loader = MetadataLoader(connection: connection, strict: false, options: metadataOptions)
                                          loader.maxAge = 0  // a session starts on the current metadata
                                          let found = try loader.load(service: service, metadataFile: nil, serviceName: name)
                                          _ = Unmanaged.passRetained(found.document)
                                          next = found
                                      }, carry: { carried = $0 })
                guard let n = next else { throw OdshExit(code) }
                loaded = n
            }
        }
        guard !statements.isEmpty else {
            throw UsageError("no statements: give them with -c, -f FILE or on stdin")
        }
        // A script trusts cached metadata within its freshness window (one request for a one-shot query), and asks
        // the service again when a request fails in a way that can mean the metadata moved on.
        let ((doc, serviceRoot, profile), load) = try loadMetadata(service: service, maxAge: metadataOptions.metadataMaxAge)
        let revalidation = MetadataRevalidation(load: load, reload: { try self.reloadMetadata(service: service) })
        let holder = RunnerHolder(document: doc, profile: profile)
        // Dot-commands work in scripts too (`.format csv`, `.set pagesize 50`, `.describe Orders`, `.quit`).
        var settings = initialSettings(profile: profile)
        // A script's result is complete: every page is read, unless asked for the first page only.
        settings.all = !firstPage
        let commands = ShellCommandHandler(serviceRoot: serviceRoot, document: doc, settings: settings,
                                           reloadMetadata: { try self.reloadMetadata(service: service) })
        commands.onSettingsChange = { settings in holder.update(settings, document: commands.document) }
        commands.describe = { bound, settings in try holder.describe(bound, self, service: serviceRoot, settings: settings) }
        commands.nextPage = { settings, out in try holder.next(self, service: serviceRoot, settings: settings, out: out) }
        commands.showRows = { n, name, settings, out in try holder.show(n, name, settings: settings, out: out) }
        commands.curl = { bound, settings, secrets in
            try holder.curl(bound, self, service: serviceRoot, settings: settings, withSecrets: secrets)
        }
        commands.discovery = { name, arg, out in
            try ReplDiscovery.run(name, arg, service: holder.runner(self, service: serviceRoot, settings: commands.settings).service, out: out)
        }
        if !dryRun {
            SignalHandling.installInterruptHandler()
            SignalHandling.setInterruptHook(oneShotInterruptHook)
        }
        var status = ExitStatus.success
        let reporter = ErrorReporter(verbose: verbose)
        statementLoop: for s in statements {
            commands.recent.append(s.text)
            do {
                // `.output FILE` sends results to the file; with timing, the time goes to stderr, in every format.
                if s.text.hasPrefix(".") {
                    let out = PagedOutput(pager: nil, file: commands.writesToOutputFile(s.text))
                    defer { out.finish() }
                    if try !commands.run(s.text, out) { break statementLoop }
                    try commands.checkOutputFile()
                    continue
                }
                let start = ContinuousClock.now
                let bound = try Binder.bind(s.text, document: commands.document)
                for w in bound.warnings { reporter.warn(w, context: s.context) }
                defer {
                    if commands.settings.timing {
                        Stdout.flush()
                        Stderr.write(String(cFormat: "time: %.1f ms\n", (ContinuousClock.now - start).milliseconds))
                    }
                }
                do {
                    try runBound(bound, service: serviceRoot, settings: commands.settings, runner: holder,
                                 out: commands.writesToOutputFile(s.text)?.textOutput ?? .standard)
                } catch let error where !commands.settings.dryRun && revalidation.isDue(after: error, of: bound.request) {
                    guard case .compatible(let newer) = revalidation.revalidate(commands.document) else { throw error }
                    commands.document = newer
                    holder.update(commands.settings, document: newer)
                    let rebound = try Binder.bind(s.text, document: newer)
                    try runBound(rebound, service: serviceRoot, settings: commands.settings, runner: holder,
                                 out: commands.writesToOutputFile(s.text)?.textOutput ?? .standard)
                }
                try commands.checkOutputFile()
            } catch {
                let st = reporter.report(error, context: s.context)
                if status == .success || st.rawValue > status.rawValue { status = st }
                // The first failing statement ends a script, unless asked to go on.
                if !continueOnError { break }
            }
        }
        if status != .success { throw OdshExit(status) }
    }

    /// A statement and where it came from (for messages).
    struct Statement {
        var text: String
        var context: String?
    }

    func gatherStatements() throws -> [Statement] {
        var out: [Statement] = []
        for c in commands {
            out += StatementSplitter.split(c).map { Statement(text: $0.text, context: nil) }
        }
        var source: (name: String, text: String)?
        if let f = file {
            if f == "-" {
                source = ("stdin", readStdin())
            } else {
                guard let data = FileManager.default.contents(atPath: f) else { throw UsageError("cannot read \(f)") }
                source = (f, String(decoding: data, as: UTF8.self))
            }
        } else if commands.isEmpty, isatty(0) == 0 {
            source = ("stdin", readStdin())
        }
        if let s = source {
            out += StatementSplitter.split(s.text).map { Statement(text: $0.text, context: "\(s.name):\($0.line)") }
        }
        return out
    }

    private func readStdin() -> String {
        String(decoding: DescriptorInput.readToEnd(0), as: UTF8.self)
    }

    /// One interactive session on a service, until `.quit`, Ctrl-D or `.open` (which calls `open` with the name,
    /// and, when it loaded the service, ends the session after handing its settings to `carry`).
    private func runSession(_ doc: CsdlDocument, serviceRoot: String, profile: Profile?, settings: ShellSettings,
                            reloadService: String, open: @escaping (String) throws -> Void,
                            carry: @escaping (ShellSettings) -> Void) -> ExitStatus {
        let history = profile.map { ProfileContext.current().dirs.historyFile(profile: $0.name) } ?? HistoryFile.defaultPath()
        let holder = RunnerHolder(document: doc, profile: profile)
        var sessionRef: ReplSession?
        let session = ReplSession(serviceRoot: serviceRoot, document: doc, settings: settings, historyPath: history,
                                  execute: { bound, settings, out in
                                      try self.runBound(bound, service: serviceRoot, settings: settings, runner: holder, out: out)
                                  },
                                  reloadMetadata: { try self.reloadMetadata(service: reloadService) })
        sessionRef = session
        session.onSettingsChange = { settings in holder.update(settings, document: sessionRef?.document ?? doc) }
        session.commands.describe = { bound, settings in try holder.describe(bound, self, service: serviceRoot, settings: settings) }
        session.commands.nextPage = { settings, out in try holder.next(self, service: serviceRoot, settings: settings, out: out) }
        let help = ValueHelp(service: { [unowned session] in try holder.runner(self, service: serviceRoot, settings: session.settings).service })
        session.valueHelp = { help.candidates(for: $0, typed: $1) }
        session.commands.showRows = { n, name, settings, out in try holder.show(n, name, settings: settings, out: out) }
        session.commands.curl = { bound, settings, secrets in
            try holder.curl(bound, self, service: serviceRoot, settings: settings, withSecrets: secrets)
        }
        session.commands.discovery = { name, arg, out in
            try ReplDiscovery.run(name, arg, service: holder.runner(self, service: serviceRoot, settings: session.settings).service, out: out)
        }
        session.commands.openService = { [unowned session] name in
            try open(name)
            carry(session.settings)
        }
        return session.run()
    }

    /// The service's metadata (from --metadata, a profile's metadata file, or URL/$metadata), its root URL and
    /// its profile, if it is one. The interactive shell asks the service on start (a session should begin on the
    /// current metadata, and it is not a loop); `maxAge` is for scripts.
    func loadMetadata(service: String) throws -> (CsdlDocument, String, Profile?) {
        try loadMetadata(service: service, maxAge: 0).loaded
    }

    /// The same, using a cached copy for `maxAge` seconds (nil: the profile's, the service's or the default
    /// window), and how the document came.
    func loadMetadata(service: String, maxAge: Int?) throws -> (loaded: (CsdlDocument, String, Profile?), load: MetadataLoader.LoadInfo?) {
        do {
            var loader = MetadataLoader(connection: connection, strict: false, options: metadataOptions)
            loader.maxAge = maxAge
            let loaded = try loader.load(service: service, metadataFile: metadata, serviceName: serviceName)
            _ = Unmanaged.passRetained(loaded.document)  // the process ends soon: skip tearing the model down
            return (loaded, loader.lastLoad)
        } catch {
            throw OdshExit(ErrorReporter(verbose: verbose).report(error))
        }
    }

    /// The service's metadata loaded again, asking the service, for `.refresh` (errors go to the command that
    /// asked).
    func reloadMetadata(service: String) throws -> CsdlDocument {
        var loader = MetadataLoader(connection: connection, strict: false, options: metadataOptions)
        loader.maxAge = 0
        return try loader.load(service: service, metadataFile: metadata, serviceName: serviceName).document
    }

    /// Runs a bound statement: prints the request in a dry run, else sends it and renders the answer.
    func runBound(_ bound: BoundStatement, service: String, settings: ShellSettings, runner: RunnerHolder,
                  out: TextOutput = .standard) throws {
        if settings.dryRun {
            out.write(try runner.describe(bound, self, service: service, settings: settings))
            return
        }
        try runner.runner(self, service: service, settings: settings).run(bound, settings: settings, out: out)
    }

    /// The connection to the service, made on the first statement that is sent (a dry run needs none).
    final class RunnerHolder {
        var document: CsdlDocument
        let profile: Profile?
        private var made: StatementRunner?
        private var spelling: DataService?
        init(document: CsdlDocument, profile: Profile?) { self.document = document; self.profile = profile }

        func runner(_ command: ShellCommand, service: String, settings: ShellSettings) throws -> StatementRunner {
            if let r = made { return r }
            guard let url = URL(string: service) else { throw UsageError("not a URL: \(service)") }
            // The profile's sign-in, cookies and settings, with the command line's options over them.
            var config = try ProfileConnection(serviceRoot: ServiceRoot(service).base, profile: profile,
                                               options: command.connection, context: ProfileContext.current()).configuration
            config.traceRequests = settings.trace != .off
            config.traceWithData = settings.trace == .data || settings.trace == .pretty
            config.prettyTracing = settings.trace == .pretty
            let service = try DataService(url: url, configuration: config, metadata: document)
            if let mib = command.connection.maxValueSize { service.readOptions.maxUnitBytes = max(1, mib) << 20 }
            let r = StatementRunner(service: service)
            made = r
            return r
        }

        /// The request a statement makes, as the library would send it: through the session's service once there
        /// is one, else through a service that only spells requests (no credentials are read, nothing is sent).
        func describe(_ bound: BoundStatement, _ command: ShellCommand, service: String, settings: ShellSettings) throws -> String {
            if let r = made { return try StatementRunner.describe(r.prepared(bound, settings: settings), service: r.service) }
            if spelling == nil || spelling?.metadata !== document {
                guard let url = URL(string: service) else { throw UsageError("not a URL: \(service)") }
                var config = HTTPConfiguration(serviceRoot: ServiceRoot(service).base)
                config.sapClient = command.connection.transport.sapClient ?? profile?.sapClient
                config.sapLanguage = command.connection.transport.sapLanguage ?? profile?.sapLanguage
                spelling = try DataService(url: url, configuration: config, metadata: document)
            }
            var request = bound.request
            if settings.pageSize > 0 { request.maxPageSize = settings.pageSize }
            return try StatementRunner.describe(request, service: spelling!)
        }

        /// `.next`: the next page of the last result that had more.
        /// `.curl`: a statement's request as this session would send it, or the last request sent.
        func curl(_ bound: BoundStatement?, _ command: ShellCommand, service: String, settings: ShellSettings,
                  withSecrets: Bool) throws -> String {
            let r = try runner(command, service: service, settings: settings)
            let request: HTTPRequest
            if let bound {
                request = r.service.client.requestAsSent(try r.service.httpRequest(for: r.prepared(bound, settings: settings)))
            } else {
                guard let last = r.service.client.lastRequest else {
                    throw UsageError("no request sent yet: .curl STATEMENT shows the one a statement would make")
                }
                request = last
            }
            return CurlCommand(request: request, configuration: r.service.client.configuration, includingSecrets: withSecrets).text
        }

        func next(_ command: ShellCommand, service: String, settings: ShellSettings, out: TextOutput) throws {
            guard let r = made else { throw UsageError("no more pages: .next continues the last result that had more") }
            try r.next(settings: settings, out: out)
        }

        /// `.show`: rows of the last result in full.
        func show(_ n: Int?, _ name: String?, settings: ShellSettings, out: TextOutput) throws {
            guard let r = made else { throw UsageError("no rows to show: .show shows the rows of the last result") }
            try r.show(row: n, name: name, settings: settings, out: out)
        }

        /// Follows the settings that concern the connection (`.trace`) and a refreshed model.
        func update(_ settings: ShellSettings, document: CsdlDocument) {
            self.document = document
            guard let r = made else { return }
            r.service.client.setTracing(requests: settings.trace != .off, withData: settings.trace == .data || settings.trace == .pretty,
                                        pretty: settings.trace == .pretty)
            if r.service.metadata !== document { r.service.replaceMetadata(document) }
        }
    }

}

/// Ctrl-C in a one-shot run: cancel the request in flight (the run then ends with 130).
private func oneShotInterruptHook() {
    HTTPCancellation.requestCancel()
}
