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
}
