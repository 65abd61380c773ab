import ODataClient
import ODataModel

/// The dot-commands' typed context and their dispatcher, for the interactive shell and scripts (`-c`, `-f FILE`,
/// stdin) alike: it holds the model and settings in use and the session's services, parses a command line by the
/// command's declaration and runs it.
final class SessionContext {
    let serviceRoot: String
    /// The model in use (`.refresh` replaces it).
    private(set) var document: CsdlDocument
    var settings: ShellSettings
    /// What the commands reach of the connection: requests, pages, the catalog, the metadata, another service.
    let services: SessionServices
    /// Statements and commands so far, for `.history`.
    var recent: [String] = []
    /// The file the metadata comes from instead of the service (`--metadata FILE`, a profile's `metadata`): `.refresh`
    /// reads it again and says so, since the service is not asked.
    var metadataFile: String?
    /// Where results go instead of the terminal (`.output FILE`), until `.output` alone.
    var outputFile: OutputFile?
    private let reporter = ErrorReporter()

    init(serviceRoot: String, document: CsdlDocument, settings: ShellSettings, services: SessionServices) {
        self.serviceRoot = serviceRoot
        self.document = document
        self.settings = settings
        self.services = services
    }

    /// Runs a command (text starting with `.`); false when the session ends (`.quit`, `.open`).
    func run(_ text: String, _ out: PagedOutput) throws -> Bool {
        try parse(text).run(in: self, out) == .goOn
    }

    /// The command a line names, made from its words; a usage error for an unknown name or wrong words.
    func parse(_ text: String) throws -> any DotCommand {
        let name = String(text.prefix { $0 != " " && $0 != "\t" })
        guard let command = ReplCommandCatalog.command(named: name) else {
            let suggestion = NameSuggesterBridge.closest(name.lowercased(), ReplCommandCatalog.names)
            throw UsageError("unknown command \(name.lowercased())" + (suggestion.map { " (did you mean \($0)?)" } ?? "") + "; .help lists them")
        }
        return try command.init(DotCommandArguments(parsing: String(text.dropFirst(name.count)), as: command.declaration))
    }

    /// A statement bound to the model in use, its warnings reported (for `.url`, `.curl`).
    func bind(_ statement: String) throws -> BoundStatement {
        let bound = try Binder.bind(statement, document: document)
        for w in bound.warnings { reporter.warn(w) }
        return bound
    }

    /// Changes a setting; the connection follows (`.trace`).
    func change(_ setting: ShellSetting, to value: String) throws {
        try setting.apply(&settings, value)
        services.follow(settings, document: document)
    }

    /// Puts a new model in use (`.refresh`, or a script's revalidation); the connection follows.
    func replaceDocument(_ newer: CsdlDocument) {
        document = newer
        services.follow(settings, document: newer)
    }

    /// Whether what the command (or statement) `text` prints is a result that `.output FILE` sends to the file: the
    /// answers of statements and of the commands that declare theirs results, as psql's `\o` does.
    func writesToOutputFile(_ text: String) -> OutputFile? {
        guard let file = outputFile else { return nil }
        guard text.hasPrefix(".") else { return file }
        let name = String(text.prefix { $0 != " " && $0 != "\t" })
        return ReplCommandCatalog.command(named: name)?.declaration.writesResults == true ? file : nil
    }

    /// After a statement: a file that could not be written (a full disk) is named in an error, and results go to the
    /// terminal again.
    func checkOutputFile() throws {
        guard let file = outputFile, let failure = file.failure else { return }
        outputFile = nil
        throw UsageError("cannot write \(file.path): \(failure); results go to the terminal again")
    }
}
