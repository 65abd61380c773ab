import FoundationEssentials
import Glibc
import ODataClient
import ODataModel

/// The interactive shell: reads statements and commands with line editing, history and completion, runs them,
/// and keeps going after errors (Ctrl-C cancels the running request, Ctrl-D or `.quit` leaves).
final class ReplSession {
    let serviceRoot: String
    /// The dot-commands, with the settings and the model in use.
    let commands: ShellCommandHandler
    var document: CsdlDocument { commands.document }
    var settings: ShellSettings {
        get { commands.settings }
        set { commands.settings = newValue }
    }
    private let editor: LineEditor
    private let reporter = ErrorReporter()

    /// A session on the commands' context: statements go to its services, completion knows its model.
    init(commands: ShellCommandHandler, historyPath: String?) {
        serviceRoot = commands.serviceRoot
        self.commands = commands
        var config = LineEditor.Configuration(prompt: ReplSession.prompt(for: serviceRoot), editingMode: commands.settings.editingMode,
                                              historyPath: historyPath)
        config.completionProvider = ReplSession.completer(for: commands.document, services: commands.services)
        editor = LineEditor(configuration: config)
    }

    /// `odsh:northwind> `: the last path segment of the service root, else the host.
    static func prompt(for root: String) -> String {
        let path = root.split(separator: "?").first.map(String.init) ?? root
        let parts = path.split(separator: "/").filter { !$0.isEmpty && !$0.hasSuffix(":") }
        let name = parts.last.map(String.init) ?? "odsh"
        return "odsh:\(name)> "
    }

    /// Completion on the model with the session's value help and service names.
    static func completer(for doc: CsdlDocument, services: SessionServices) -> ModelCompleter {
        completer(for: doc, valueHelp: { [unowned services] in services.valueHelp($0, typed: $1) },
                  serviceNames: { [unowned services] in services.serviceNames() })
    }

    /// Completion on the model: statements, and dot-commands with their arguments as they declare them.
    static func completer(for doc: CsdlDocument, valueHelp: ((Property, String) -> [CompletionCandidate])? = nil,
                          serviceNames: (() -> [CompletionCandidate])? = nil) -> ModelCompleter {
        var c = ModelCompleter(document: doc)
        c.valueHelp = valueHelp
        c.serviceNames = serviceNames
        return c
    }

    /// After a command: the line editor follows a new model (`.refresh`) and the editing keys (`.set editing`).
    private func follow(previous: CsdlDocument) {
        if commands.document !== previous {
            editor.configuration.completionProvider = ReplSession.completer(for: commands.document, services: commands.services)
        }
        if settings.editingMode != editor.configuration.editingMode { editor.configuration.editingMode = settings.editingMode }
    }

    /// Runs until Ctrl-D or `.quit`; the exit status of an interactive session is 0.
    func run() -> ExitStatus {
        InterruptRelay.install()
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
        commands.recent.append(text)
        InterruptRelay.forgetPending()
        SignalHandling.resetInterrupt()
        let out = output(file: commands.writesToOutputFile(text))
        var failure: Error?
        var keepGoing = true
        var elapsed: Double?
        do {
            // Ctrl-C cancels this statement's requests (and a wait before a retry), nothing after it.
            try InterruptRelay.run {
                if text.hasPrefix(".") {
                    let previous = commands.document
                    defer { follow(previous: previous) }
                    keepGoing = try commands.run(text, out)
                } else {
                    let start = ContinuousClock.now
                    let bound = try Binder.bind(text, document: document)
                    for w in bound.warnings { reporter.warn(w) }
                    try commands.services.run(bound, settings: settings, out: out.textOutput)
                    if settings.timing { elapsed = (ContinuousClock.now - start).milliseconds }
                }
            }
        } catch {
            failure = error
        }
        var fileFailure: Error?
        do { try commands.checkOutputFile() } catch { fileFailure = error }
        out.finish()
        // A pager that cannot start would fail again for every long output: paging is off until `.set pager on`.
        if out.pagerFailure != nil { settings.pager = false }
        // The terminal echoed "^C" where the cursor was: what follows starts on a line of its own.
        if SignalHandling.interruptRequested && !out.wasPaged {
            Stdout.write("\n")
            Stdout.flush()
        }
        if let ms = elapsed { Stderr.write(String(cFormat: "time: %.1f ms\n", ms)) }
        if let failure { reporter.report(failure) }
        if let fileFailure { reporter.report(fileFailure) }
        Stdout.flush()
        return keepGoing
    }

    /// Where a statement's output goes: through the pager when a person reads it on a terminal (and no trace is
    /// being written to stderr meanwhile), else straight to stdout; results into the file of `.output FILE`.
    private func output(file: OutputFile?) -> PagedOutput {
        let pages = settings.pager && editor.isInteractive && settings.trace == .off && isatty(1) != 0 && file == nil
        let out = PagedOutput(pager: pages ? Pager.fromEnvironment() : nil, file: file)
        out.failureTurnsPagingOff = true
        return out
    }
}
