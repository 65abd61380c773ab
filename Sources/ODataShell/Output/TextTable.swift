/// Aligns rows of text in columns (for listings; the result renderer has its own, terminal-aware table).
public struct TextTable {
    public var headers: [String]
    public var rows: [[String]] = []
    /// Columns whose values are right-aligned (numbers).
    public var rightAligned: Set<Int> = []

    /// Cells longer than this are cut with an ellipsis (the last column is never cut).
    public var maxCellWidth = 48

    public init(headers: [String]) { self.headers = headers }

    /// Adds a row. Cells are taken as server text (names and labels from metadata and catalogs): control characters,
    /// line breaks included, are escaped (`String.forTerminal`), so that a cell is one line that cannot act on a terminal.
    public mutating func add(_ row: [String]) {
        let last = row.count - 1
        rows.append(row.enumerated().map { i, c in
            let c = c.forTerminal()
            return i < last ? DisplayWidth.fit(c, maxCellWidth) : c
        })
    }

    public func render() -> String {
        // Display widths: labels in Japanese or Chinese take two columns a character.
        var widths = headers.map { DisplayWidth.of($0) }
        for r in rows { for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], DisplayWidth.of(c)) } }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, c) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[i] - DisplayWidth.of(c)))
                parts.append(rightAligned.contains(i) ? pad + c : (i == cells.count - 1 ? c : c + pad))
            }
            return parts.joined(separator: "  ")
        }
        var out = line(headers) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for r in rows { out += line(r) + "\n" }
        return out
    }
}
