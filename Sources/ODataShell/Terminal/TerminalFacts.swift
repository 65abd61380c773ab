import Glibc

/// Which of the standard streams are terminals: asked of the system once, when the process starts its work, and
/// passed down (a person at a terminal gets tables, a pager and prompts; a pipe gets JSON and no questions).
/// The width is asked when a table is laid out, as a terminal can be resized meanwhile (`stdoutWidth`).
struct TerminalFacts: Sendable, Equatable {
    var stdin: Bool
    var stdout: Bool
    var stderr: Bool

    /// The process's streams, asked once.
    static let process = TerminalFacts(stdin: isatty(0) != 0, stdout: isatty(1) != 0, stderr: isatty(2) != 0)

    /// No terminal at all: what a program reads and writes (`odsh mcp`, tests), whatever the process's streams are.
    static let none = TerminalFacts(stdin: false, stdout: false, stderr: false)

    /// The width of the terminal stdout is, asked now (it can be resized); nil when stdout is none (a pipe or a file
    /// gets text whole).
    var stdoutWidth: Int? { stdout ? TerminalSize.current().columns : nil }

    /// The same for listings written to stderr: nil when stderr is no terminal.
    var stderrWidth: Int? { stderr ? TerminalSize.current().columns : nil }

    /// A person can be asked something: questions are read from stdin and written to stderr.
    var canAsk: Bool { stdin && stderr }

    /// A person may be at a terminal: standard input or standard error is one (a sign-in can wait for them).
    var personMayBeThere: Bool { stdin || stderr }
}
