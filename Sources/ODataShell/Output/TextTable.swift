import Glibc

/// Aligns rows of text in columns (for listings; the result renderer has its own, terminal-aware table).
///
/// On a terminal (`render(width:)` with its width) the columns are fitted to it as the result table is: the widest
/// column narrows first (of the `flexible` ones, while they can), no further than its heading (between 6 and 12
/// columns), and cut cells end in an ellipsis; without a width (a pipe, a file) every cell is whole.
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []
    /// Columns whose values are right-aligned (numbers).
    var rightAligned: Set<Int> = []
    /// Columns that give way first on a narrow terminal (descriptions, values, URLs), so that names stay whole
    /// while they can.
    var flexible: Set<Int> = []

    /// Cells longer than this are cut with an ellipsis, wherever the table goes (the last column is never cut by
    /// it); nil (the default) for none: in a pipe every cell is whole, on a terminal `render(width:)` fits them.
    var maxCellWidth: Int?

    init(headers: [String]) { self.headers = headers }

    /// Adds a row. Cells are taken as server text (names and labels from metadata and catalogs): control characters,
    /// line breaks included, are escaped (`String.forTerminal`), so that a cell is one line that cannot act on a terminal.
    mutating func add(_ row: [String]) {
        rows.append(row.map { $0.forTerminal() })
    }

    /// The table; with a `width`, fitted to it.
    func render(width: Int? = nil) -> String {
        var rows = self.rows
        if let cap = maxCellWidth {
            rows = rows.map { r in r.enumerated().map { i, c in i < r.count - 1 ? DisplayWidth.fit(c, cap) : c } }
        }
        // Display widths: labels in Japanese or Chinese take two columns a character.
        var widths = headers.map { DisplayWidth.of($0) }
        for r in rows { for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], DisplayWidth.of(c)) } }
        if let width {
            let least = headers.indices.map { i in min(widths[i], DisplayWidth.of(headers[i]).clamped(to: 6...12)) }
            func total() -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }
            while total() > width {
                let narrowable = widths.indices.filter { widths[$0] > least[$0] }
                let first = narrowable.filter(flexible.contains)
                guard let i = (first.isEmpty ? narrowable : first).max(by: { widths[$0] < widths[$1] }) else { break }
                widths[i] -= 1
            }
            rows = rows.map { r in r.enumerated().map { i, c in i < widths.count ? DisplayWidth.fit(c, widths[i]) : c } }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, c) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[i] - DisplayWidth.of(c)))
                parts.append(rightAligned.contains(i) ? pad + c : (i == cells.count - 1 ? c : c + pad))
            }
            return parts.joined(separator: "  ")
        }
        var out = line(headers.enumerated().map { i, h in DisplayWidth.fit(h, widths[i]) }) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for r in rows { out += line(r) + "\n" }
        return out
    }
}
