import CStdio
import FoundationEssentials
import Glibc
import ODataModel

/// Shows long output through a pager (`$PAGER`, else `less -FRSX`) when stdout is a terminal; otherwise, or when
/// the text fits on the screen, writes it straight to stdout.
///
/// `less -FRSX`: quit at once if the text fits (-F), pass colour codes through (-R), cut long lines instead of
/// wrapping them (-S, tables stay tables), leave the text on the screen (-X).
struct Pager {
    /// The shell command the text is piped into (run through `/bin/sh -c`).
    var command: String

    /// The pager when $PAGER is not set.
    static let defaultCommand = "less -FRSX"

    init(command: String) { self.command = command }

    /// `$PAGER` if set and not empty, else `less -FRSX`. (`PAGER=cat` turns paging off.)
    static func fromEnvironment(_ environment: [String: String] = ProcessEnvironment.current) -> Pager {
        if let p = environment["PAGER"], !p.trimmingBlanks().isEmpty { return Pager(command: p) }
        return Pager(command: defaultCommand)
    }

    /// Whether output of this many lines should go through the pager: only when stdout is a terminal (as `terminal`
    /// says), and only when it does not fit on the screen.
    static func shouldPage(lineCount: Int, on terminal: TerminalFacts) -> Bool {
        guard terminal.stdout else { return false }
        return lineCount >= TerminalSize.current(fd: 1).rows
    }

    /// The warning for a pager that could not start.
    static func failureWarning(_ command: String, status: Int32, sessionHint: Bool = false) -> String {
        "odsh: warning: the pager did not start (\(command): exit \(status)); writing straight out"
            + (sessionHint ? "; paging is off (.set pager on)" : "") + "\n"
    }

    /// Starts the pager for streamed output (write page after page, then `close()`); nil when stdout is not a
    /// terminal (as `terminal` says) or the pager cannot be started: then write to stdout.
    func open(on terminal: TerminalFacts) -> PagerWriter? {
        guard terminal.stdout else { return nil }
        return PagerWriter(command: command)
    }
}

/// A running pager: text written goes to its stdin. Writes after the user quit the pager are dropped; a producer
/// should stop (and cancel its request) once `isClosed` is true. Ctrl-C while the pager runs still sets
/// `SignalHandling`'s flag, but never ends odsh (less takes Ctrl-C for itself).
///
/// The pager runs through `/bin/sh -c`, so a missing command does not fail the spawn: sh exits 127 (126: not
/// executable) without reading a byte. `startState` tells: a writer should keep what it wrote while the state is
/// `unknown`, and write it out itself when it becomes `failed`.
final class PagerWriter {
    /// What is known of the pager's start.
    enum StartState: Equatable {
        /// Spawned, not yet known to run (it has run for less than `confirmAfter`, and not exited).
        case unknown
        /// It has run for `confirmAfter`, or exited in another way (it read, or chose not to).
        case started
        /// It exited at once with 126 or 127: sh could not run the command, and nothing was read.
        case failed(status: Int32)
    }

    private var fd: Int32
    private let pid: pid_t
    private var oldPipeAction = sigaction()
    /// Whether the pager is gone (the user quit it, or it never started): stop producing output.
    private(set) var isClosed = false
    private(set) var startState = StartState.unknown
    /// How long the pager must run before it counts as started.
    static let confirmAfter: UInt64 = 500_000_000
    private let spawnedAt = ContinuousClock.now
    private var reaped = false
    private var finished = false

    init?(command: String) {
        fflush(odsh_stdout())
        var env = ProcessInfo.processInfo.environment
        // less shows UTF-8 as <C3><BC> under a non-UTF-8 locale (LANG unset); odsh's output is UTF-8.
        if env["LESSCHARSET"] == nil && env["LC_ALL"] == nil && env["LC_CTYPE"] == nil && env["LANG"] == nil {
            env["LESSCHARSET"] = "utf-8"
        }
        guard let (child, input) = try? SubprocessPipe.start(command, pipe: .toStandardInput,
                                                          environment: env.map { "\($0.key)=\($0.value)" },
                                                          defaultSignals: false) else { return nil }
        pid = child
        fd = input
        // The user may quit the pager before reading everything: take EPIPE as an error, not a fatal signal.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGPIPE, &ignore, &oldPipeAction)
        SignalHandling.suspendHardStop(true)
    }

    /// Sends text to the pager (dropped once the pager has quit, or when it turns out it never started).
    func write(_ text: String) {
        guard !isClosed else { return }
        if startState == .unknown {
            observe(blocking: false)
            if case .failed = startState { isClosed = true; return }
        }
        var text = text
        text.withUTF8 { buf in
            var done = 0
            while done < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    isClosed = true   // EPIPE: the pager is gone
                    // Gone at once: find out whether it ever ran.
                    if startState == .unknown { observe(blocking: true) }
                    return
                }
                done += n
            }
        }
    }

    /// Looks at the pager process: reaps it when it has exited (waiting for that when `blocking`), and settles
    /// `startState`.
    private func observe(blocking: Bool) {
        guard !reaped else { return }
        var status: Int32 = 0
        var r: pid_t
        repeat { r = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while r < 0 && errno == EINTR
        if r == pid {
            reaped = true
            guard startState == .unknown else { return }
            // WIFEXITED and WEXITSTATUS: a normal exit has no signal bits; the code is in the second byte.
            let code = (status >> 8) & 0xFF
            startState = (status & 0x7F) == 0 && (code == 126 || code == 127) ? .failed(status: code) : .started
        } else if r == 0, startState == .unknown, ContinuousClock.now - spawnedAt >= .nanoseconds(Self.confirmAfter) {
            startState = .started
        } else if r < 0 {
            reaped = true
            if startState == .unknown { startState = .started }
        }
    }

    /// Ends the input and waits for the user to quit the pager (at once when it has exited).
    func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
        isClosed = true
        observe(blocking: true)
        guard !finished else { return }
        finished = true
        sigaction(SIGPIPE, &oldPipeAction, nil)
        SignalHandling.suspendHardStop(false)
    }

    deinit { if !finished { close() } }
}
