import ArgumentParser
import Foundation
import ODataModel

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

    @Option(name: .long, help: ArgumentHelp("Read the service's metadata from this file instead of URL/$metadata.", valueName: "file"))
    var metadata: String?

    @Argument(help: ArgumentHelp("The service root URL, or the name of a profile (odsh profile list).", valueName: "url|profile"))
    var service: String?

    @Option(name: .customShort("c"), help: ArgumentHelp("A statement to run (repeatable).", valueName: "statement"))
    var commands: [String] = []

    @Option(name: .customShort("f"), help: ArgumentHelp("A file of statements (- for stdin).", valueName: "file"))
    var file: String?

    @Flag(name: .long, help: "Print each request (method, URL, body) instead of sending it.")
    var dryRun = false

    @Flag(name: [.short, .long], help: "Show every metadata warning and the details of errors.")
    var verbose = false

    @OptionGroup(title: "Metadata")
    var metadataOptions: MetadataOptions

    @OptionGroup(title: "Connection")
    var connection: ConnectionOptions

    func run() throws {
        guard let service = service else {
            throw UsageError("give the service root URL, as in odsh --metadata northwind.xml http://host/northwind/ -c \"Customers top 2\"")
        }
        let statements = try gatherStatements()
        guard !statements.isEmpty else {
            throw UsageError("no statements: give them with -c, -f FILE or on stdin (the interactive shell is not there yet)")
        }
        let (doc, serviceRoot) = try loadMetadata(service: service)
        var status = ExitStatus.success
        let reporter = ErrorReporter(verbose: verbose)
        for s in statements {
            do {
                let bound = try Binder.bind(s.text, document: doc)
                for w in bound.warnings { reporter.warn(w, context: s.context) }
                if dryRun {
                    Stdout.write("\(bound.request.method) \(bound.request.url(serviceRoot: serviceRoot))\n")
                    if let b = bound.request.body { Stdout.write(b + "\n") }
                } else {
                    try execute(bound.request, service: serviceRoot)
                }
            } catch {
                let st = reporter.report(error, context: s.context)
                if status == .success || st.rawValue > status.rawValue { status = st }
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
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The service's metadata (from --metadata, a profile's metadata file, or URL/$metadata) and its root URL.
    func loadMetadata(service: String) throws -> (CsdlDocument, String) {
        do {
            let loaded = try MetadataLoader(connection: connection, strict: false, options: metadataOptions)
                .load(service: service, metadataFile: metadata)
            _ = Unmanaged.passRetained(loaded.document)  // the process ends soon: skip tearing the model down
            return loaded
        } catch {
            throw OdshExit(ErrorReporter(verbose: verbose).report(error))
        }
    }

    /// Sends one request and renders the answer (needs the HTTP client).
    func execute(_ request: RequestDescription, service: String) throws {
        throw UsageError("executing statements needs the HTTP client, which is not wired in yet; use --dry-run to see the requests")
    }
}
