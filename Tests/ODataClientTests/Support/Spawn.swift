import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts fixture programs with posix_spawn rather than Foundation's Process, for two reasons measured here:
/// Process hands its children a descriptor it watches for their exit, so a script that leaves a daemon behind
/// is never seen to end; and children inherit the signal mask of the (dispatch) thread that spawns them, with
/// SIGTERM blocked, so `kill` could not stop the servers. Here the child gets only stdin (/dev/null),
/// stdout and stderr (files), default signal handling and an empty signal mask.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `arguments` (looked up in PATH) with standard output and error appended to files.
    static func start(_ arguments: [String], stdout: String, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        // (posix_spawn_file_actions_addclosefrom_np is not visible from Swift; a close of an fd that is no longer
        // open by then is ignored by glibc.)
        for fd in openDescriptors() where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard rc == 0 else { throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    /// Waits for `pid` and returns its exit status (128 + signal when killed).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Runs `arguments` to the end and returns its standard output; throws with its standard error on failure.
    static func run(_ arguments: [String]) throws -> String {
        let base = NSTemporaryDirectory() + "odsh-spawn-\(UUID().uuidString)"
        defer {
            unlink(base + ".out")
            unlink(base + ".err")
        }
        let status = wait(try start(arguments, stdout: base + ".out", stderr: base + ".err"))
        let output = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        guard status == 0 else {
            let errors = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (\(status)):\n\(errors)\(output)")
        }
        return output
    }
}
