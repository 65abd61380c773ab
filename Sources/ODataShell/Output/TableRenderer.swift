import FoundationEssentials
import ODataClient
import ODataModel

/// Aligned columns fitted to the terminal (`TableLayout`: display width, values cut with an ellipsis, numbers
/// right-aligned, null apart from an empty string, expanded collections as nested rows below their row). When the
/// columns cannot fit, `expanded` decides, as psql's `\x`: auto shows vertical records instead, with a note saying
/// so; off keeps the table, wider than the terminal.
///
/// Rows stream, as psql's FETCH_COUNT does: the columns are sized from the first page (at most `sizingRows` rows,
/// held until the page ends), then the header and those rows are printed, and every later row is printed as it
/// arrives in the same columns, values wider than their column cut with the ellipsis. Memory holds one page at
/// most, whatever the number of pages; the footer comes after the last row.
final class TableRenderer: ResultRenderer {
    private var columns: [String] = []
    /// Rows held to size the columns (the first page); empty once the layout is fixed.
    private var rows: [[(String, RowFlattener.Cell)]] = []
    private var rowsByName: [[String: RowFlattener.Cell]] = []
    private var layout: TableLayout?
    /// Set instead of `layout` when the columns cannot fit: records from then on.
    private var records: VerticalRenderer?
    /// Columns first seen after the layout was fixed: not shown, named in the footer.
    private var lateColumns: [String] = []
    private let width: Int
    private let color: Bool
    private let footer: Bool
    private let sizingRows: Int
    private let expanded: ShellSettings.Expanded
    static let nullText = TableLayout.nullText
    /// Rows held at most to size the columns when the first page is longer (or the service does not page).
    static let defaultSizingRows = 1000

    private let out: TextOutput
    private let order: MemberOrder?

    init(width: Int, color: Bool, footer: Bool, sizingRows: Int = TableRenderer.defaultSizingRows, order: MemberOrder? = nil,
         expanded: ShellSettings.Expanded = .auto, columnStep: TableColumns? = nil, out: TextOutput = .standard()) {
        self.width = max(20, width)
        self.color = color
        self.footer = footer
        self.sizingRows = max(1, sizingRows)
        self.order = order
        self.expanded = expanded
        self.columnStep = columnStep
        self.out = out
    }

    /// Rows held now, waiting for the first page to end (for tests: it never grows past one page).
    var heldRows: Int { rows.count }

    /// Picks and formats the cells of each entity before layout (`TableColumns`); nil: all, as they are.
    private let columnStep: TableColumns?

    func entity(_ e: EntityValue) throws {
        let row = RowFlattener.row(e, order: order)
        add((columnStep?.apply(row) ?? row).forTerminal())
    }
    func value(_ v: DataValue) throws { add(RowFlattener.row(v, order: order).forTerminal()) }

    private var style: TerminalStyle { TerminalStyle(isEnabled: color) }

    private func add(_ cells: [(String, RowFlattener.Cell)]) {
        if let layout {
            out.write(layout.line(cells, style, width: width, force: expanded == .off))
            for (name, _) in cells where !layout.columns.contains(name) && !lateColumns.contains(name) { lateColumns.append(name) }
            return
        }
        if let records {
            records.add(cells)
            return
        }
        var row: [String: RowFlattener.Cell] = [:]
        for (name, cell) in cells {
            if row[name] == nil && !columns.contains(name) { columns.append(name) }
            if row[name] == nil { row[name] = cell }
        }
        rows.append(cells)
        rowsByName.append(row)
        if rows.count >= sizingRows { fixLayout() }
    }

    func pageEnd() throws {
        fixLayout()
        out.flush()
    }

    func finish(_ summary: ResultSummary) throws {
        fixLayout()
        if footer {
            var text = summary.footer
            if !lateColumns.isEmpty {
                text += " · not shown (first seen after the first page): " + lateColumns.joined(separator: ", ")
            }
            out.write(style.paint(text, .dim) + "\n")
        }
        out.flush()
    }

    /// Sizes the columns from the rows held, prints the header and them, and lets later rows stream.
    private func fixLayout() {
        guard layout == nil, records == nil, !rows.isEmpty else { return }
        if let l = TableLayout.fitting(columns, rows: rowsByName, width: width, force: expanded == .off) {
            layout = l
            var text = l.heading(style)
            for r in rows { text += l.line(r, style, width: width, force: expanded == .off) }
            out.write(text)
        } else {
            out.write(style.paint("(too wide: records shown; .set expanded off for the table)", .dim) + "\n")
            let v = VerticalRenderer(color: color, footer: false, width: width, out: out)
            for r in rows { v.add(r) }
            records = v
        }
        rows = []
        rowsByName = []
    }
}

extension String {
    func trailingSpacesTrimmed() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
    /// The text as table and vertical output show it: line breaks as ⏎, other control characters escaped
    /// (TerminalEscaping's convention), so that a value from the service cannot move the cursor, retitle the window or
    /// forge a row.
    func forTerminal() -> String {
        guard unicodeScalars.contains(where: { TerminalEscaping.needsEscape($0) }) else { return self }
        return TerminalEscaping.escaped(replacingAll("\r\n", with: "⏎").replacingAll("\n", with: "⏎"))
    }
}

extension Array where Element == (String, RowFlattener.Cell) {
    /// Names and values as table and vertical output show them (`String.forTerminal`).
    func forTerminal() -> [(String, RowFlattener.Cell)] {
        map { name, cell in
            var c = cell
            c.text = cell.text.forTerminal()
            c.nested = cell.nested?.map { $0.forTerminal() }
            return (name.forTerminal(), c)
        }
    }
}

extension Int {
    func clamped(to r: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}
