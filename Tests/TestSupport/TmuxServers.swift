import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The tmux servers of terminal tests end with the test process, as the fixture servers do. A tmux server is a
/// daemon (tmux forks it off), so it is not a child of the test process: each test kills its own when it is done,
/// and should the test process be killed first, a watchdog (one per test process) kills every tmux server whose
/// socket is named `odsh-test-PID-...`. Each server's PID is noted for scripts/test.sh's check that nothing is left.
public enum TmuxServers {
    /// The socket names of this process's tmux servers begin with this.
    public static var socketPrefix: String { "odsh-test-\(getpid())-" }

    private static let watchdog: Void = {
        let script = TestPaths.testScripts.appendingPathComponent("watchdog.sh").path
        let killAll = #"for s in "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$0"*; do [ -e "$s" ] && "$1" -L "${s##*/}" kill-server; done"#
        _ = try? Spawn.run(["bash", script, String(getpid()), "bash", "-c", killAll, socketPrefix, tmuxPath], timeout: 30)
    }()

    private static var tmuxPath: String {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "tmux"
    }

    /// Call once the tmux server on `socket` (named with `socketPrefix`) runs.
    public static func started(socket: String) {
        _ = watchdog
        if let r = try? Spawn.run([tmuxPath, "-L", socket, "display-message", "-p", "#{pid}"], timeout: 30),
           let pid = pid_t(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) {
            Spawn.record(pid, ["tmux server", socket])
        }
    }
}
