import ArgumentParser
import Testing
@testable import ODataShell

/// The command tree is set up for a quick start: every command names itself (the argument parser otherwise derives
/// each name from the type's name through reflection, on every run), and command lines that start with a
/// subcommand's name parse with a root that has no default subcommand but the same subcommands.
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

    @Test("subcommand names go to the root without a default; anything else to the full root")
    func roots() {
        let explicit = OdshCommand.Explicit.configuration
        #expect(explicit.defaultSubcommand == nil)
        #expect(explicit.commandName == OdshCommand.configuration.commandName)
        for sub in OdshCommand.configuration.subcommands where sub != ShellCommand.self {
            let name = sub.configuration.commandName!
            #expect(OdshCommand.root(for: [name, "--help"]) == OdshCommand.Explicit.self)
            #expect(explicit.subcommands.contains { $0 == sub })
        }
        for args in [[], ["http://h/svc/"], ["--version"], ["-c", "Customers"], ["shell", "x"], ["metadataX"]] {
            #expect(OdshCommand.root(for: args) == OdshCommand.self, "\(args)")
        }
    }

    @Test("parsing through either root gives the same command")
    func sameCommand() throws {
        let viaExplicit = try OdshCommand.root(for: ["metadata", "summary", "x.xml"]).parseAsRoot(["metadata", "summary", "x.xml"])
        let viaFull = try OdshCommand.parseAsRoot(["metadata", "summary", "x.xml"])
        #expect(type(of: viaExplicit) == type(of: viaFull))
        #expect(String(describing: type(of: viaExplicit)) == "Summary")
    }
}
