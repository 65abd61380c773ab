import FoundationEssentials
import ODataClient
import ODataModel

/// The dot-commands (`.help`, `.sets`, `.describe`, `.format`, `.set`, `.refresh`, ...), for the interactive shell
/// and for scripts (`-c`, `-f FILE`, stdin) alike: they hold the settings and the model in use.
final class ShellCommandHandler {
    let serviceRoot: String
    var document: CsdlDocument
    var settings: ShellSettings
    /// Statements and commands so far, for `.history`.
    var recent: [String] = []
    /// Loads the service's live metadata again (for `.refresh`).
    let reloadMetadata: () throws -> CsdlDocument
    /// The file the metadata comes from instead of the service (`--metadata FILE`, a profile's `metadata`): `.refresh`
    /// reads it again and says so, since the service is not asked.
    var metadataFile: String?
    /// Called when settings change, so the transport (`.trace`) and the line editor (`.set editing`) can follow.
    var onSettingsChange: (ShellSettings) -> Void = { _ in }
    /// Called when `.refresh` puts new metadata in use.
    var onDocumentChange: (CsdlDocument) -> Void = { _ in }
    /// The request a bound statement makes, as the library would send it (for `.url`).
    var describe: (BoundStatement, ShellSettings) throws -> String = { _, _ in throw UsageError(".url is not available here") }
    /// The curl command line of a statement's request, or of the last request sent (nil), with the secrets
    /// themselves when asked (for `.curl`).
    var curl: (BoundStatement?, ShellSettings, Bool) throws -> String = { _, _, _ in throw UsageError(".curl is not available here") }
    /// Shows the next page of the last result that had more (for `.next`).
    var nextPage: (ShellSettings, TextOutput) throws -> Void = { _, _ in throw UsageError("no more pages") }
    /// Shows rows of the last result in full: all of them, row N, or a value of row N (for `.show`).
    var showRows: (Int?, String?, ShellSettings, TextOutput) throws -> Void = { _, _, _, _ in
        throw UsageError("no rows to show: .show shows the rows of the last result")
    }
    /// Where results go instead of the terminal (`.output FILE`), until `.output` alone.
    private(set) var outputFile: OutputFile?
    /// `.open SERVICE`: loads the service the system publishes under that name (or the profile's alias for it);
    /// throws, leaving the session as it is, when it cannot. Set by the shell.
    var openService: (String) throws -> Void = { _ in throw UsageError(".open is not available here") }
    /// `.services [TEXT]` and `.verify [--top N]` on the session's connection (see `ReplDiscovery`).
    var discovery: (String, String, TextOutput) throws -> Void = { name, _, _ in throw UsageError("\(name) is not available here") }
    private let reporter = ErrorReporter()

    init(serviceRoot: String, document: CsdlDocument, settings: ShellSettings, reloadMetadata: @escaping () throws -> CsdlDocument) {
        self.serviceRoot = serviceRoot
        self.document = document
        self.settings = settings
        self.reloadMetadata = reloadMetadata
    }

    /// Runs a command (text starting with `.`); false for `.quit`.
    func run(_ text: String, _ out: PagedOutput) throws -> Bool {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let name = parts[0].lowercased()
        let arg = parts.count > 1 ? parts[1].trimmingWhitespaceCharacters() : ""
        switch name {
        case ".quit", ".exit", ".q":
            return false
        case ".help", ".h", ".?":
            switch arg.lowercased() {
            case "": out.write(ReplCommandCatalog.statementsHelp + ReplCommandCatalog.commandsHelp() + "\nMore: .help expressions\n")
            case "statements": out.write(ReplCommandCatalog.statementsHelp)
            case "expressions": out.write(ReplCommandCatalog.expressionsHelp)
            case "commands": out.write(ReplCommandCatalog.commandsHelp())
            default: throw UsageError("no help topic \(arg): try statements, expressions or commands")
            }
        case ".sets":
            out.write(EntitySetListing(doc: document).text())
        case ".describe":
            guard !arg.isEmpty else { throw UsageError(".describe needs a name: a set, type, function or action") }
            let d = ElementDescription(doc: document)
            out.write(d.text(try d.find(arg)))
        case ".annotations":
            out.write(try AnnotationListing.parse(arg, doc: document).text())
        case ".find":
            guard !arg.isEmpty else { throw UsageError(".find needs a word: it searches names, labels and descriptions") }
            out.write(ModelSearchListing(doc: document, text: arg).textOutput())
        case ".functions":
            out.write(FunctionListing(doc: document).text())
        case ".url":
            guard !arg.isEmpty else { throw UsageError(".url needs a statement") }
            let bound = try Binder.bind(arg, document: document)
            for w in bound.warnings { reporter.warn(w) }
            out.write(try describe(bound, settings))
        case ".curl":
            try curlCommand(arg, out)
        case ".next":
            try nextPage(settings, out.textOutput)
        case ".show":
            let words = arg.split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = words.first else { try showRows(nil, nil, settings, out.textOutput); break }
            guard let n = Int(first), n > 0 else { throw UsageError(".show takes a row number, as in .show 2 or .show 2 Description") }
            try showRows(n, words.count > 1 ? words[1].trimmingWhitespaceCharacters() : nil, settings, out.textOutput)
        case ".output":
            outputFile = nil
            if !arg.isEmpty {
                outputFile = try OutputFile(arg)
                out.write("results go to \(arg) (.output alone: back to the terminal)\n")
            }
        case ".format":
            guard !arg.isEmpty else { out.write("format: \(settings.format.rawValue)\n"); break }
            try change("format", arg)
        case ".set":
            let kv = arg.split(separator: " ", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { throw UsageError(".set needs a name and a value, as in .set pagesize 50") }
            try change(kv[0], kv[1])
        case ".settings":
            let rows = settings.described
            let width = rows.map(\.name.count).max() ?? 0
            let valueWidth = rows.map(\.value.count).max() ?? 0
            for r in rows {
                out.write("  \(r.name)\(String(repeating: " ", count: width - r.name.count))  "
                          + "\(r.value)\(String(repeating: " ", count: valueWidth - r.value.count))  \(r.help)\n")
            }
        case ".trace":
            try change("trace", arg.isEmpty ? "on" : arg)
        case ".timing":
            try change("timing", arg.isEmpty ? "on" : arg)
        case ".history":
            let n = Int(arg) ?? 20
            for line in recent.dropLast().suffix(n) { out.write("  \(line)\n") }
        case ".refresh":
            try refresh(arg, out)
        case ".services", ".verify":
            try discovery(name, arg, out.textOutput)
        case ".open":
            guard !arg.isEmpty, !arg.contains(" ") else {
                throw UsageError(".open takes one service: its technical name, the profile's alias for it, a path or a URL on the system")
            }
            try openService(arg)
            return false
        default:
            let suggestion = NameSuggesterBridge.closest(name, ReplCommandCatalog.names)
            throw UsageError("unknown command \(name)" + (suggestion.map { " (did you mean \($0)?)" } ?? "") + "; .help lists them")
        }
        return true
    }

    /// Whether what the command (or statement) `text` prints is a result that `.output FILE` sends to the file: the
    /// answers of statements, `.next`, `.show`, `.url` and the model's descriptions, as psql's `\o` does.
    func writesToOutputFile(_ text: String) -> OutputFile? {
        guard let file = outputFile else { return nil }
        guard text.hasPrefix(".") else { return file }
        let name = text.split(separator: " ", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        return [".next", ".show", ".url", ".describe", ".sets", ".functions", ".find", ".annotations"].contains(name) ? file : nil
    }

    /// After a statement: a file that could not be written (a full disk) is named in an error, and results go to the
    /// terminal again.
    func checkOutputFile() throws {
        guard let file = outputFile, let failure = file.failure else { return }
        outputFile = nil
        throw UsageError("cannot write \(file.path): \(failure); results go to the terminal again")
    }

    /// `.curl [--with-secrets] [STATEMENT]`: the last request, or the one a statement would make, as a curl command.
    private func curlCommand(_ arg: String, _ out: PagedOutput) throws {
        var rest = Substring(arg)
        var withSecrets = false
        while rest.hasPrefix("--") {
            let word = rest.prefix(while: { $0 != " " })
            guard word == "--with-secrets" else {
                throw UsageError("unknown .curl option \(word): .curl [--with-secrets] [STATEMENT]")
            }
            withSecrets = true
            rest = rest.dropFirst(word.count).drop(while: { $0 == " " })
        }
        var bound: BoundStatement?
        if !rest.isEmpty {
            bound = try Binder.bind(String(rest), document: document)
            for w in bound!.warnings { reporter.warn(w) }
        }
        out.write(try curl(bound, settings, withSecrets))
    }

    private func change(_ name: String, _ value: String) throws {
        try settings.set(name, to: value)
        onSettingsChange(settings)
    }

    /// `.refresh`: fetch the live metadata, compare it with the one in use, apply it when compatible (or approved).
    private func refresh(_ arg: String, _ out: PagedOutput) throws {
        var options = MetadataComparison.Options()
        for flag in arg.split(separator: " ") {
            switch flag {
            case "--open-enums": options.hasOpenEnumerations = true
            case "--allow-changes": options.canChangeAnything = true
            case "--allow-removals": options.canRemoveAnything = true
            default: throw UsageError("unknown .refresh option \(flag): use --open-enums, --allow-changes, --allow-removals")
            }
        }
        let newer = try reloadMetadata()
        do {
            let result = try document.refreshMetadata(with: newer, options: options)
            let outcome = DiffOutcome(report: result.report, oldSource: "in use", newSource: newer.source, failOn: .incompatible)
            document = result.document
            onDocumentChange(document)
            onSettingsChange(settings)
            let from = metadataFile.map { " (read again from \($0), the metadata file in use; the service was not asked)" } ?? ""
            if result.report.isEmpty {
                out.write("metadata unchanged\(from)\n")
            } else {
                if !from.isEmpty { out.write("metadata changed\(from)\n") }
                out.write(DiffTextRenderer(outcome: outcome).render())
                out.writeAfter("refreshed: the new metadata is in use\n")
            }
        } catch let e as MetadataRefreshError {
            let outcome = DiffOutcome(report: e.report, oldSource: "in use", newSource: newer.source, failOn: .incompatible)
            out.write(DiffTextRenderer(outcome: outcome).render())
            throw UsageError("refresh refused: the new metadata is not compatible; the old metadata stays in use "
                             + "(pre-approve with --open-enums, --allow-changes or --allow-removals)")
        }
    }
}
