import Foundation
import Testing

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

    private let socket = "odsh-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    let width: Int, height: Int

    /// Starts `command` (a shell command line) in a width×height pane; after it ends the pane shows `[exit N]`.
    init(_ command: String, width: Int = 120, height: Int = 30) throws {
        self.width = width
        self.height = height
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)",
                  "\(command); echo \"[exit $?]\"; sleep 60"])
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

    /// The screen's lines (trailing spaces cut); with `escapes`, with the SGR codes of colours and attributes.
    func screen(escapes: Bool = false) throws -> [String] {
        let text = try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", "t"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Waits until the screen satisfies `condition` and returns it; fails with the last screen after `timeout`.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines: [String] = []
        while Date() < deadline {
            lines = try screen()
            if condition(lines) { return lines }
            usleep(40_000)
        }
        Issue.record("timed out waiting for \(what); screen:\n\(lines.joined(separator: "\n"))")
        throw TimedOut()
    }

    /// Waits until some line equals `line`.
    @discardableResult
    func waitForLine(_ line: String, timeout: Double = 10) throws -> [String] {
        try waitFor("a line \"\(line)\"", timeout: timeout) { $0.contains(line) }
    }

    /// Waits until the last non-empty line (where the cursor is) equals `line`.
    @discardableResult
    func waitForLastLine(_ line: String, timeout: Double = 10) throws -> [String] {
        try waitFor("the last line \"\(line)\"", timeout: timeout) { $0.last(where: { !$0.isEmpty }) == line }
    }

    struct TimedOut: Error {}

    @discardableResult
    private func tmux(_ args: [String]) throws -> String {
        // -u: UTF-8 whatever the test's locale. Only capture-pane's output is read: a command that starts the
        // server would hand it the pipe, and reading would wait for the server to exit.
        let (status, output) = try Self.run([Self.tmux!, "-u", "-L", socket] + args, capture: args.first == "capture-pane")
        if status != 0 && args.first != "kill-server" { throw CommandFailed(arguments: args, status: status) }
        return output
    }

    struct CommandFailed: Error { var arguments: [String]; var status: Int32 }

    /// posix_spawn and waitpid rather than Foundation's Process: the child gets an empty signal mask and default
    /// signal actions (test threads block most signals, and a tmux server would pass that on to odsh, which then
    /// never sees SIGINT), and no run loop is involved in waiting.
    static func run(_ argv: [String], capture: Bool) throws -> (Int32, String) {
        var fds: [Int32] = [-1, -1]
        if capture { guard pipe(&fds) == 0 else { throw CommandFailed(arguments: argv, status: -1) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, environ)
        if capture { close(fds[1]) }
        guard rc == 0 else {
            if capture { close(fds[0]) }
            throw CommandFailed(arguments: argv, status: rc)
        }
        var output: [UInt8] = []
        if capture {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                output.append(contentsOf: buffer[0..<n])
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitCode, String(decoding: output, as: UTF8.self))
    }
}
