import FoundationEssentials
import Glibc
import ODataClient
import ODataModel

/// The interactive shell: reads statements and commands with line editing, history and completion, runs them,
/// and keeps going after errors (Ctrl-C cancels the running request, Ctrl-D or `.quit` leaves).
final class ReplSession {
    let serviceRoot: String
    /// The dot-commands, with the settings and the model in use.
    let commands: SessionContext
    var document: CsdlDocument { commands.document }
    var settings: ShellSettings {
        get { commands.settings }
        set { commands.settings = newValue }
    }
    private let editor: LineEditor
    private let executor: StatementExecutor

    /// A session on the commands' context: statements go to its services, completion knows its model.
    /// `revalidation` asks for the metadata again after a failure that can mean it moved on (nil: never).
    init(commands: SessionContext, historyPath: String?, revalidation: MetadataRevalidation? = nil,
         terminal: TerminalFacts) {
        serviceRoot = commands.serviceRoot
        self.commands = commands
        var config = LineEditor.Configuration(prompt: ReplSession.prompt(for: serviceRoot), editingMode: commands.settings.editingMode,
                                              historyPath: historyPath)
        config.completionProvider = ReplSession.completer(for: commands.document, services: commands.services)
        editor = LineEditor(configuration: config, terminal: terminal)
        // Output taller than the screen goes through the pager when a person reads it.
        executor = StatementExecutor(commands: commands, policy: .init(pages: editor.isInteractive), reporter: ErrorReporter(),
                                     revalidation: revalidation, terminal: terminal)
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

    /// Handles one statement or command; false when the session should end. It runs on the executor every front
    /// end shares; what the interactive shell adds is around it: an interrupt typed at the prompt is dropped, and
    /// completion and editing keys follow a new model or setting.
    func handle(_ text: String) -> Bool {
        InterruptRelay.forgetPending()
        SignalHandling.resetInterrupt()
        let previous = commands.document
        defer { follow(previous: previous) }
        return executor.execute(Statement(text: text, context: nil)) != .ended
    }
}
