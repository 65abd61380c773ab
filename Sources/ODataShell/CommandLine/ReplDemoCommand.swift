import ArgumentParser
import Foundation
import Synchronization

/// Ctrl-C presses seen by the demo's interrupt hook (what the shell will point at HTTPCancellation.requestCancel).
private let demoHookCalls = Atomic<Int>(0)

/// `odsh repl-demo` (hidden): the line editor over a fixed Northwind word list, echoing each statement as
/// `=> STATEMENT`. It exercises the REPL layer end to end (the tmux tests drive it) until the real shell exists.
struct ReplDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl-demo",
        abstract: "Try the line editor: completion over Northwind names, history, Ctrl-R, Ctrl-C, multi-line input.",
        shouldDisplay: false
    )

    @Option(name: .long, help: ArgumentHelp("The history file (default: under $XDG_STATE_HOME).", valueName: "file"))
    var history: String?

    @Flag(name: .long, help: "vi key bindings instead of emacs.")
    var vi = false

    @Option(name: .long, help: "Colour: auto, always or never.")
    var color: ColorChoice = .auto

    func run() throws {
        let style = TerminalStyle(color)
        var config = LineEditor.Configuration(
            prompt: style.paintPrompt("demo", .bold) + "> ",
            continuationPrompt: "...> ",
            editingMode: vi ? .vi : .emacs,
            completionProvider: WordListCompletionProvider(words: Self.northwind))
        if let history { config.historyPath = history }
        let editor = LineEditor(configuration: config)
        SignalHandling.setInterruptHook { demoHookCalls.wrappingAdd(1, ordering: .sequentiallyConsistent) }
        if let e = editor.historyError { Stderr.write("odsh: \(e) (history is not kept)\n") }
        while let statement = editor.readStatement(needsMoreInput: Self.needsMoreInput) {
            switch statement.trimmingCharacters(in: .whitespaces) {
            case ":wait":
                // Stands for a long request: waits for Ctrl-C the way the HTTP layer polls its flag.
                Stdout.write("waiting for Ctrl-C\n")
                fflush(stdout)
                let deadline = Date().addingTimeInterval(20)
                while !SignalHandling.interruptRequested && Date() < deadline { usleep(20_000) }
                // The terminal echoed "^C" where the cursor was: start a new line.
                let hook = demoHookCalls.load(ordering: .sequentiallyConsistent)
                Stdout.write(SignalHandling.interruptRequested ? "\n=> cancelled (hook calls: \(hook))\n" : "=> timed out\n")
            case ":page":
                Pager.fromEnvironment().run(text: (1...200).map { "line \($0)" }.joined(separator: "\n") + "\n")
            case ":width":
                Stdout.write("=> \(TerminalSize.current().columns) columns\n")
            default:
                Stdout.write("=> \(statement)\n")
            }
            fflush(stdout)
        }
    }

    /// More lines while brackets are open or the line ends with a backslash.
    static func needsMoreInput(_ text: String) -> Bool {
        var depth = 0
        var inString = false
        for c in text {
            if c == "'" { inString.toggle() }
            if inString { continue }
            if c == "(" || c == "[" || c == "{" { depth += 1 }
            if c == ")" || c == "]" || c == "}" { depth -= 1 }
        }
        return depth > 0 || inString || text.hasSuffix("\\")
    }

    static let northwind: [CompletionCandidate] = {
        let sets = ["Categories", "Customers", "CustomerDemographics", "Employees", "Order_Details", "Orders",
                    "Products", "Regions", "Shippers", "Suppliers", "Territories"]
        let properties: [(String, String)] = [
            ("CustomerID", "Edm.String(5)"), ("CompanyName", "Edm.String(40)"), ("ContactName", "Edm.String(30)"),
            ("ContactTitle", "Edm.String(30)"), ("Address", "Edm.String(60)"), ("City", "Edm.String(15)"),
            ("Country", "Edm.String(15)"), ("OrderID", "Edm.Int32"), ("OrderDate", "Edm.DateTime"),
            ("Freight", "Edm.Decimal(19,4)"), ("ProductName", "Edm.String(40)"), ("UnitPrice", "Edm.Decimal(19,4)"),
            ("Discontinued", "Edm.Boolean"), ("Müller", "Edm.String"),
        ]
        let keywords = ["filter", "select", "orderby", "top", "skip", "expand", "count"]
        return sets.map { CompletionCandidate($0, annotation: "entity set") }
            + properties.map { CompletionCandidate($0.0, annotation: $0.1) }
            + keywords.map { CompletionCandidate($0, annotation: "keyword") }
    }()
}
