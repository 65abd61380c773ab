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
        if commands.isEmpty && file == nil && isatty(0) != 0 {
            // A terminal and nothing to run: the interactive shell. A profile has a history of its own. `.open`
            // ends one session with the next service loaded, and the next session starts with the same settings.
            var asked: String?
            var loaded = try loadMetadata(service: service, asking: true, chosen: &asked)
            var carried: ShellSettings?
            // What names the service in use, for `.refresh`: the command line's service name and metadata file,
            // then, after `.open NAME`, that name on the same system (the metadata file was the first service's).
            var name = serviceName ?? asked
            var file = metadata
            var fileInUse = metadata ?? loaded.2?.metadata
            while true {
                let (doc, serviceRoot, profile) = loaded
                var settings = carried ?? initialSettings(profile: profile)
                if carried == nil, output == nil && profile?.output == nil { settings.format = .table }
                settings.repl = true
                let services = ShellSessionServices(command: self, system: service, serviceRoot: serviceRoot, serviceName: name,
                                                    metadataFile: file, document: doc, profile: profile, settings: settings,
                                                    interactive: true)
                let commands = ShellCommandHandler(serviceRoot: serviceRoot, document: doc, settings: settings, services: services)
                commands.metadataFile = fileInUse
                let code = runSession(commands, profile: profile)
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
        let statements = try gatherStatements()
        guard let first = try statements.next() else {
            throw UsageError("no statements: give them with -c, -f FILE or on stdin")
        }
        // A script trusts cached metadata within its freshness window (one request for a one-shot query), and asks
        // the service again when a request fails in a way that can mean the metadata moved on.
        let ((doc, serviceRoot, profile), load) = try loadMetadata(service: service, maxAge: metadataOptions.metadataMaxAge)
        let revalidation = MetadataRevalidation(load: load, reload: { try self.reloadMetadata(service: service) })
        // Dot-commands work in scripts too (`.format csv`, `.set pagesize 50`, `.describe Orders`, `.quit`).
        var settings = initialSettings(profile: profile)
        // A script's result is complete: every page is read, unless asked for the first page only.
        settings.all = !firstPage
        let services = ShellSessionServices(command: self, system: service, serviceRoot: serviceRoot, serviceName: serviceName,
                                            metadataFile: metadata, document: doc, profile: profile, settings: settings,
                                            interactive: false)
        let commands = ShellCommandHandler(serviceRoot: serviceRoot, document: doc, settings: settings, services: services)
        commands.metadataFile = metadata ?? profile?.metadata
        if !dryRun {
            InterruptRelay.install()
        }
        var status = ExitStatus.success
        let reporter = ErrorReporter(verbose: verbose)
        var upcoming: Statement? = first
        // One token for the run: Ctrl-C cancels the statement in flight and those after it (the run ends with 130).
        try InterruptRelay.run {
            statementLoop: while let s = try upcoming ?? statements.next() {
                upcoming = nil
                // Each answer goes out before the next statement is waited for (a reader at the other end of a pipe).
                defer { Stdout.flush() }
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
                        try services.run(bound, settings: commands.settings, out: commands.writesToOutputFile(s.text)?.textOutput ?? .standard)
                    } catch let error where !commands.settings.dryRun && revalidation.isDue(after: error, of: bound.request) {
                        guard case .compatible(let newer) = revalidation.revalidate(commands.document) else { throw error }
                        commands.replaceDocument(newer)
                        let rebound = try Binder.bind(s.text, document: newer)
                        try services.run(rebound, settings: commands.settings, out: commands.writesToOutputFile(s.text)?.textOutput ?? .standard)
                    }
                    try commands.checkOutputFile()
                } catch {
                    let st = reporter.report(error, context: s.context)
                    if status == .success || st.rawValue > status.rawValue { status = st }
                    // The first failing statement ends a script, unless asked to go on.
                    if !continueOnError { break }
                }
            }
        }
        if status != .success { throw OdshExit(status) }
    }

    /// A statement and where it came from (for messages).
    struct Statement {
        var text: String
        var context: String?
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

    func gatherStatements() throws -> Statements {
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
        let readsStdin = file == "-" || (commands.isEmpty && isatty(0) == 0)
        return Statements(given: given, stream: readsStdin ? StatementStream(fd: 0) : nil, streamName: "stdin")
    }

    /// One interactive session on a service, until `.quit`, Ctrl-D or `.open` (which leaves the next service in the
    /// session's services).
    private func runSession(_ commands: ShellCommandHandler, profile: Profile?) -> ExitStatus {
        let history = profile.map { ProfileContext.current().dirs.historyFile(profile: $0.name) } ?? HistoryFile.defaultPath()
        return ReplSession(commands: commands, historyPath: history).run()
    }

    /// The service's metadata (from --metadata, a profile's metadata file, or URL/$metadata), its root URL and
    /// its profile, if it is one. The interactive shell asks the service on start (a session should begin on the
    /// current metadata, and it is not a loop); `maxAge` is for scripts.
    func loadMetadata(service: String) throws -> (CsdlDocument, String, Profile?) {
        var chosen: String?
        return try loadMetadata(service: service, maxAge: 0, asking: false, chosen: &chosen).loaded
    }

    /// For scripts: a cached copy is used for `maxAge` seconds (nil: the profile's, the service's or the default
    /// window); also how the document came.
    func loadMetadata(service: String, maxAge: Int?) throws -> (loaded: (CsdlDocument, String, Profile?), load: MetadataLoader.LoadInfo?) {
        var chosen: String?
        return try loadMetadata(service: service, maxAge: maxAge, asking: false, chosen: &chosen)
    }

    /// For the interactive shell, asking the service: when `service` is a system rather than a service (a profile
    /// or URL on the root of a host whose catalogs list services), its services are listed and, `asking` on a
    /// terminal, one is asked for (`chosen`).
    func loadMetadata(service: String, asking: Bool, chosen: inout String?) throws -> (CsdlDocument, String, Profile?) {
        try loadMetadata(service: service, maxAge: 0, asking: asking, chosen: &chosen).loaded
    }

    private func loadMetadata(service: String, maxAge: Int?, asking: Bool, chosen: inout String?)
        throws -> (loaded: (CsdlDocument, String, Profile?), load: MetadataLoader.LoadInfo?) {
        let reporter = ErrorReporter(verbose: verbose)
        do {
            var loader = MetadataLoader(connection: connection, strict: false, options: metadataOptions)
            loader.maxAge = maxAge
            let loaded = try loader.load(service: service, metadataFile: metadata, serviceName: serviceName)
            return (loaded, loader.lastLoad)
        } catch {
            guard let services = systemServices(service) else { throw OdshExit(reporter.report(error)) }
            Stderr.write("odsh: \(service) is an SAP system, not a service; its catalogs list these services:\n")
            Stderr.write(ServicesCommand.text(services, width: TextTable.stderrWidth))
            guard asking, isatty(0) != 0, isatty(2) != 0 else {
                throw OdshExit(reporter.report(UsageError("name the service after the system, as in odsh \(service) \(services[0].technicalName)")))
            }
            let names = services.map(\.technicalName)
            let answer = try TerminalQuestions.ask("The service to open (its technical name)") { answer in
                names.contains { $0.lowercased() == answer.lowercased() } ? nil
                    : "no service named \(answer) in the list" + (NameSuggester.closest(to: answer, in: names).first.map { " (did you mean \($0)?)" } ?? "")
            }
            let name = names.first { $0.lowercased() == answer.lowercased() } ?? answer
            do {
                var loader = MetadataLoader(connection: connection, strict: false, options: metadataOptions)
                loader.maxAge = maxAge
                let loaded = try loader.load(service: service, metadataFile: nil, serviceName: name)
                chosen = name
                return (loaded, loader.lastLoad)
            } catch {
                throw OdshExit(reporter.report(error))
            }
        }
    }

    /// The services of `service` when it names a system: a profile or URL whose path is the host's root (`/`),
    /// with no service name or metadata file given, and catalogs that list services. Nil otherwise.
    private func systemServices(_ service: String) -> [GatewayCatalog.Service]? {
        guard serviceName == nil, metadata == nil, let target = try? SystemTarget(service, connection: connection),
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

    /// The service's metadata loaded again, asking the service, for `.refresh` (errors go to the command that
    /// asked).
    func reloadMetadata(service: String) throws -> CsdlDocument {
        var loader = MetadataLoader(connection: connection, strict: false, options: metadataOptions)
        loader.maxAge = 0
        return try loader.load(service: service, metadataFile: metadata, serviceName: serviceName).document
    }
}
