import Foundation
import Testing

/// A program in a tmux session of its own (a private server socket), driven as a person would: wait for text
/// on the screen, type a line. tmux is run through system() with its output in files, so its server, which
/// stays behind, holds no pipe of ours.
final class TmuxSession {
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }
    static let missing: Comment = "tmux is not installed (scripts/setup.sh installs it): the onboarding test is skipped"

    let socket = "odsh-test-\(getpid())-\(UUID().uuidString.prefix(6))"
    private let screenFile = NSTemporaryDirectory() + "odsh-tmux-\(UUID().uuidString.prefix(8)).txt"

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `command` (a shell command line) in a 160x50 window.
    init(_ command: String) throws {
        let status = system("tmux -L \(socket) -f /dev/null new-session -d -s main -x 160 -y 50 \(Self.quote(command)) >/dev/null 2>&1")
        guard status == 0 else { throw Timeout(description: "tmux new-session failed (\(status))") }
    }

    deinit {
        _ = system("tmux -L \(socket) kill-server >/dev/null 2>&1")
        unlink(screenFile)
    }

    /// What the window shows now, with its scrollback.
    func screen() -> String {
        _ = system("tmux -L \(socket) capture-pane -p -J -S -200 -t main > \(screenFile) 2>/dev/null")
        return (try? String(contentsOfFile: screenFile, encoding: .utf8)) ?? ""
    }

    /// Waits until the screen shows `text` (after `occurrence - 1` earlier ones); throws with the screen after `seconds`.
    @discardableResult
    func waitFor(_ text: String, occurrence: Int = 1, seconds: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let s = screen()
            if s.components(separatedBy: text).count - 1 >= occurrence { return s }
            if Date() > deadline { throw Timeout(description: "no \"\(text)\" on the screen after \(seconds) s:\n\(s)") }
            usleep(100_000)
        }
    }

    /// Types `line` and Enter.
    func type(_ line: String) {
        if !line.isEmpty { _ = system("tmux -L \(socket) send-keys -t main -l \(Self.quote(line)) >/dev/null 2>&1") }
        _ = system("tmux -L \(socket) send-keys -t main Enter >/dev/null 2>&1")
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
