import Foundation
import Testing

/// The committed completion scripts tried in the real shells, under tmux: a TAB completes odsh's subcommands and
/// options, and offers the configured profiles' names (asked of odsh at TAB time) where a profile's name goes.
@Suite("Shell completion scripts", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing))
struct ShellCompletionTerminalTests {
    static let completions = OdshProcess.packageRoot.appendingPathComponent("completions").path
    static var binDir: String { URL(fileURLWithPath: TerminalSession.odsh!).deletingLastPathComponent().path }
    static func has(_ shell: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") }

    /// Profiles of the shells' odsh: two in a config of their own.
    static let profiles = ["nw-demo", "gw_sample"]
    let config = TemporaryDirectory()

    func check(_ shell: String, start: String, setup: String) throws {
        try FileManager.default.createDirectory(atPath: config.path + "/odsh", withIntermediateDirectories: true)
        try Self.profiles.map { "[profile.\($0)]\nurl = \"http://127.0.0.1:8401/\($0)/\"\n\n" }.joined()
            .write(toFile: config.path + "/odsh/config.toml", atomically: true, encoding: .utf8)
        let t = try TerminalSession("env PATH=\(Self.binDir):/usr/bin:/bin HOME=/tmp XDG_CONFIG_HOME=\(config.path) \(start)",
                                    width: 120, height: 20)
        try t.type(setup)
        try t.press("Enter")
        try t.type("odsh metadata su")
        try t.press("Tab")
        try t.waitFor("\(shell): odsh metadata summary") { $0.contains { $0.contains("odsh metadata summary") } }
        try t.press("C-u")
        try t.type("odsh diff --fail-")
        try t.press("Tab")
        try t.waitFor("\(shell): --fail-on") { $0.contains { $0.contains("--fail-on") } }
        // Profile names: where a command takes one, and for the default subcommand (odsh NAME). A second TAB lists
        // the candidates in bash.
        for line in ["odsh profile show ", "odsh "] {
            try t.press("C-u")
            try t.press("C-l")
            try t.waitFor("\(shell): a clear screen") { screen in !Self.profiles.contains { name in screen.contains { $0.contains(name) } } }
            try t.type(line)
            try t.press("Tab")
            try t.press("Tab")
            try t.waitFor("\(shell): the profiles after \"\(line)\"") { screen in
                Self.profiles.allSatisfy { name in screen.contains { $0.contains(name) } }
            }
        }
    }

    @Test("bash", .fixture("bash", has("bash"), "bash not installed"))
    func bash() throws {
        try check("bash", start: "bash --norc --noprofile -i", setup: "source \(Self.completions)/odsh.bash")
    }

    @Test("zsh", .fixture("zsh", has("zsh"), "zsh not installed (apt-get install zsh)"))
    func zsh() throws {
        try check("zsh", start: "zsh -f -i", setup: "fpath=(\(Self.completions) $fpath); autoload -Uz compinit; compinit -u")
    }

    @Test("fish", .fixture("fish", has("fish"), "fish not installed (apt-get install fish)"))
    func fish() throws {
        try check("fish", start: "fish --no-config -i", setup: "source \(Self.completions)/odsh.fish")
    }
}
