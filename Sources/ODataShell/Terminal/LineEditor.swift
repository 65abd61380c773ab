import CStdio
import FoundationEssentials
import Glibc

/// Reads statements for the shell: libedit on a terminal (editing, history, completion), plain lines otherwise.
///
/// ```swift
/// let editor = LineEditor(configuration: .init(completionProvider: completer))
/// InterruptRelay.install()   // Ctrl-C cancels the running statement's requests
/// while let statement = editor.readStatement(needsMoreInput: { openBrackets($0) }) { run(statement) }
/// ```
///
/// The shell loop does not care which reader is behind it. On a terminal, Ctrl-C abandons the statement being
/// typed and gives a fresh prompt, Ctrl-D on an empty line ends the session (`readStatement` returns nil), and
/// Ctrl-C while a command runs goes to `SignalHandling` (installed here). Without a terminal there is no prompt
/// and no history, and statements are read line by line with the same continuation rule.
final class LineEditor {
    /// Key bindings: emacs (the default) or vi.
    enum EditingMode: String, CaseIterable, Sendable {
        case emacs, vi
    }

    /// How the editor behaves; all settings have defaults.
    struct Configuration {
        /// Shown before the first line of a statement. Mark invisible runs (colour codes) with "\u{1}" on both
        /// sides, so that libedit does not count them as columns.
        var prompt: String
        /// Shown before each further line of a statement that `needsMoreInput`.
        var continuationPrompt: String
        /// emacs (default) or vi key bindings.
        var editingMode: EditingMode
        /// The history file, or nil for none (history then lives only in memory for the session).
        var historyPath: String?
        /// The most history entries kept, in memory and in the file.
        var historyLimit: Int
        /// Which accepted statements may be kept in history.
        var historyFilter: HistoryFilter
        /// Answers TAB; nil: TAB beeps.
        var completionProvider: CompletionProvider?
        /// Whether libedit reads `$EDITRC` or `~/.editrc` (lines may start with `odsh:`).
        var readsEditrc: Bool

        init(prompt: String = "odsh> ", continuationPrompt: String = "  ...> ", editingMode: EditingMode = .emacs,
                    historyPath: String? = HistoryFile.defaultPath(), historyLimit: Int = 2000,
                    historyFilter: HistoryFilter = .default, completionProvider: CompletionProvider? = nil,
                    readsEditrc: Bool = true) {
            self.prompt = prompt
            self.continuationPrompt = continuationPrompt
            self.editingMode = editingMode
            self.historyPath = historyPath
            self.historyLimit = historyLimit
            self.historyFilter = historyFilter
            self.completionProvider = completionProvider
            self.readsEditrc = readsEditrc
        }
    }

    /// The settings; prompts, filter, completion provider and editing mode may change between statements.
    var configuration: Configuration {
        didSet {
            guard let editLine = reader as? EditLineReader else { return }
            editLine.completionProvider = configuration.completionProvider
            if configuration.editingMode != oldValue.editingMode { editLine.setEditingMode(configuration.editingMode) }
        }
    }
    /// Whether lines come from a terminal through libedit.
    let isInteractive: Bool
    /// Why the history file is not used (it could not be read or written), for the shell to mention once.
    private(set) var historyError: HistoryFileError?
    /// The input line (1-based) where the statement last returned began; for messages about script input.
    private(set) var statementLine = 0

    private let reader: LineReader
    private let historyFile: HistoryFile?
    private var linesRead = 0

    /// An editor on standard input: libedit when stdin is a terminal (as `terminal` says; and TERM is not "dumb"),
    /// plain lines otherwise. With libedit, editing output goes to stdout when it is a terminal, else to stderr.
    convenience init(configuration: Configuration = Configuration(), terminal: TerminalFacts) {
        self.init(configuration: configuration, input: 0, terminal: terminal)
    }

    /// An editor on a given input descriptor; only descriptor 0 can be a libedit terminal (tests pass pipes).
    init(configuration: Configuration, input: Int32, terminal: TerminalFacts) {
        self.configuration = configuration
        let environment = ProcessInfo.processInfo.environment
        let dumb = environment["TERM"] == "dumb"
        var editLine: EditLineReader?
        if input == 0 && terminal.stdin && !dumb {
            let out: UnsafeMutablePointer<FILE>? = terminal.stdout ? odsh_stdout() : (terminal.stderr ? odsh_stderr() : nil)
            if out != nil, let problem = EditLineReader.libraryProblem {
                // Lines are still read, without editing, history keys or completion.
                fputs("odsh: line editing is off: \(problem)\n", odsh_stderr())
            } else if let out {
                TerminalText.prepareLocale()
                editLine = EditLineReader(programName: "odsh", mode: configuration.editingMode,
                                          historySize: configuration.historyLimit, readsEditrc: configuration.readsEditrc,
                                          output: out)
            }
        }
        if let editLine {
            editLine.completionProvider = configuration.completionProvider
            reader = editLine
            isInteractive = true
            SignalHandling.installInterruptHandler()
            historyFile = configuration.historyPath.map { HistoryFile(path: $0, limit: configuration.historyLimit) }
        } else {
            // Prompts only when a person is at both ends (a terminal libedit cannot drive, such as TERM=dumb).
            let person = input == 0 && terminal.stdin && terminal.stdout
            reader = PlainLineReader(fd: input, promptOutput: person ? odsh_stdout() : nil)
            isInteractive = false
            historyFile = nil
        }
        loadHistory()
    }

    private func loadHistory() {
        guard let file = historyFile else { return }
        do {
            for entry in try file.load() where configuration.historyFilter.allows(entry) {
                reader.addToHistory(entry)
            }
        } catch let e as HistoryFileError {
            historyError = e
        } catch {
            historyError = HistoryFileError(path: file.path, message: "\(error)")
        }
    }

    /// Reads one statement: a line, and further lines (with the continuation prompt) while `needsMoreInput`
    /// says the text so far is incomplete; the lines are joined with "\n". Blank lines before a statement are
    /// skipped. Returns nil at the end of input (Ctrl-D on an empty line). At the end of input inside a statement
    /// the incomplete text is returned, so the caller's parser reports what is missing.
    ///
    /// On a terminal the statement is added to history (memory and file) when the history filter allows it, and
    /// `SignalHandling`'s interrupt flag is reset before the prompt.
    func readStatement(needsMoreInput: (String) -> Bool = { _ in false }) -> String? {
        if isInteractive { SignalHandling.resetInterrupt() }
        var lines: [String] = []
        while true {
            let result = reader.readLine(prompt: lines.isEmpty ? configuration.prompt : configuration.continuationPrompt)
            switch result {
            case .endOfInput:
                guard !lines.isEmpty else {
                    reader.finish()
                    return nil
                }
                let text = lines.joined(separator: "\n")
                remember(text)
                return text
            case .interrupted:
                lines.removeAll()
            case .line(let line):
                linesRead += 1
                if lines.isEmpty && line.allSatisfy(\.isWhitespace) { continue }
                if lines.isEmpty { statementLine = linesRead }
                lines.append(line)
                let text = lines.joined(separator: "\n")
                if needsMoreInput(text) { continue }
                remember(text)
                return text
            }
        }
    }

    /// Adds an entry to history (memory and file) if the filter allows it; `readStatement` does this itself.
    func remember(_ entry: String) {
        guard isInteractive, !entry.allSatisfy(\.isWhitespace), configuration.historyFilter.allows(entry) else { return }
        reader.addToHistory(entry)
        guard let file = historyFile, historyError == nil else { return }
        do {
            try file.append(entry)
        } catch let e as HistoryFileError {
            historyError = e
        } catch {
            historyError = HistoryFileError(path: file.path, message: "\(error)")
        }
    }
}
