import Foundation
import Testing
import TestSupport

/// A program running in a private tmux server (its own socket), driven by keys and read from the screen.
final class TerminalSession {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { tmux != nil && odsh != nil }
    static let missing = Comment(rawValue: tmux == nil
        ? "tmux is not installed (apt-get install tmux): terminal tests skipped"
        : "the odsh executable was not found beside the test bundle: terminal tests skipped")

    /// The odsh executable built with the tests (beside the test bundle in .build/<triple>/debug).
    static let odsh: String? = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("odsh").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()

    private let socket = TmuxServers.socketPrefix + UUID().uuidString.prefix(8)
    let width: Int, height: Int

    /// Starts `command` (a shell command line) in a width×height pane; after it ends the pane shows `[exit N]`.
    init(_ command: String, width: Int = 120, height: Int = 30) throws {
        self.width = width
        self.height = height
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)",
                  "\(command); echo \"[exit $?]\"; sleep 60"])
        TmuxServers.started(socket: socket)
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Types text literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "t", "-l", text]) }

    /// Presses keys by tmux name: Enter, Tab, Up, Down, Escape, C-c, C-d, C-r.
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

    /// Resizes the window (the program gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "t", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen's lines (trailing spaces cut); with `escapes`, with the SGR codes of colours and attributes; with
    /// `history`, the lines scrolled off the top come first (tmux keeps 2000).
    func screen(escapes: Bool = false, history: Bool = false) throws -> [String] {
        let text = try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + (history ? ["-S", "-"] : []) + ["-t", "t"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Waits until the screen satisfies `condition` and returns it; fails with the last screen after `timeout`.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
        let (lines, met) = try poll(timeout: timeout, condition)
        if met { return lines }
        Issue.record("timed out waiting for \(what); screen:\n\(lines.joined(separator: "\n"))")
        throw TimedOut()
    }

    /// Reads the screen until it satisfies `condition` or `timeout` passes: the last screen, and whether it did.
    func poll(timeout: Double, _ condition: ([String]) -> Bool) throws -> (lines: [String], met: Bool) {
        var lines: [String] = []
        let met = try Wait.poll(timeout: timeout) {
            lines = try screen()
            return condition(lines)
        }
        return (lines, met)
    }

    /// Waits until some line equals `line`.
    @discardableResult
    func waitForLine(_ line: String, timeout: Double = Wait.hang) throws -> [String] {
        try waitFor("a line \"\(line)\"", timeout: timeout) { $0.contains(line) }
    }

    /// Waits until the last non-empty line (where the cursor is) equals `line`.
    @discardableResult
    func waitForLastLine(_ line: String, timeout: Double = Wait.hang) throws -> [String] {
        try waitFor("the last line \"\(line)\"", timeout: timeout) { $0.last(where: { !$0.isEmpty }) == line }
    }

    struct TimedOut: Error {}

    @discardableResult
    private func tmux(_ args: [String]) throws -> String {
        // -u: UTF-8 whatever the test's locale. Only capture-pane's output is used.
        let (status, output) = try Self.run([Self.tmux!, "-u", "-L", socket] + args, capture: args.first == "capture-pane")
        if status != 0 && args.first != "kill-server" { throw CommandFailed(arguments: args, status: status) }
        return output
    }

    struct CommandFailed: Error { var arguments: [String]; var status: Int32 }

    /// Through TestSupport's `Spawn` rather than Foundation's Process: the child gets an empty signal mask and
    /// default signal actions (test threads block most signals, and a tmux server would pass that on to odsh, which
    /// then never sees SIGINT), its output goes to files that no server left behind can hold open, and a tmux
    /// command that has not ended after 30 s is killed and fails the test.
    static func run(_ argv: [String], capture: Bool) throws -> (Int32, String) {
        let r = try Spawn.run(argv, timeout: 30)
        return (r.status, capture ? r.stdout : "")
    }
}
