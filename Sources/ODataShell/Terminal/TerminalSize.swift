import CLibEdit
import FoundationEssentials

/// The size of the terminal: `TIOCGWINSZ` on a file descriptor, else `$COLUMNS`/`$LINES`, else 80×24.
struct TerminalSize: Hashable, Sendable {
    var columns: Int
    var rows: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size now (it changes when the window is resized, so ask again rather than keep it).
    static func current(fd: Int32 = 1, environment: [String: String] = ProcessEnvironment.current) -> TerminalSize {
        var cols: Int32 = 0, rows: Int32 = 0
        if odsh_terminal_size(fd, &cols, &rows) == 0, cols > 0 {
            return TerminalSize(columns: Int(cols), rows: rows > 0 ? Int(rows) : 24)
        }
        let envCols = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let envRows = environment["LINES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        return TerminalSize(columns: envCols ?? 80, rows: envRows ?? 24)
    }
}
