import ArgumentParser
import ODataModel
import ODataClient

/// `odsh metadata`: read a service's metadata and show what it holds.
struct MetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        _superCommandName: "odsh",
        abstract: "Read a metadata document (CSDL XML or JSON, OData V2, V3, V4) and show what it holds.",
        subcommands: [Summary.self, Sets.self, Describe.self, Annotations.self, Find.self]
    )

    struct Summary: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "summary", _superCommandName: "odsh metadata", abstract: "Version, schemas and counts of every kind of element; warnings.")
        @OptionGroup var source: MetadataSourceOptions
        func run() throws { try Self.run(source.settings) }
        static func run(_ source: MetadataSource) throws {
            let doc = try source.load()
            let s = MetadataSummary(doc: doc)
            Stdout.write(source.json ? s.json() : s.text())
            exitAfterFlushingStdout(0, keeping: doc)
        }
    }

    struct Sets: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sets", _superCommandName: "odsh metadata", abstract: "Entity sets and singletons with their types, keys and labels.")
        @OptionGroup var source: MetadataSourceOptions
        func run() throws { try Self.run(source.settings) }
        static func run(_ source: MetadataSource) throws {
            let doc = try source.load()
            let l = EntitySetListing(doc: doc)
            Stdout.write(source.json ? l.json() : l.text(width: TerminalFacts.process.stdoutWidth))
            exitAfterFlushingStdout(0, keeping: doc)
        }
    }

    struct Describe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "describe", _superCommandName: "odsh metadata",
            abstract: "An entity set, singleton, type, function or action in detail: properties, facets, keys, navigation, annotations.")
        @OptionGroup var source: MetadataSourceOptions
        @Argument(help: "The name of an entity set, singleton, entity/complex/enum type (qualified or not), function or action.")
        var name: String
        func run() throws { try Self.run(source.settings, name: name) }
        static func run(_ source: MetadataSource, name: String) throws {
            let doc = try source.load()
            let d = ElementDescription(doc: doc)
            let target = try d.find(name)
            Stdout.write(source.json ? d.json(target) : d.text(target, width: TerminalFacts.process.stdoutWidth))
            exitAfterFlushingStdout(0, keeping: doc)
        }
    }

    struct Annotations: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "annotations", _superCommandName: "odsh metadata",
            abstract: "Annotations as data: target, term, qualifier and value of each (inline, Annotations blocks, V2 sap: attributes).")
        @OptionGroup var source: MetadataSourceOptions
        @Argument(help: "Only annotations of this set, type or member path (Products, NS.Product, Products/Price); a set brings its type's.")
        var target: String?
        @Option(name: .long, help: ArgumentHelp("Only terms that match this pattern (* any text, case-insensitive; UI.LineItem, 'Common.*', sap:label).",
                                                valueName: "pattern"))
        var term: String?
        func run() throws { try Self.run(source.settings, target: target, term: term) }
        static func run(_ source: MetadataSource, target: String?, term: String?) throws {
            let doc = try source.load()
            let l = AnnotationListing(doc: doc, target: target, term: term)
            Stdout.write(source.json ? try l.json() : try l.text(width: TerminalFacts.process.stdoutWidth))
            exitAfterFlushingStdout(0, keeping: doc)
        }
    }
}

/// Where metadata comes from and how strictly it is read; shared by the metadata commands.
struct MetadataSourceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("A metadata file (CSDL XML or CSDL JSON), a service URL whose $metadata is fetched, or a profile's name.",
                                 valueName: "source"),
              completion: CommandLineCompletion.fileOrProfile)
    var source: String

    @Flag(name: .long, help: "Write JSON instead of text.")
    var json = false

    @Flag(name: .long, help: "Treat metadata warnings as errors (exit 4).")
    var strict = false

    @Flag(name: [.short, .long], help: "Show every warning and the details of errors.")
    var verbose = false

    @Flag(name: [.short, .long], help: "Do not list metadata warnings.")
    var quiet = false

    @OptionGroup(title: "Metadata")
    var metadataOptions: MetadataOptions

    @OptionGroup(title: "Connection (for a service URL)")
    var connection: ConnectionOptions

    /// The same, as plain values.
    var settings: MetadataSource {
        MetadataSource(source: source, json: json,
                       loading: MetadataLoading(strict: strict, verbose: verbose, quiet: quiet, noCache: metadataOptions.noCache,
                                                maxAge: metadataOptions.metadataMaxAge, metadataFix: metadataOptions.metadataFix,
                                                connection: connection))
    }
}

/// What a metadata command reads and how (`MetadataSourceOptions` once parsed).
struct MetadataSource {
    var source: String
    var json = false
    var loading = MetadataLoading()

    /// Reads and validates the document, listing up to ten warnings.
    func load() throws -> CsdlDocument { try loading.load(source, warningsListed: 10) }
}

/// How a one-shot command reads metadata and reports on it: the metadata commands' and `odsh diff`'s flags.
struct MetadataLoading {
    var strict = false
    var verbose = false
    var quiet = false
    var noCache = false
    /// `--metadata-max-age` (see `MetadataLoader.maxAge`).
    var maxAge: Int?
    var metadataFix: String?
    /// nil: no connection options were parsed (see `MetadataLoader.connection`).
    var connection: ConnectionOptions?

    /// Reads and validates the document at `location`; lists up to `warningsListed` of its warnings on stderr (all
    /// with --verbose, none with --quiet), the line about those left out naming `label` when given (diff reads two
    /// documents); errors exit with 4.
    func load(_ location: String, warningsListed: Int, label: String? = nil) throws -> CsdlDocument {
        try ErrorReporter(verbose: verbose).exitOnError {
            let loader = MetadataLoader(connections: ServiceConnections(connection?.settings ?? ConnectionSettings(terminal: .process)), strict: strict, noCache: noCache,
                                        fixFile: metadataFix, maxAge: maxAge)
            let doc = try loader.load(location)
            if !quiet, !doc.warnings.isEmpty {
                let limit = verbose ? Int.max : warningsListed
                Stderr.write(IssueList.text(Array(doc.warnings.prefix(limit)), source: doc.source))
                if doc.warnings.count > limit {
                    Stderr.write("odsh: \(label.map { "\($0): " } ?? "")\(doc.warnings.count - limit) more warnings (--verbose lists them all)\n")
                }
            }
            return doc
        }
    }
}
