import Foundation
import Testing

/// The committed completion scripts tried in the real shells, under tmux: a TAB completes odsh's subcommands and
/// options.
@Suite("Shell completion scripts", .serialized, .enabled(if: TerminalSession.isAvailable, TerminalSession.missing))
struct ShellCompletionTerminalTests {
    static let completions = OdshProcess.packageRoot.appendingPathComponent("completions").path
    static var binDir: String { URL(fileURLWithPath: TerminalSession.odsh!).deletingLastPathComponent().path }
    static func has(_ shell: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") }

    func check(_ shell: String, start: String, setup: String) throws {
        let t = try TerminalSession("env PATH=\(Self.binDir):/usr/bin:/bin HOME=/tmp \(start)", width: 120, height: 20)
        try t.type(setup)
        try t.press("Enter")
        try t.type("odsh metadata su")
        try t.press("Tab")
        try t.waitFor("\(shell): odsh metadata summary") { $0.contains { $0.contains("odsh metadata summary") } }
        try t.press("C-u")
        try t.type("odsh diff --fail-")
        try t.press("Tab")
        try t.waitFor("\(shell): --fail-on") { $0.contains { $0.contains("--fail-on") } }
    }

    @Test("bash", .enabled(if: has("bash"), "bash not installed"))
    func bash() throws {
        try check("bash", start: "bash --norc --noprofile -i", setup: "source \(Self.completions)/odsh.bash")
    }

    @Test("zsh", .enabled(if: has("zsh"), "zsh not installed (apt-get install zsh)"))
    func zsh() throws {
        try check("zsh", start: "zsh -f -i", setup: "fpath=(\(Self.completions) $fpath); autoload -Uz compinit; compinit -u")
    }

    @Test("fish", .enabled(if: has("fish"), "fish not installed (apt-get install fish)"))
    func fish() throws {
        try check("fish", start: "fish --no-config -i", setup: "source \(Self.completions)/odsh.fish")
    }
}
