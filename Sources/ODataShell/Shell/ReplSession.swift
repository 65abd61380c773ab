import Foundation
import ODataClient
import ODataModel

/// The interactive shell: reads statements and commands with line editing, history and completion, runs them,
/// and keeps going after errors (Ctrl-C cancels the running request, Ctrl-D or `.quit` leaves).
final class ReplSession {
    let serviceRoot: String
    private(set) var document: CsdlDocument
    var settings: ShellSettings
    /// Runs one bound statement (sends it and renders the answer to the output, or prints it in a dry run).
    let execute: (BoundStatement, ShellSettings, TextOutput) throws -> Void
    /// Loads the service's live metadata again (for `.refresh`).
    let reloadMetadata: () throws -> CsdlDocument
    /// Called when settings change, so the transport can follow (`.trace`).
    var onSettingsChange: (ShellSettings) -> Void = { _ in }
    private let editor: LineEditor
    private let reporter = ErrorReporter()
    private var recent: [String] = []

    init(serviceRoot: String, document: CsdlDocument, settings: ShellSettings, historyPath: String?,
         execute: @escaping (BoundStatement, ShellSettings, TextOutput) throws -> Void, reloadMetadata: @escaping () throws -> CsdlDocument) {
        self.serviceRoot = serviceRoot
        self.document = document
        self.settings = settings
        self.execute = execute
        self.reloadMetadata = reloadMetadata
        var config = LineEditor.Configuration(prompt: ReplSession.prompt(for: serviceRoot), editingMode: settings.editingMode,
                                              historyPath: historyPath)
        config.completionProvider = ReplSession.completer(for: document)
        editor = LineEditor(configuration: config)
    }

    /// `odsh:northwind> `: the last path segment of the service root, else the host.
    static func prompt(for root: String) -> String {
        let path = root.split(separator: "?").first.map(String.init) ?? root
        let parts = path.split(separator: "/").filter { !$0.isEmpty && !$0.hasSuffix(":") }
        let name = parts.last.map(String.init) ?? "odsh"
        return "odsh:\(name)> "
    }

    static func completer(for doc: CsdlDocument) -> ModelCompleter {
        ModelCompleter(document: doc) { command in
            switch command {
            case ".format": return ShellSettings.OutputFormat.allCases.map { CompletionCandidate($0.rawValue, annotation: "format") }
            case ".trace": return ShellSettings.TraceLevel.allCases.map { CompletionCandidate($0.rawValue) }
            case ".timing": return ["on", "off"].map { CompletionCandidate($0) }
            case ".help": return ["statements", "expressions", "commands"].map { CompletionCandidate($0, annotation: "topic") }
            case ".set": return ShellSettings().described.map { CompletionCandidate($0.name, annotation: $0.help) }
            case ".refresh": return ["--open-enums", "--allow-changes", "--allow-removals"].map { CompletionCandidate($0) }
            default: return []
            }
        }
    }

    /// Runs until Ctrl-D or `.quit`; the exit status of an interactive session is 0.
    func run() -> ExitStatus {
        SignalHandling.setInterruptHook(replInterruptHook)
        if editor.isInteractive {
            Stderr.write("odsh \(ODataClientVersion.version): \(serviceRoot) (OData \(document.version.rawValue), "
                         + "\(document.entitySets.count) entity sets). .help for help, Ctrl-D to leave.\n")
            if let e = editor.historyError { Stderr.write("odsh: \(e) (history is not kept)\n") }
        }
        while let text = editor.readStatement(needsMoreInput: StatementSplitter.isIncomplete) {
            for piece in StatementSplitter.split(text) {
                if !handle(piece.text) { return .success }
            }
        }
        return .success
    }

    /// Handles one statement or command; false when the session should end. What it prints goes through the
    /// pager when it is taller than the terminal; errors and the time come after the pager has been quit.
    func handle(_ text: String) -> Bool {
        recent.append(text)
        HTTPCancellation.reset()
        SignalHandling.resetInterrupt()
        let out = output()
        var failure: Error?
        var keepGoing = true
        var elapsed: Double?
        do {
            if text.hasPrefix(".") {
                keepGoing = try command(text, out)
            } else {
                let start = DispatchTime.now()
                let bound = try Binder.bind(text, document: document)
                for w in bound.warnings { reporter.warn(w) }
                try execute(bound, settings, out.textOutput)
                if settings.timing { elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 }
            }
        } catch {
            failure = error
        }
        out.finish()
        // A pager that cannot start would fail again for every long output: paging is off until `.set pager on`.
        if out.pagerFailure != nil { settings.pager = false }
        // The terminal echoed "^C" where the cursor was: what follows starts on a line of its own.
        if SignalHandling.interruptRequested && !out.wasPaged {
            Stdout.write("\n")
            Stdout.flush()
        }
        if let ms = elapsed { Stderr.write(String(format: "time: %.1f ms\n", ms)) }
        if let failure { reporter.report(failure) }
        Stdout.flush()
        return keepGoing
    }

    /// Where a statement's output goes: through the pager when a person reads it on a terminal (and no trace is
    /// being written to stderr meanwhile), else straight to stdout.
    private func output() -> PagedOutput {
        let pages = settings.pager && editor.isInteractive && settings.trace == .off && isatty(1) != 0
        let out = PagedOutput(pager: pages ? Pager.fromEnvironment() : nil)
        out.failureTurnsPagingOff = true
        return out
    }

    private func command(_ text: String, _ out: PagedOutput) throws -> Bool {
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
            out.write("\(bound.request.method) \(bound.request.url(serviceRoot: serviceRoot))\n")
            if let b = bound.request.body { out.write(b + "\n") }
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
        default:
            let suggestion = NameSuggesterBridge.closest(name, ReplCommandCatalog.names)
            throw UsageError("unknown command \(name)" + (suggestion.map { " (did you mean \($0)?)" } ?? "") + "; .help lists them")
        }
        return true
    }

    private func change(_ name: String, _ value: String) throws {
        try settings.set(name, to: value)
        if settings.editingMode != editor.configuration.editingMode { editor.configuration.editingMode = settings.editingMode }
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
            editor.configuration.completionProvider = ReplSession.completer(for: document)
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

/// Ctrl-C while a statement runs: cancel the request in flight (a C function: the signal handler calls it).
private func replInterruptHook() {
    HTTPCancellation.requestCancel()
}
