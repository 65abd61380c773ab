import Dispatch
import FoundationEssentials
import Glibc
import ODataModel

/// Brings a browser sign-in's authorization URL to the person: `$BROWSER` when set (a list of commands separated
/// by `:`, each with `%s` for the URL or the URL appended, as the BROWSER convention has it), else `xdg-open` when a
/// desktop is there (`DISPLAY` or `WAYLAND_DISPLAY`). When there is none, or the opener fails, the URL is printed to
/// open by hand. The opener runs without a shell (the URL is one argument, never shell text), its output discarded.
struct BrowserOpener: Sendable {
    var environment: [String: String]
    /// How long to wait for an opener to say it failed before taking it as started (a browser may run on).
    var patience = 3.0

    init(environment: [String: String] = ProcessEnvironment.current) {
        self.environment = environment
    }

    /// The commands to try, each an argument vector with the URL in it.
    func commands(for url: String) -> [[String]] {
        if let list = environment["BROWSER"], !list.trimmingBlanks().isEmpty {
            return list.split(separator: ":").compactMap { entry in
                let words = entry.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                guard !words.isEmpty else { return nil }
                return words.contains { $0.contains("%s") }
                    ? words.map { $0.replacing("%s", with: url) }
                    : words + [url]
            }
        }
        let desktop = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return desktop ? [["xdg-open", url]] : []
    }

    /// Opens `url`, telling the person what happens (`say`: on stderr), and whether `$BROWSER` (or `xdg-open`)
    /// failed; never fails (the printed URL is the way out).
    func open(_ url: String, timeout: Double, say: (String) -> Void = { Stderr.write($0) }) {
        let wait = "waiting up to \(Int(timeout.rounded())) s; Ctrl-C cancels"
        var failures: [String] = []
        for command in commands(for: url) {
            guard let failure = start(command) else {
                say("odsh: sign in with your browser (\(wait))\n")
                return
            }
            failures.append(failure)
        }
        if !failures.isEmpty {
            let opener = environment["BROWSER"].map { _ in "$BROWSER" } ?? "xdg-open"
            say("odsh: \(opener) did not open the browser (\(failures.joined(separator: "; ")))\n")
        }
        say("odsh: open this URL in a browser on this machine to sign in (\(wait)):\n  \(url)\n")
    }

    /// Nil when the command started and did not fail within `patience` (a command still running by then is left to
    /// run, and reaped when it ends); else how it failed, naming the program (not the URL).
    private func start(_ command: [String]) -> String? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in Int32(0)...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own: Ctrl-C in odsh's terminal cancels the sign-in, not the browser.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for p in arguments { free(p) } }
        var pid: pid_t = 0
        let program = TerminalEscaping.oneLine(command[0])
        let spawned = posix_spawnp(&pid, command[0], &actions, &attributes, &arguments, environ)
        guard spawned == 0 else { return "\(program): \(String(cString: strerror(spawned)))" }
        let deadline = Date().addingTimeInterval(patience)
        var status: Int32 = 0
        while Date() < deadline {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                if (status & 0x7F) != 0 { return "\(program) was ended by signal \(status & 0x7F)" }
                let code = (status >> 8) & 0xFF
                return code == 0 ? nil : "\(program) exited with status \(code)"
            }
            if r < 0 && errno != EINTR { return nil }
            usleep(20_000)
        }
        let child = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return nil
    }
}
