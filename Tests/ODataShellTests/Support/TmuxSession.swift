import Foundation
import Testing
import TestSupport

/// A program in a tmux session of its own (a private server socket), driven as a person would: wait for text
/// on the screen, type a line. tmux is run through `Spawn` (its output in files, so its server, which stays behind,
/// holds no pipe of ours; an empty signal mask, so that the program in it sees SIGINT; a timeout).
final class TmuxSession {
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }
    static let missing: Comment = "tmux is not installed (scripts/setup.sh --tests installs it): the onboarding test is skipped"

    let socket = TmuxServers.socketPrefix + UUID().uuidString.prefix(6)

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `command` (a shell command line) in a 160x50 window.
    init(_ command: String) throws {
        let r = try Self.tmux(socket, ["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "160", "-y", "50", command])
        guard r.status == 0 else { throw Timeout(description: "tmux new-session failed (\(r.status)): \(r.stderr)") }
        TmuxServers.started(socket: socket)
    }

    deinit {
        _ = try? Self.tmux(socket, ["kill-server"])
    }

    /// What the window shows now, with its scrollback.
    func screen() -> String {
        (try? Self.tmux(socket, ["capture-pane", "-p", "-J", "-S", "-200", "-t", "main"]).stdout) ?? ""
    }

    private static func tmux(_ socket: String, _ arguments: [String]) throws -> Spawn.Result {
        try Spawn.run(["tmux", "-L", socket] + arguments, timeout: 30)
    }

    /// Waits until the screen shows `text` (after `occurrence - 1` earlier ones); throws with the screen after `seconds`.
    @discardableResult
    func waitFor(_ text: String, occurrence: Int = 1, seconds: Double = Wait.hang) throws -> String {
        var s = ""
        let shown = Wait.poll(timeout: seconds) {
            s = screen()
            return s.components(separatedBy: text).count - 1 >= occurrence
        }
        if !shown { throw Timeout(description: "no \"\(text)\" on the screen after \(seconds) s:\n\(s)") }
        return s
    }

    /// Waits until the terminal's echo is off: a password prompt turns it off (flushing what was typed before)
    /// just after it shows, so what is typed for it must wait for that.
    func waitForEchoOff() throws {
        let tty = try Self.tmux(socket, ["display-message", "-p", "-t", "main", "#{pane_tty}"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var settings = ""
        let off = Wait.poll {
            settings = (try? Spawn.run(["stty", "-F", tty, "-a"], timeout: 30).stdout) ?? ""
            return settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).contains("-echo")
        }
        if !off { throw Timeout(description: "the echo of \(tty) did not go off: \(settings)") }
    }

    /// Types `line` and Enter.
    func type(_ line: String) {
        if !line.isEmpty { _ = try? Self.tmux(socket, ["send-keys", "-t", "main", "-l", line]) }
        _ = try? Self.tmux(socket, ["send-keys", "-t", "main", "Enter"])
    }

    /// Types `text` without Enter.
    func keys(_ text: String) {
        _ = try? Self.tmux(socket, ["send-keys", "-t", "main", "-l", text])
    }

    /// Presses a key by tmux's name for it (`Tab`, `C-c`, `C-u`).
    func press(_ key: String) {
        _ = try? Self.tmux(socket, ["send-keys", "-t", "main", key])
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
