import Foundation
import Testing
import TestSupport

/// The manual and the shell completions stay in step with the binary.
@Suite("Manual and completions", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"))
struct ManualAndCompletionTests {
    static let manual = OdshProcess.packageRoot.appendingPathComponent("man/odsh.1")
    static let subcommands: [[String]] = [["shell"], ["metadata", "summary"], ["metadata", "sets"], ["metadata", "describe"],
                                          ["diff"], ["payload", "decode"], ["profile", "list"],
                                          ["services"], ["verify"], ["store", "unlock"], ["store", "change-passphrase"],
                                          ["store", "reset"]]

    /// Long and short option names of a command, from its --help.
    static func options(_ command: [String]) throws -> Set<String> {
        let help = try OdshProcess.run(command + ["--help"]).stdout
        var names = Set<String>()
        for line in help.split(separator: "\n") {
            // Option lines are indented by two spaces; wrapped help text is indented further.
            guard line.hasPrefix("  -") else { continue }
            let t = line.drop(while: { $0 == " " })
            for token in t.split(separator: " ").prefix(3) {
                let name = token.trimmingCharacters(in: CharacterSet(charactersIn: ",<>"))
                if name.hasPrefix("-"), name != "-h", name != "--help", name != "--version" { names.insert(name) }
            }
        }
        return names
    }

    @Test("every option the binary accepts is in the manual", arguments: subcommands)
    func optionsDocumented(_ command: [String]) throws {
        let text = try String(contentsOf: Self.manual, encoding: .utf8)
        let options = try Self.options(command)
        #expect(!options.isEmpty)
        for o in options {
            // mdoc writes -x as `Fl x` and --long as `Fl -long`.
            let mdoc = "Fl " + String(o.dropFirst())
            #expect(text.contains(mdoc + " ") || text.contains(mdoc + "\n") || text.contains(mdoc + " ,"),
                    "odsh \(command.joined(separator: " ")) accepts \(o), which man/odsh.1 does not document")
        }
    }

    @Test("the manual passes mandoc -T lint without warnings",
          .fixture("mandoc", FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc"), "mandoc not installed (apt install mandoc)"))
    func lint() throws {
        let r = try Spawn.run(["/usr/bin/mandoc", "-T", "lint", "-W", "warning", Self.manual.path], mergingOutput: true)
        #expect(r.status == 0, "\(r.stdout)")
    }

    @Test("the committed completions match the binary (scripts/gen-completions.sh)", arguments: [
        ("bash", "odsh.bash"), ("zsh", "_odsh"), ("fish", "odsh.fish"),
    ])
    func completions(_ shell: String, _ file: String) throws {
        let generated = try OdshProcess.run(["--generate-completion-script", shell]).stdout
        let committed = try String(contentsOf: OdshProcess.packageRoot.appendingPathComponent("completions/\(file)"), encoding: .utf8)
        #expect(generated == committed, "completions/\(file) is stale: run scripts/gen-completions.sh")
    }
}
