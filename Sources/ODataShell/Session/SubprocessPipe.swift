import ODataModel
import Glibc

/// `/bin/sh -c COMMAND` started with a pipe on its standard input or output, the other end the caller's (the pager
/// reads what odsh writes; a secret command's output is read back). Shared by `Pager` and `SecretResolver`.
enum SubprocessPipe {
    /// Which of the child's descriptors the pipe replaces.
    enum Pipe { case toStandardInput, fromStandardOutput }

    /// Why a command could not be started: the C library's text for the error.
    struct SpawnFailure: CategorizedError, CustomStringConvertible {
        var category: ErrorCategory { .usage }

        let description: String
        init(_ code: Int32) { description = String(cString: strerror(code)) }
    }

    /// Starts the command; returns the child and the caller's end of the pipe (to close when done).
    /// - environment: `NAME=value` strings for the child, or nil for odsh's own.
    /// - defaultSignals: the child starts with no blocked signals and default handlers, whatever odsh has
    ///   blocked or ignored.
    static func start(_ command: String, pipe direction: Pipe, environment: [String]? = nil,
                      defaultSignals: Bool) throws(SpawnFailure) -> (pid: pid_t, fd: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnFailure(errno) }
        // fds[0] is the pipe's read end, fds[1] its write end.
        let (childEnd, ownEnd, childFD): (Int32, Int32, Int32) = direction == .toStandardInput ? (fds[0], fds[1], 0) : (fds[1], fds[0], 1)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childEnd, childFD)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if defaultSignals {
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        }
        let words: [String] = ["/bin/sh", "-c", command]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        var childEnvironment: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            for p in arguments { free(p) }
            for p in childEnvironment ?? [] { free(p) }
        }
        var pid: pid_t = 0
        let rc: Int32
        if childEnvironment != nil {
            rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &arguments, &childEnvironment!)
        } else {
            rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &arguments, environ)
        }
        close(childEnd)
        guard rc == 0 else {
            close(ownEnd)
            throw SpawnFailure(rc)
        }
        return (pid, ownEnd)
    }
}
