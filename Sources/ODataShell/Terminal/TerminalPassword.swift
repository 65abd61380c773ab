import Glibc

/// Reads a line from the terminal on standard input with echo off. Ctrl-C during the prompt restores echo
/// before the signal takes its usual course.
enum TerminalPassword {
    /// The settings to restore from the SIGINT handler, which can reach only a global. Written once before the
    /// handler is installed and read only by it, on the one thread that prompts: no concurrent access.
    nonisolated(unsafe) static var saved = termios()

    static func read(prompt: String) throws -> String {
        var original = termios()
        guard tcgetattr(0, &original) == 0 else { throw UsageError("cannot read the terminal settings") }
        saved = original
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        let previous = signal(SIGINT, restoreAndReraise)
        defer { signal(SIGINT, previous) }
        // Echo goes off before the prompt shows (as getpass does): what is typed as soon as it shows (quickly, or
        // by a password manager) is neither echoed nor flushed away with what was typed before it.
        guard tcsetattr(0, TCSAFLUSH, &silent) == 0 else { throw UsageError("cannot switch terminal echo off") }
        defer { tcsetattr(0, TCSAFLUSH, &original) }
        Stderr.write(prompt)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = Glibc.read(0, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private func restoreAndReraise(_ signalNumber: Int32) {
    tcsetattr(0, TCSANOW, &TerminalPassword.saved)
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
