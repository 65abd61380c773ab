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
        _superCommandName: "odsh",
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
              completion: CommandLineCompletion.profileOrURL)
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
    /// `terminal`: the run's facts (a table for a person, JSON for a program).
    func initialSettings(profile: Profile? = nil, terminal: TerminalFacts) -> ShellSettings {
        var s = ShellSettings()
        s.format = output ?? profile?.output.flatMap(ShellSettings.OutputFormat.init(rawValue:)) ?? (terminal.stdout ? .table : .json)
        s.all = all
        s.pageSize = pageSize ?? profile?.pageSize ?? 0
        s.rowLimit = rowLimit
        s.dryRun = dryRun
        s.timing = timing
        s.color = color.isEnabled(onTerminal: terminal.stdout)
        s.pager = profile?.pager ?? true
        switch connection.settings.trace {
        case .off: break
        case .on: s.trace = .on
        case .data: s.trace = .data
        case .pretty: s.trace = .pretty
        }
        return s
    }

    func run() throws {
        guard let service = service else {
            throw UsageError("give the service root URL, as in odsh --metadata northwind.xml http://host/northwind/ -c \"Customers top 2\"")
        }
        // The command line made into plain settings once; one connection per service for the whole run (the
        // metadata, the statements, value help, `.curl`): one sign-in, one password prompt, one CSRF token.
        // The terminal facts too: asked once (by `settings`), and passed down from here.
        let connectionSettings = connection.settings
        let terminal = connectionSettings.terminal
        let connections = ServiceConnections(connectionSettings)
        let loader = MetadataLoader(connections: connections, strict: false, options: metadataOptions)
        if commands.isEmpty && file == nil && terminal.stdin {
            // A terminal and nothing to run: the interactive shell. A profile has a history of its own. `.open`
            // ends one session with the next service loaded, and the next session starts with the same settings.
            var asked: String?
            var loaded = try loadMetadata(loader, service: service, maxAge: 0, asking: terminal.canAsk, underCtrlC: true, chosen: &asked).loaded
            var carried: ShellSettings?
            // What names the service in use, for `.refresh`: the command line's service name and metadata file,
            // then, after `.open NAME`, that name on the same system (the metadata file was the first service's).
            var name = serviceName ?? asked
            var file = metadata
            var fileInUse = metadata ?? loaded.2?.metadata
            while true {
                let (doc, serviceRoot, profile) = loaded
                var settings = carried ?? initialSettings(profile: profile, terminal: terminal)
                if carried == nil, output == nil && profile?.output == nil { settings.format = .table }
                settings.repl = true
                let services = ShellSessionServices(connections: connections, loader: loader, system: service, serviceRoot: serviceRoot,
                                                    serviceName: name, metadataFile: file, document: doc, profile: profile,
                                                    settings: settings, interactive: true)
                let commands = SessionContext(serviceRoot: serviceRoot, document: doc, settings: settings, services: services)
                commands.metadataFile = fileInUse
                let history = profile.map { ProfileContext.current(terminal: terminal).dirs.historyFile(profile: $0.name) } ?? HistoryFile.defaultPath()
                let code = ReplSession(commands: commands, historyPath: history, terminal: terminal).run()
                // `.open NAME` ended the session with the next service loaded: it starts with the same settings.
                guard let opened = services.opened else { throw OdshExit(code) }
                loaded = opened.loaded
                carried = commands.settings
                name = opened.name
                file = nil
                fileInUse = nil
            }
        }
        // The first statement is waited for before the metadata is loaded: no statements at all is a usage error.
        let statements = try gatherStatements(terminal: terminal)
        guard let first = try statements.next() else {
            throw UsageError("no statements: give them with -c, -f FILE or on stdin")
        }
        // A script trusts cached metadata within its freshness window (one request for a one-shot query), and asks
        // the service again when a request fails in a way that can mean the metadata moved on.
        var chosen: String?
        let ((doc, serviceRoot, profile), load) = try loadMetadata(loader, service: service, maxAge: metadataOptions.metadataMaxAge,
                                                                   asking: false, underCtrlC: !dryRun, chosen: &chosen)
        let revalidation = MetadataRevalidation(load: load, reload: {
            var again = loader
            again.maxAge = 0
            return try again.load(service: service, metadataFile: metadata, serviceName: serviceName).document
        })
        // Dot-commands work in scripts too (`.format csv`, `.set pagesize 50`, `.describe Orders`, `.quit`).
        var settings = initialSettings(profile: profile, terminal: terminal)
        // A script's result is complete: every page is read, unless asked for the first page only.
        settings.all = !firstPage
        let services = ShellSessionServices(connections: connections, loader: loader, system: service, serviceRoot: serviceRoot,
                                            serviceName: serviceName, metadataFile: metadata, document: doc, profile: profile,
                                            settings: settings, interactive: false)
        let commands = SessionContext(serviceRoot: serviceRoot, document: doc, settings: settings, services: services)
        commands.metadataFile = metadata ?? profile?.metadata
        if !dryRun {
            InterruptRelay.install()
        }
        let executor = StatementExecutor(commands: commands, policy: .init(pages: false), reporter: ErrorReporter(verbose: verbose),
                                         revalidation: revalidation, terminal: terminal)
        var status = ExitStatus.success
        var upcoming: Statement? = first
        // Each answer goes out before the next statement is waited for (a reader at the other end of a pipe).
        while let s = try upcoming ?? statements.next() {
            upcoming = nil
            guard case .ran(let st) = executor.execute(s) else { break }
            guard st != .success else { continue }
            if status == .success || st.rawValue > status.rawValue { status = st }
            // The first failing statement ends a script, unless asked to go on; Ctrl-C ends it in any case (an
            // interrupt that comes between statements cancels the next one at once).
            if !continueOnError || st == .interrupted { break }
        }
        connections.close()
        exitAfterFlushingStdout(status.rawValue, keeping: commands)
    }

    /// The statements of -c, then those of -f FILE, or of stdin (-f -, or no -c and stdin not a terminal), read
    /// as they arrive.
    final class Statements {
        private var given: [Statement]
        private let stream: StatementStream?
        private let streamName: String

        init(given: [Statement], stream: StatementStream?, streamName: String) {
            self.given = given
            self.stream = stream
            self.streamName = streamName
        }

        func next() throws -> Statement? {
            if !given.isEmpty { return given.removeFirst() }
            return try stream?.next().map { Statement(text: $0.text, context: "\(streamName):\($0.line)") }
        }
    }

    func gatherStatements(terminal: TerminalFacts = .process) throws -> Statements {
        var given: [Statement] = []
        // A statement that is not UTF-8 is refused, with where (`-c` values as they came, before Swift's decoding;
        // a file whole; stdin line by line as it arrives).
        for (n, raw) in StatementBytes.commandArguments().enumerated() {
            _ = try StatementBytes.text(raw, source: "-c statement \(n + 1)")
        }
        for c in commands {
            given += StatementSplitter.split(c).map { Statement(text: $0.text, context: nil) }
        }
        if let f = file, f != "-" {
            guard let data = FileManager.default.contents(atPath: f) else { throw UsageError("cannot read \(f)") }
            given += StatementSplitter.split(try StatementBytes.text(data, source: f)).map { Statement(text: $0.text, context: "\(f):\($0.line)") }
            return Statements(given: given, stream: nil, streamName: f)
        }
        let readsStdin = file == "-" || (commands.isEmpty && !terminal.stdin)
        return Statements(given: given, stream: readsStdin ? StatementStream(fd: 0) : nil, streamName: "stdin")
    }

    /// The service's metadata (from --metadata, a profile's metadata file, or URL/$metadata), its root URL and
    /// its profile, if it is one; also how the document came. A cached copy is used for `maxAge` seconds (nil: the
    /// profile's, the service's or the default window; the interactive shell asks the service on start, as a
    /// session should begin on the current metadata). When `service` is a system rather than a service (a profile
    /// or URL on the root of a host whose catalogs list services), its services are listed and, `asking` (a person
    /// at a terminal), one is asked for (`chosen`). `underCtrlC`: the shell's Ctrl-C handling goes in before the
    /// first request, so that an interrupt cancels the load's transfer and is said (exit 130) rather than ending the
    /// process by the signal without a word (a dry run leaves Ctrl-C as it is: it sends no statement).
    private func loadMetadata(_ loader: MetadataLoader, service: String, maxAge: Int?, asking: Bool, underCtrlC: Bool,
                              chosen: inout String?) throws -> (loaded: (CsdlDocument, String, Profile?), load: MetadataLoader.LoadInfo?) {
        let reporter = ErrorReporter(verbose: verbose)
        var loader = loader
        loader.maxAge = maxAge
        func interruptible<T>(_ body: () throws -> T) rethrows -> T {
            guard underCtrlC else { return try body() }
            InterruptRelay.install()
            return try InterruptRelay.run(body)
        }
        do {
            let loaded = try interruptible { try loader.load(service: service, metadataFile: metadata, serviceName: serviceName) }
            return (loaded, loader.lastLoad)
        } catch {
            if ErrorReporter.category(of: error) == .cancelled { throw OdshExit(reporter.report(error)) }
            guard let services = interruptible({ Self.systemServices(service, serviceName: serviceName, metadata: metadata, connections: loader.connections) })
            else { throw OdshExit(reporter.report(error)) }
            Stderr.write("odsh: \(service) is an SAP system, not a service; its catalogs list these services:\n")
            Stderr.write(CatalogListing.text(services, width: TerminalFacts.process.stderrWidth))
            guard asking else {
                throw OdshExit(reporter.report(UsageError("name the service after the system, as in odsh \(service) \(services[0].technicalName)")))
            }
            let names = services.map(\.technicalName)
            let answer = try TerminalQuestions.ask("The service to open (its technical name)") { answer in
                names.contains { $0.lowercased() == answer.lowercased() } ? nil
                    : "no service named \(answer) in the list" + (NameSuggester.closest(to: answer, in: names).first.map { " (did you mean \($0)?)" } ?? "")
            }
            let name = names.first { $0.lowercased() == answer.lowercased() } ?? answer
            do {
                let loaded = try interruptible { try loader.load(service: service, metadataFile: nil, serviceName: name) }
                chosen = name
                return (loaded, loader.lastLoad)
            } catch {
                throw OdshExit(reporter.report(error))
            }
        }
    }

    /// The services of `service` when it names a system: a profile or URL whose path is the host's root (`/`),
    /// with no service name or metadata file given, and catalogs that list services. Nil otherwise. For every
    /// command that opens a service (`odsh mcp` too).
    static func systemServices(_ service: String, serviceName: String?, metadata: String?,
                               connections: ServiceConnections) -> [GatewayCatalog.Service]? {
        guard serviceName == nil, metadata == nil, let target = try? SystemTarget(service, connections: connections),
              Self.isSystemRoot(target.url), target.profile?.metadata == nil,
              let listing = try? target.catalog().list(), !listing.services.isEmpty else { return nil }
        return listing.services
    }

    /// A URL on the root of its host: no path, or `/` (its query aside).
    static func isSystemRoot(_ url: String) -> Bool {
        guard let scheme = url.firstRange(of: "://") else { return false }
        let rest = url[scheme.upperBound...].prefix { $0 != "?" && $0 != "#" }
        guard let slash = rest.firstIndex(of: "/") else { return true }
        return rest[slash...] == "/"
    }
}

extension ShellSettings.OutputFormat: ExpressibleByArgument {
    /// The raw values, as swift-argument-parser's default gives them, without its generic key path
    /// (`\.rawValue.defaultValueDescription`), which every run resolved at start (`ColorChoice.allValueStrings`).
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension ColorChoice: ExpressibleByArgument {
    /// The raw values, as swift-argument-parser's default gives them (for help, completion scripts and messages).
    /// Its default maps the cases through a generic key path (`\.rawValue.defaultValueDescription`), which the
    /// runtime resolves on every run, twice per parse (each build of the argument set), before any option is read;
    /// a closure costs nothing of that (docs/performance.md, One-shot query).
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}
