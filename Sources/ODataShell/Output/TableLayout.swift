/// The columns of a table sized to a width in terminal columns (`DisplayWidth`: wide characters and emoji take
/// two, combining marks none), and its lines: values too long for their column cut with an ellipsis, numbers
/// right-aligned, null shown apart from an empty string. Rows of an expanded collection (`Cell.nested`) follow
/// their row as an indented table of their own, or as indented records when that table cannot fit.
struct TableLayout {
    typealias Cell = RowFlattener.Cell

    var columns: [String]
    var widths: [Int]
    var numeric: [Bool]
    /// Where the lines start (nested tables are indented).
    var indent = 0

    static let nullText = "null"
    /// Columns are narrowed to this at most (less only when the heading and every value are shorter).
    static let minimumWidth = 6

    /// Widths for `rows` within `width` columns: the widest column is narrowed step by step. Nil when even narrowed
    /// columns do not fit, unless `force` (then the narrowest layout, wider than `width`).
    static func fitting(_ columns: [String], rows: [[String: Cell]], width: Int, indent: Int = 0, force: Bool = false) -> TableLayout? {
        var widths = columns.map { c in
            rows.reduce(DisplayWidth.of(c)) { w, r in
                guard let cell = r[c] else { return w }
                return max(w, cell.isNull ? nullText.count : DisplayWidth.of(cell.text))
            }
        }
        let available = width - indent
        func total() -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }
        // A column narrows to its heading's width (between 6 and 12), or to its widest value when that is less.
        let least = columns.map { DisplayWidth.of($0).clamped(to: minimumWidth...12) }
        while total() > available {
            guard let i = widths.indices.filter({ widths[$0] > least[$0] }).max(by: { widths[$0] < widths[$1] }) else { break }
            widths[i] -= 1
        }
        if total() > available && !force { return nil }
        let numeric = columns.map { c in rows.allSatisfy { r in r[c].map { $0.isNull || $0.isNumber } ?? true } }
        return TableLayout(columns: columns, widths: widths, numeric: numeric, indent: indent)
    }

    /// The heading line and the rule under it.
    func heading(_ style: TerminalStyle) -> String {
        let margin = String(repeating: " ", count: indent)
        let names = columns.indices.map { style.paint(DisplayWidth.pad(DisplayWidth.fit(columns[$0], widths[$0]), widths[$0], right: numeric[$0]), .bold) }
        return margin + names.joined(separator: "  ").trailingSpacesTrimmed() + "\n"
            + margin + widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ") + "\n"
    }

    /// One row in these columns (cells of other columns are left out), then the rows nested in its cells.
    func line(_ cells: [(String, Cell)], _ style: TerminalStyle, width: Int, force: Bool) -> String {
        var byName: [String: Cell] = [:]
        for (name, cell) in cells where byName[name] == nil { byName[name] = cell }
        let text = columns.indices.map { i -> String in
            guard let cell = byName[columns[i]] else { return String(repeating: " ", count: widths[i]) }
            if cell.isNull { return style.paint(DisplayWidth.pad(Self.nullText, widths[i], right: numeric[i]), .dim) }
            // A wide character that does not fit whole leaves its column one short: the padding fills it.
            return DisplayWidth.pad(DisplayWidth.fit(cell.text, widths[i]), widths[i], right: numeric[i])
        }.joined(separator: "  ").trailingSpacesTrimmed()
        var out = String(repeating: " ", count: indent) + text + "\n"
        for c in columns { if let cell = byName[c] { out += Self.nested(c, cell, indent: indent, style, width: width, force: force) } }
        return out
    }

    /// The rows of a collection cell below its row: `↳ Name`, then a table of them (or records, when it cannot fit).
    static func nested(_ name: String, _ cell: Cell, indent: Int, _ style: TerminalStyle, width: Int, force: Bool) -> String {
        guard let rows = cell.nested, !rows.isEmpty else { return "" }
        var out = String(repeating: " ", count: indent + 2) + style.paint("↳ " + name, .dim) + "\n"
        out += table(rows, indent: indent + 4, style, width: width, force: force)
        return out
    }

    /// Rows as a table of their own at `indent`, or as records when the table cannot fit.
    static func table(_ rows: [[(String, Cell)]], indent: Int, _ style: TerminalStyle, width: Int, force: Bool) -> String {
        var columns: [String] = []
        var seen = Set<String>()
        var byName: [[String: Cell]] = []
        for r in rows {
            var row: [String: Cell] = [:]
            for (n, c) in r where row[n] == nil {
                if seen.insert(n).inserted { columns.append(n) }
                row[n] = c
            }
            byName.append(row)
        }
        guard let layout = fitting(columns, rows: byName, width: width, indent: indent, force: force) else {
            return rows.enumerated().map { i, r in
                VerticalRenderer.record(r, title: "\(i + 1)", indent: indent, style, width: width)
            }.joined()
        }
        return layout.heading(style) + rows.map { layout.line($0, style, width: width, force: force) }.joined()
    }
}
