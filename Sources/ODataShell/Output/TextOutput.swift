import FoundationEssentials
import Glibc
import ODataClient

/// Where renderers write: stdout and stderr by default, the REPL's pager, or anything (tests collect into strings).
final class TextOutput {
    let write: (String) -> Void
    let writeNote: (String) -> Void
    let flush: () -> Void
    /// True once nobody reads any more (the user quit the pager): producers stop, and the request with them.
    let isClosed: () -> Bool
    /// Writes bytes exactly as they are (a raw `$value` to a file or a pipe); nil where the output is for a person.
    let writeBytes: ((Data) -> Void)?
    /// A file (`.output FILE`): no colour, and tables as wide as their values rather than the terminal.
    let isFile: Bool
    /// Which standard streams are terminals, as the front end that made this output knows them (made once, at the
    /// edge): rows to a terminal are fitted to its width and get a timed footer; notes count as watched on one.
    let terminal: TerminalFacts
    init(write: @escaping (String) -> Void, writeNote: @escaping (String) -> Void, flush: @escaping () -> Void = {},
         isClosed: @escaping () -> Bool = { false }, writeBytes: ((Data) -> Void)? = nil, isFile: Bool = false,
         terminal: TerminalFacts = .none) {
        self.write = write; self.writeNote = writeNote; self.flush = flush; self.isClosed = isClosed; self.writeBytes = writeBytes
        self.isFile = isFile
        self.terminal = terminal
    }
    /// stdout, on streams that are terminals as `terminal` says; closed once a write to it failed, so that a full
    /// disk stops the download too.
    static func standard(_ terminal: TerminalFacts = .none) -> TextOutput {
        TextOutput(write: { Stdout.write($0) }, writeNote: { Stderr.write($0) }, flush: { Stdout.flush() }, isClosed: { Stdout.failed },
                   writeBytes: !terminal.stdout ? { Stdout.write(bytes: $0) } : nil, terminal: terminal)
    }
}
