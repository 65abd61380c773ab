import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts the programs of the tests (odsh, scripts that start servers, python3, tmux, curl, ...) with posix_spawn and
/// waits for them with waitpid, never with Foundation's Process, for reasons seen here:
/// - children inherit the signal mask of the thread that starts them, and test threads (dispatch workers) block
///   most signals: a server started by a script run from a test then ignores SIGTERM, and odsh in tmux never sees
///   SIGINT. Here the child gets an empty signal mask and default signal actions.
/// - Process hands its children a descriptor it watches for their exit, so a script that leaves a server behind
///   is never seen to end, and `waitUntilExit` hangs the whole test run. Here the child gets only stdin, stdout and
///   stderr, all files (no pipe a server could keep open), and `run` kills it and throws `TimedOut` when it takes
///   longer than its timeout.
public enum Spawn {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// A program that did not end in time: it (and its process group) has been killed.
    public struct TimedOut: Error, CustomStringConvertible {
        public var command: String
        public var seconds: Double
        /// The end of what it had written by then.
        public var output: String
        public var description: String {
            "\(command) did not end within \(seconds) s and was killed" + (output.isEmpty ? "" : "; its output so far:\n\(output)")
        }
    }

    /// A finished program.
    public struct Result {
        /// Exit status, 128 + the signal when a signal ended it.
        public var status: Int32
        public var stdout: String
        /// Empty when standard error went to `stdout` (`mergingOutput`).
        public var stderr: String
    }

    /// This process's environment with `changes` applied (a nil value removes the variable).
    public static func environment(_ changes: [String: String?]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in changes { env[k] = v }
        return env
    }

    /// Starts `arguments` (the program looked up in PATH) with standard input read from the file `stdin` and standard
    /// output and error appended to files (the same path for both: one file, in the order written), with
    /// `environment` (nil: this process's). With `newProcessGroup` the child leads a process group of its own, which
    /// `wait` kills as a whole on a timeout. Returns at once; the caller waits for the child (or leaves it running).
    public static func start(_ arguments: [String], stdin: String = "/dev/null", stdout: String, stderr: String,
                             environment: [String: String]? = nil, newProcessGroup: Bool = false) throws -> pid_t {
        precondition(!arguments.isEmpty, "Spawn.start needs a program")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        if stderr == stdout {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        // Nothing else of ours: no descriptor a child (or a server it leaves behind) could hold open.
        // (posix_spawn_file_actions_addclosefrom_np is not visible from Swift; glibc ignores the close of a
        // descriptor that is no longer open by then.)
        for fd in openDescriptors() where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }

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
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        // ODSH_TEST_OWNER names this process (PID and start time) to the fixture servers, which end with it
        // (scripts/testenv/owner.py), even when it is killed before they have got round to looking at their parent.
        var env = environment ?? ProcessInfo.processInfo.environment
        if let owner = owner { env["ODSH_TEST_OWNER"] = owner }
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard rc == 0 else { throw Failure("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        record(pid, arguments)
        return pid
    }

    /// "PID STARTTIME" of this process, given to children as ODSH_TEST_OWNER.
    private static let owner: String? = startTime(getpid()).map { "\(getpid()) \($0)" }

    /// Notes a started process in `$ODSH_TEST_PIDS` (scripts/test.sh sets it) as "PID STARTTIME COMMAND": one still
    /// alive once the tests have ended was left behind, and fails the run. The start time (field 22 of
    /// /proc/PID/stat) tells the process from a later one given the same PID.
    public static func record(_ pid: pid_t, _ arguments: [String]) {
        guard let file = ProcessInfo.processInfo.environment["ODSH_TEST_PIDS"], !file.isEmpty,
              let start = startTime(pid) else { return }
        let line = "\(pid) \(start) \(arguments.prefix(4).joined(separator: " ").replacingOccurrences(of: "\n", with: " "))\n"
        let fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }

    /// Field 22 of /proc/PID/stat (when the process started, in clock ticks since boot); nil when it is gone.
    public static func startTime(_ pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }

    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    /// Waits for `pid` and returns its exit status (128 + signal when a signal ended it). With `timeout`: once the
    /// child has run that long it is killed (with its process group, when it leads one) and nil is returned.
    public static func wait(_ pid: pid_t, timeout: Double? = nil) throws -> Int32? {
        var status: Int32 = 0
        guard let timeout else {
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else { throw Failure("waitpid(\(pid)): \(String(cString: strerror(errno)))") }
            }
            return exitStatus(status)
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        var pause: UInt32 = 1_000
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return exitStatus(status) }
            if r < 0 {
                if errno == EINTR { continue }
                throw Failure("waitpid(\(pid)): \(String(cString: strerror(errno)))")
            }
            if DispatchTime.now().uptimeNanoseconds >= deadline {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return nil
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Runs `arguments` to the end: `stdin` as its standard input (none when nil), its output collected in files,
    /// `environment` (nil: this process's; see `environment(_:)`); `mergingOutput` puts standard error into `stdout`.
    /// A child that runs longer than `timeout` seconds is killed with its process group, and `TimedOut` is thrown.
    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
                           mergingOutput: Bool = false, timeout: Double = 120) throws -> Result {
        let base = NSTemporaryDirectory() + "odsh-spawn-\(getpid())-\(UUID().uuidString.prefix(8))"
        let input = base + ".in", out = base + ".out", err = mergingOutput ? out : base + ".err"
        defer { for f in [input, out, err] { unlink(f) } }
        if let stdin { try Data(stdin.utf8).write(to: URL(fileURLWithPath: input)) }
        // Created here so that a child that could not write them still leaves empty files to read.
        for f in Set([out, err]) { _ = FileManager.default.createFile(atPath: f, contents: nil) }
        let pid = try start(arguments, stdin: stdin == nil ? "/dev/null" : input, stdout: out, stderr: err,
                            environment: environment, newProcessGroup: true)
        let status = try wait(pid, timeout: timeout)
        func text(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        let output = text(out)
        let errors = mergingOutput ? "" : text(err)
        guard let status else {
            throw TimedOut(command: arguments.joined(separator: " "), seconds: timeout,
                           output: String((output + errors).suffix(4000)))
        }
        return Result(status: status, stdout: output, stderr: errors)
    }

    /// Runs `arguments` as `run` does and returns its standard output; throws with its standard error unless it
    /// exits with status 0.
    public static func output(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 120) throws -> String {
        let r = try run(arguments, environment: environment, timeout: timeout)
        guard r.status == 0 else {
            throw Failure("\(arguments.joined(separator: " ")) failed (\(r.status)):\n\(r.stderr)\(r.stdout)")
        }
        return r.stdout
    }
}
