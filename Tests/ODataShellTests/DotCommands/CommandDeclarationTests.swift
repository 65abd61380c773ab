import ArgumentParser
import Foundation
import ODataModel
import Testing
import TestSupport
@testable import ODataShell

/// Every dot-command and subcommand is declared once, and `.help` (or `--help`), the manual and completion (the
/// REPL's TAB and the shell completion scripts) all show it from that declaration.
@Suite("Commands from one declaration")
struct CommandDeclarationTests {
    static let manual = (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("man/odsh.1"), encoding: .utf8)) ?? ""
    static let sample = TestPaths.packageRoot.appendingPathComponent("scripts/sample/northwind-mini.xml").path

    static func completer() throws -> ModelCompleter {
        ReplSession.completer(for: try MetadataReader.read(file: sample), serviceNames: { [CompletionCandidate("GWSAMPLE_BASIC")] })
    }

    static func offered(_ completer: ModelCompleter, _ line: String) -> [String] {
        completer.complete(line: line, cursor: line.count).candidates.map(\.insertText)
    }

    @Test("every dot-command is in .help with its usage, in the manual, and completed with its options and words")
    func dotCommands() throws {
        let completer = try Self.completer()
        let help = ReplCommandCatalog.commandsHelp()
        #expect(ReplCommandCatalog.declarations.count == Set(ReplCommandCatalog.declarations.map(\.name)).count, "a name declared twice")
        for d in ReplCommandCatalog.declarations {
            #expect(help.contains("  \(d.usage)  ") && help.contains(d.summary), "\(d.name) is not in .help as declared:\n\(help)")
            #expect(Self.manual.contains("Ic \(d.name)"), "\(d.name) is not in man/odsh.1")
            #expect(Self.offered(completer, String(d.name.prefix(3))).contains(d.name), "\(d.name) is not completed")
            for o in d.options {
                #expect(Self.manual.contains("Fl \(o.name.dropFirst())"), "\(d.name) \(o.name) is not in man/odsh.1")
                #expect(Self.offered(completer, "\(d.name) --").contains(o.name), "\(d.name) \(o.name) is not completed")
            }
            for case let (p, .words(words)) in d.positionals.map({ ($0, $0.values) }) {
                let line = d.parameters.first?.name == p.name ? "\(d.name) " : nil
                if let line { #expect(Self.offered(completer, line) == words.map(\.insertText), "\(d.name) \(p.name) offers other words") }
            }
            for alias in d.aliases { #expect(ReplCommandCatalog.command(named: alias)?.declaration.name == d.name) }
        }
    }

    static func subcommands(_ command: ParsableCommand.Type, path: [String] = []) -> [(path: [String], command: ParsableCommand.Type)] {
        command.configuration.subcommands.flatMap { sub -> [(path: [String], command: ParsableCommand.Type)] in
            guard sub.configuration.shouldDisplay, let name = sub.configuration.commandName else { return [] }
            return [(path + [name], sub)] + subcommands(sub, path: path + [name])
        }
    }

    @Test("every subcommand is in its parent's --help, in the manual, and in the bash, zsh and fish completions")
    func subcommands() throws {
        let scripts = [CompletionShell.bash, .zsh, .fish].map { CommandLineCompletion.script(for: $0) }
        let all = Self.subcommands(OdshCommand.self)
        #expect(all.count >= 15, "\(all.map(\.path))")
        for (path, command) in all {
            let name = path.last!
            let parent: ParsableCommand.Type = path.count == 1 ? OdshCommand.self
                : all.first { $0.path == Array(path.dropLast()) }!.command
            let help = OdshCommand.helpMessage(for: parent, columns: 200)
            #expect(help.contains("  \(name) ") || help.contains("  \(name)\n"), "odsh \(path.joined(separator: " ")) is not in its parent's --help")
            #expect(help.contains(command.configuration.abstract.prefix(30)), "the abstract of odsh \(path.joined(separator: " ")) is not in --help")
            #expect(Self.manual.contains("Cm \(path.joined(separator: " "))"), "odsh \(path.joined(separator: " ")) is not in man/odsh.1")
            for script in scripts {
                #expect(script.contains(name), "odsh \(path.joined(separator: " ")) is not in a completion script")
            }
        }
    }
}

/// The one parser of dot-commands: words, flags, options and the rest of the line as its declaration says, and a
/// usage error that names the command's usage for anything else.
@Suite("Dot-command arguments")
struct DotCommandArgumentsTests {
    func parse(_ command: any DotCommand.Type, _ line: String) throws -> DotCommandArguments {
        try DotCommandArguments(parsing: line, as: command.declaration)
    }

    func refusal(_ command: any DotCommand.Type, _ line: String) -> String {
        do {
            _ = try command.init(try parse(command, line))
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("a statement keeps its spaces and quotes; flags come before it")
    func text() throws {
        let url = try parse(URLDotCommand.self, "  Customers where City = 'New  York'  ")
        #expect(url.word("STATEMENT") == "Customers where City = 'New  York'")
        let curl = try parse(CurlDotCommand.self, " --with-secrets  Orders where Freight > -5")
        #expect(curl.has("--with-secrets") && curl.word("STATEMENT") == "Orders where Freight > -5")
        // A command without options takes a word that starts with a dash as a word.
        #expect(try parse(FindDotCommand.self, " -net weight").word("TEXT") == "-net weight")
    }

    @Test("options take a value after a space or =, -- ends them")
    func options() throws {
        let a = try parse(AnnotationsDotCommand.self, " Products --term=UI.*")
        #expect(a.word("TARGET") == "Products" && a.option("--term") == "UI.*")
        let b = try parse(AnnotationsDotCommand.self, " --term Common.* -- --odd")
        #expect(b.option("--term") == "Common.*" && b.word("TARGET") == "--odd")
        let v = try parse(VerifyDotCommand.self, " --jobs 2 --top 3")
        #expect(try v.number(option: "--top", atLeast: 1) == 3 && v.number(option: "--jobs", atLeast: 1) == 2)
    }

    @Test("wrong words are usage errors that show the command's usage")
    func refusals() {
        #expect(refusal(SetsDotCommand.self, " extra") == ".sets takes no arguments, not extra (usage: .sets)")
        #expect(refusal(RefreshDotCommand.self, " --allow-change")
                == "unknown .refresh option --allow-change (did you mean --allow-changes?) (usage: .refresh [--open-enums] [--allow-changes] [--allow-removals])")
        #expect(refusal(RefreshDotCommand.self, " now").hasPrefix(".refresh takes no words, not now"))
        #expect(refusal(VerifyDotCommand.self, " --top 0").hasPrefix(".verify --top takes a whole number of at least 1, not 0 (usage: .verify [--top N] [--jobs N])"))
        #expect(refusal(VerifyDotCommand.self, " --top").hasPrefix(".verify --top needs a number of entities per set"))
        #expect(refusal(HistoryDotCommand.self, " many").hasPrefix(".history takes [N]: N is a whole number of at least 0, not many"))
        #expect(refusal(ShowDotCommand.self, " 1 Name Other") == ".show takes [N [NAME]], not Other (usage: .show [N [NAME]])")
        #expect(refusal(OpenDotCommand.self, "").hasPrefix(".open needs one service"))
        #expect(refusal(SetDotCommand.self, " pagesize").hasPrefix(".set needs a value after the name"))
        #expect(refusal(SetDotCommand.self, " pagesise 5") == "unknown setting pagesise (did you mean pagesize?)")
        #expect(refusal(CurlDotCommand.self, " --with-secrets=yes").hasPrefix(".curl --with-secrets takes no value"))
        #expect(refusal(HelpDotCommand.self, " joins").hasPrefix("no help topic joins: try statements, expressions or commands"))
    }

    @Test("usage lines nest optional words and show options")
    func usage() {
        #expect(ShowDotCommand.declaration.usage == ".show [N [NAME]]")
        #expect(AnnotationsDotCommand.declaration.usage == ".annotations [TARGET] [--term PATTERN]")
        #expect(CurlDotCommand.declaration.usage == ".curl [--with-secrets] [STATEMENT]")
        #expect(SetDotCommand.declaration.usage == ".set NAME VALUE")
        #expect(FormatDotCommand.declaration.usage == ".format [table|vertical|json|ndjson|csv]")
    }
}
