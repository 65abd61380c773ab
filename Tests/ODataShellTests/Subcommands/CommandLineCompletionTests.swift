import Foundation
import Testing
@testable import ODataShell

/// What the shell completions ask of odsh at TAB time: profile names (`odsh profile list --names`, and the
/// `---completion` requests of arguments that take a profile) and paths. The shells themselves are tried in
/// ShellCompletionTerminalTests.
@Suite("Shell completion: profile names and paths", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"))
struct CommandLineCompletionTests {
    let xdg = TestXDG()

    func writeProfiles(_ names: [String]) throws {
        try FileManager.default.createDirectory(atPath: (xdg.configFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try names.map { "[profile.\($0)]\nurl = \"http://127.0.0.1:8401/\($0)/\"\n\n" }.joined()
            .write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
    }

    @Test("profile list --names: one name a line, nothing at all without profiles")
    func listNames() throws {
        let none = try xdg.odsh(["profile", "list", "--names"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.isEmpty, "\(none)")
        try writeProfiles(["nw", "gw_sample", "hr-prod"])
        let some = try xdg.odsh(["profile", "list", "--names"])
        #expect(some.status == 0)
        #expect(some.stdout == "nw\ngw_sample\nhr-prod\n")
    }

    @Test("arguments that take a profile complete its name", arguments: [
        ["profile", "show"], ["profile", "remove"], ["profile", "secret"], ["profile", "reset"], ["cache", "clear"], ["shell"],
    ])
    func profileArguments(_ command: [String]) throws {
        try writeProfiles(["nw", "gw_sample", "nw-test"])
        // What the bash script runs for `odsh COMMAND nw<TAB>`: the words so far, the word's index, the cursor in it.
        let words = ["odsh"] + command + ["nw"]
        let r = try xdg.odsh(["---completion"] + command + ["--", "positional@0", "\(words.count - 1)", "2"] + words,
                             environment: ["SAP_SHELL": "bash"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").map(String.init) == ["nw", "nw-test"])
    }

    @Test("a metadata source or diff side completes profiles and paths")
    func fileOrProfile() throws {
        try writeProfiles(["scripts-profile", "other"])
        let scripts = OdshProcess.packageRoot.appendingPathComponent("scripts").path
        // A lone folder comes with what it holds, so the shell inserts it and waits (no space after it).
        let sample = PathCompletion.paths(completing: scripts + "/sam")
        #expect(sample.first == scripts + "/sample/" && sample.contains(scripts + "/sample/northwind-mini.xml")
                    && sample.contains(scripts + "/sample/data/"), "\(sample)")
        #expect(PathCompletion.paths(completing: scripts + "/run-") == [scripts + "/run-sample.sh"])
        #expect(PathCompletion.paths(completing: "http://host/") == [])
        #expect(!PathCompletion.paths(completing: scripts + "/").contains { $0.dropFirst(scripts.count + 1).hasPrefix(".") },
                "hidden entries only when asked for")
        // Through the completion request: a lone folder with its entries; a prefix of a profile name and of a path: both.
        let r = try xdg.odsh(["---completion", "metadata", "summary", "--", "positional@0", "3", "\(scripts.count)",
                              "odsh", "metadata", "summary", scripts], environment: ["SAP_SHELL": "bash"])
        #expect(r.stdout.split(separator: "\n").map(String.init).prefix(2) == [scripts + "/"] + PathCompletion.paths(completing: scripts + "/").prefix(1),
                "\(r.stdout)")
        let named = try xdg.odsh(["---completion", "diff", "--", "positional@1", "3", "3", "odsh", "diff", "x.xml", "scr"],
                                 environment: ["SAP_SHELL": "bash"])
        #expect(named.stdout.split(separator: "\n").first == "scripts-profile", "\(named.stdout)")
    }
}
