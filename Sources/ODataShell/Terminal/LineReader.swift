/// One way of reading lines: libedit on a terminal, plain reads otherwise. `LineEditor` picks one.
protocol LineReader: AnyObject {
    /// Reads one line (without its newline).
    func readLine(prompt: String) -> LineReadResult
    /// Makes an entry available to history recall and search (terminal only).
    func addToHistory(_ entry: String)
    /// Called once at the end of input (the terminal reader moves to a fresh line).
    func finish()
}

/// What a read gave.
enum LineReadResult: Equatable {
    case line(String)
    /// Ctrl-C: the line was abandoned.
    case interrupted
    /// Ctrl-D on an empty line, end of file, or a read error.
    case endOfInput
}
