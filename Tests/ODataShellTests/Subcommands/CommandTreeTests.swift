import ArgumentParser
import Testing
@testable import ODataShell

/// The command tree is set up for a quick start: every command names itself (the argument parser otherwise derives
/// each name from the type's name through reflection, on every run).
struct CommandTreeTests {
    static func all(_ command: ParsableCommand.Type) -> [ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap { all($0) }
    }

    @Test("every command declares its name")
    func commandNames() {
        for command in Self.all(OdshCommand.self) {
            #expect(command.configuration.commandName != nil, "\(command) has no commandName")
        }
    }

    @Test("a subcommand's command line parses to that subcommand")
    func subcommand() throws {
        let parsed = try OdshCommand.parseAsRoot(["metadata", "summary", "x.xml"])
        #expect(String(describing: type(of: parsed)) == "Summary")
    }

    /// What `OdshCommand.parseDispatched` gives for a command line, next to what the root's parse gives: the same
    /// command with the same values, or the same error message.
    static func bothWays(_ arguments: [String]) -> (dispatched: String, root: String) {
        func outcome(_ parse: () throws -> ParsableCommand) -> String {
            do {
                let c = try parse()
                return "\(type(of: c)): \(c)"
            } catch {
                return "error \(OdshCommand.exitCode(for: error).rawValue): \(OdshCommand.fullMessage(for: error))"
            }
        }
        return (outcome { try OdshCommand.parseDispatched(arguments) }, outcome { try OdshCommand.parseAsRoot(arguments) })
    }

    @Test("the subcommand parsed on its own gives what the root's parse gives", arguments: [
        ["metadata", "summary", "x.xml"],
        ["metadata", "describe", "--metadata", "x.xml", "Customer"],
        ["metadata", "sets", "x.xml", "--json", "--strict"],
        ["metadata", "annotations", "x.xml", "Products", "--term", "UI.*"],
        ["metadata", "find", "x.xml", "price"],
        ["http://h/s/", "-o", "json", "-c", "Customers('ALFKI')"],
        ["--metadata", "m.xml", "http://h/s/", "-c", "Customers top 2", "--dry-run"],
        ["--metadata", "metadata", "http://h/s/"],
        ["http://h/s/", "--metadata-max-age", "0", "-c", "Customers"],
        ["shell", "http://h/s/", "-c", "Customers"],
        ["profile", "list"],
        ["cache", "list"],
        ["diff", "a.xml", "b.xml"],
        ["payload", "decode", "--help"],
        ["--", "metadata"],
        [],
    ])
    func dispatchedLikeRoot(_ arguments: [String]) {
        let (dispatched, root) = Self.bothWays(arguments)
        #expect(dispatched == root)
    }

    @Test("help, version and errors come from the root's parse", arguments: [
        ["--help"], ["-h"], ["--version"], ["help"], ["help", "metadata"], ["metadata", "--help"],
        ["metadata", "help", "summary"], ["metadata", "summary", "--help"], ["metadata", "summary"],
        ["metadata", "nosuch"], ["http://h/s/", "--no-such-option"], ["http://h/s/", "--version"],
        ["http://h/s/", "-o", "yaml"], ["shell", "--help"], ["http://h/s/", "--help"],
        ["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"], ["--generate-completion-script"],
        ["metadata", "--generate-completion-script", "fish"], ["complete", "--generate-completion-script", "bash"],
        ["http://h/s/", "-c", "X", "--generate-completion-script", "bash"],
    ])
    func fallsBackToRoot(_ arguments: [String]) {
        let (dispatched, root) = Self.bothWays(arguments)
        #expect(dispatched == root)
    }

    /// `--color` and `-o` list their values through `allValueStrings` of their own (a closure, not
    /// swift-argument-parser's generic key path): the same values in the same order, in help and in messages.
    @Test("enumerated option values are listed as before")
    func enumeratedValues() {
        #expect(ColorChoice.allValueStrings == ["auto", "always", "never"])
        #expect(ShellSettings.OutputFormat.allValueStrings == ["table", "vertical", "json", "ndjson", "csv"])
        let help = ShellCommand.helpMessage(columns: 200)
        #expect(help.contains("(values: auto, always, never; default: auto)"), "\(help)")
        #expect(help.contains("(values: table, vertical, json, ndjson, csv)"), "\(help)")
        func message(_ arguments: [String]) -> String {
            do {
                _ = try OdshCommand.parseDispatched(arguments)
                return "parsed"
            } catch {
                return OdshCommand.message(for: error)
            }
        }
        #expect(message(["http://h/s/", "--color", "sometimes"])
                == "The value 'sometimes' is invalid for '--color <color>'. Please provide one of 'auto', 'always' or 'never'.")
        #expect(message(["http://h/s/", "-o", "yaml"])
                == "The value 'yaml' is invalid for '-o <output>'. Please provide one of 'table', 'vertical', 'json', 'ndjson' or 'csv'.")
    }

    @Test("a subcommand parsed on its own leaves completion scripts to the root")
    func subcommandSkipsCompletionScriptCheck() {
        // Every dispatched subcommand names odsh as its super-command: its own parse does not look for
        // --generate-completion-script (a request the root's parse answers), which spares two parses per run.
        for sub in OdshCommand.configuration.subcommands {
            #expect(sub.configuration._superCommandName == "odsh", "\(sub)")
        }
        // Before, the shell's own parse answered with a completion script (a "success" exit); now the option is
        // unknown to it, and parseDispatched goes to the root.
        do {
            _ = try ShellCommand.parseAsRoot(["--generate-completion-script", "bash"])
            Issue.record("the shell's own parse accepted --generate-completion-script")
        } catch {
            #expect(ShellCommand.exitCode(for: error) != .success, "\(ShellCommand.fullMessage(for: error).prefix(200))")
        }
    }

    @Test("the first word picks the subcommand to parse on its own")
    func dispatch() {
        func picked(_ arguments: [String]) -> String? {
            OdshCommand.dispatchedSubcommand(arguments).map { "\($0.0) \($0.1)" }
        }
        // A metadata subcommand (it names its super-command) is parsed on its own, not through `metadata`.
        #expect(picked(["metadata", "summary", "x.xml"]) == "Summary [\"x.xml\"]")
        #expect(picked(["metadata", "sets", "--json", "x.xml"]) == "Sets [\"--json\", \"x.xml\"]")
        #expect(picked(["metadata", "x.xml"]) == "MetadataCommand [\"x.xml\"]")
        #expect(picked(["metadata"]) == "MetadataCommand []")
        #expect(picked(["profile", "list"]) == "ProfileCommand [\"list\"]")
        #expect(picked(["http://h/s/", "-c", "X"]) == "ShellCommand [\"http://h/s/\", \"-c\", \"X\"]")
        #expect(picked(["-o", "json", "metadata"]) == "ShellCommand [\"-o\", \"json\", \"metadata\"]")
        #expect(picked([]) == "ShellCommand []")
        #expect(picked(["help", "metadata"]) == nil)
        // Help and the version only the root's parse answers: no subcommand's parse first.
        #expect(picked(["--version"]) == nil)
        #expect(picked(["http://h/s/", "--help"]) == nil)
        #expect(picked(["metadata", "summary", "x.xml", "-h"]) == nil)
        #expect(picked(["-c", "X", "--version", "http://h/s/"]) == nil)
    }
}
