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
    /// Called when settings change, so the transport (`.trace`) and the line editor (`.set editing`) can follow.
    var onSettingsChange: (ShellSettings) -> Void = { _ in }
    /// Called when `.refresh` puts new metadata in use.
    var onDocumentChange: (CsdlDocument) -> Void = { _ in }
    /// The request a bound statement makes, as the library would send it (for `.url`).
    var describe: (BoundStatement, ShellSettings) throws -> String = { _, _ in throw UsageError(".url is not available here") }
    /// Shows the next page of the last result that had more (for `.next`).
    var nextPage: (ShellSettings, TextOutput) throws -> Void = { _, _ in throw UsageError("no more pages") }
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
        case ".functions":
            out.write(FunctionListing(doc: document).text())
        case ".url":
            guard !arg.isEmpty else { throw UsageError(".url needs a statement") }
            let bound = try Binder.bind(arg, document: document)
            for w in bound.warnings { reporter.warn(w) }
            out.write(try describe(bound, settings))
        case ".next":
            try nextPage(settings, out.textOutput)
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
            for r in rows { out.write("  \(r.name)\(String(repeating: " ", count: width - r.name.count))  \(r.value)    \(r.help)\n") }
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
        default:
            let suggestion = NameSuggesterBridge.closest(name, ReplCommandCatalog.names)
            throw UsageError("unknown command \(name)" + (suggestion.map { " (did you mean \($0)?)" } ?? "") + "; .help lists them")
        }
        return true
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
            out.write(result.report.isEmpty ? "metadata unchanged\n" : DiffTextRenderer(outcome: outcome).render())
            document = result.document
            onDocumentChange(document)
            onSettingsChange(settings)
            out.writeAfter("refreshed: the new metadata is in use\n")
        } catch let e as MetadataRefreshError {
            let outcome = DiffOutcome(report: e.report, oldSource: "in use", newSource: newer.source, failOn: .incompatible)
            out.write(DiffTextRenderer(outcome: outcome).render())
            throw UsageError("refresh refused: the new metadata is not compatible; the old metadata stays in use "
                             + "(pre-approve with --open-enums, --allow-changes or --allow-removals)")
        }
    }
}
