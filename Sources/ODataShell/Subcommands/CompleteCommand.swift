import ArgumentParser
import FoundationEssentials
import ODataClient
import ODataModel

/// `odsh complete`: what TAB offers at a cursor position, for scripting, debugging and the completion benchmark.
struct CompleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        _superCommandName: "odsh",
        abstract: "Print the completions the shell offers for a statement at a cursor position.",
        shouldDisplay: false
    )

    @Option(name: .long, help: ArgumentHelp("The metadata file (CSDL XML or JSON) or service URL.", valueName: "source"))
    var metadata: String

    @Argument(help: "The statement typed so far.")
    var line: String

    @Option(name: .long, help: "The cursor position in characters (default: the end of the line).")
    var cursor: Int?

    @Option(name: .customLong("repeat"), help: "Complete this many times and print timing statistics instead of candidates.")
    var repeatCount: Int = 0

    @OptionGroup(title: "Connection (for a service URL)")
    var connection: ConnectionOptions

    func run() throws {
        let doc = try MetadataLoader(connection: connection, strict: false).load(metadata)
        let completer = ModelCompleter(document: doc)
        let at = cursor ?? line.count
        if repeatCount > 0 {
            var times: [Double] = []
            var n = 0
            for _ in 0..<repeatCount {
                let start = ContinuousClock.now
                n = completer.complete(line: line, cursor: at).candidates.count
                times.append((ContinuousClock.now - start).milliseconds)
            }
            times.sort()
            let p = { (q: Double) in times[min(times.count - 1, Int(Double(times.count) * q))] }
            Stdout.write(String(cFormat: "%d candidates; %d runs: median %.3f ms, p90 %.3f ms, max %.3f ms\n",
                                n, times.count, p(0.5), p(0.9), times.last ?? 0))
            return
        }
        let result = completer.complete(line: line, cursor: at)
        // One candidate a line, its note after a tab: names are server text, escaped (tabs and line breaks too), so
        // that a name cannot add a candidate, split one, or act on a terminal.
        for c in result.candidates {
            let name = TerminalEscaping.oneLine(c.insertText)
            Stdout.write(c.annotation.map { "\(name)\t\(TerminalEscaping.oneLine($0))\n" } ?? "\(name)\n")
        }
    }
}
