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
         expanded: ShellSettings.Expanded = .auto, out: TextOutput = .standard) {
        self.width = max(20, width)
        self.color = color
        self.footer = footer
        self.sizingRows = max(1, sizingRows)
        self.order = order
        self.expanded = expanded
        self.out = out
    }

    /// Rows held now, waiting for the first page to end (for tests: it never grows past one page).
    var heldRows: Int { rows.count }

    /// Picks and formats the cells of each entity before layout (`TableColumns`); nil: all, as they are.
    var columnStep: TableColumns?

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

/// One record per block: `name │ value`, nulls marked; each record is written as it arrives. With a `width` (a
/// terminal), values longer than the room right of `│` wrap onto lines of their own; expanded collections follow
/// their line as indented records.
final class VerticalRenderer: ResultRenderer {
    private var n = 0
    private let color: Bool
    private let footer: Bool
    private let width: Int?
    private let out: TextOutput
    private let order: MemberOrder?
    init(color: Bool, footer: Bool, order: MemberOrder? = nil, width: Int? = nil, out: TextOutput = .standard) {
        self.color = color; self.footer = footer; self.order = order; self.width = width; self.out = out
    }

    func entity(_ e: EntityValue) throws { add(RowFlattener.row(e, order: order).forTerminal()) }
    func value(_ v: DataValue) throws { add(RowFlattener.row(v, order: order).forTerminal()) }

    /// Adds a record whose names and values are already fit for the terminal (`forTerminal`).
    func add(_ cells: [(String, RowFlattener.Cell)]) {
        n += 1
        out.write(Self.record(cells, title: "RECORD \(n)", indent: 0, TerminalStyle(isEnabled: color), width: width))
    }

    /// `-[ TITLE ]----` and a line per cell at `indent`; a collection cell's rows follow it as records, indented.
    static func record(_ cells: [(String, RowFlattener.Cell)], title: String, indent: Int, _ style: TerminalStyle, width: Int?) -> String {
        let margin = String(repeating: " ", count: indent)
        var text = margin + style.paint("-[ \(title) ]" + String(repeating: "-", count: 20), .dim) + "\n"
        let w = cells.map { DisplayWidth.of($0.0) }.max() ?? 0
        for (name, cell) in cells {
            let head = margin + DisplayWidth.pad(name, w) + " │ "
            if cell.isNull {
                text += head + style.paint(TableRenderer.nullText, .dim) + "\n"
            } else if let width, width - indent - w - 3 >= 10 {
                let lines = DisplayWidth.wrap(cell.text, width - indent - w - 3)
                text += head + lines[0] + "\n"
                for more in lines.dropFirst() { text += margin + String(repeating: " ", count: w) + " │ " + more + "\n" }
            } else {
                text += head + cell.text + "\n"
            }
            if let rows = cell.nested {
                for (i, r) in rows.enumerated() {
                    text += record(r, title: "\(name) \(i + 1)", indent: indent + 2, style, width: width)
                }
            }
        }
        return text
    }

    func pageEnd() throws { out.flush() }

    func finish(_ summary: ResultSummary) throws {
        if footer { out.write(TerminalStyle(isEnabled: color).paint(summary.footer, .dim) + "\n") }
        out.flush()
    }
}

/// RFC 4180 CSV with a header row. As the table does, the columns come from the first page (at most `sizingRows`
/// rows, held until the page ends; in the order of the statement's select, or metadata order), then the header and
/// those rows are written, and later rows stream in the same columns. A CSV file has one header: a column first
/// seen after it was written is left out, and named in a warning on stderr at the end. Collections (expanded or
/// not) are one cell of JSON text each, as `-o json` writes them.
final class CSVRenderer: ResultRenderer {
    /// The header, once written.
    private var columns: [String]?
    /// Columns of the rows held, in the order first seen.
    private var heldColumns: [String] = []
    private var heldColumnSet = Set<String>()
    /// Rows held until the first page ends, to find the columns.
    private var rows: [[String: RowFlattener.Cell]] = []
    /// Columns first seen after the header was written: left out, named at the end.
    private var lateColumns: [String] = []
    private var lateColumnSet = Set<String>()
    private var columnSet = Set<String>()
    private let footer: Bool
    private let sizingRows: Int
    private let order: MemberOrder?
    private let out: TextOutput
    private let counted: Bool
    init(footer: Bool, sizingRows: Int = TableRenderer.defaultSizingRows, order: MemberOrder? = nil, counted: Bool = false,
         out: TextOutput = .standard) {
        self.footer = footer; self.sizingRows = max(1, sizingRows); self.order = order; self.counted = counted; self.out = out
    }

    /// Rows held now, waiting for the first page to end.
    var heldRows: Int { rows.count }

    func entity(_ e: EntityValue) throws { add(RowFlattener.row(e, order: order, json: true)) }
    func value(_ v: DataValue) throws { add(RowFlattener.row(v, order: order, json: true)) }

    private func add(_ cells: [(String, RowFlattener.Cell)]) {
        var byName: [String: RowFlattener.Cell] = [:]
        for (n, c) in cells where byName[n] == nil { byName[n] = c }
        if let columns {
            for (n, _) in cells where !columnSet.contains(n) && lateColumnSet.insert(n).inserted { lateColumns.append(n) }
            out.write(line(columns, byName))
            return
        }
        for (n, _) in cells where heldColumnSet.insert(n).inserted { heldColumns.append(n) }
        rows.append(byName)
        if rows.count >= sizingRows { writeHeader() }
    }

    /// Fixes the columns from the rows held, writes the header and them.
    private func writeHeader() {
        guard columns == nil, !rows.isEmpty else { return }
        columns = heldColumns
        columnSet = heldColumnSet
        var text = heldColumns.map(Self.quote).joined(separator: ",") + "\r\n"
        for r in rows { text += line(heldColumns, r) }
        out.write(text)
        rows = []
        heldColumns = []
        heldColumnSet = []
    }

    private func line(_ columns: [String], _ byName: [String: RowFlattener.Cell]) -> String {
        columns.map { byName[$0].map { $0.isNull ? "" : Self.quote($0.text) } ?? "" }.joined(separator: ",") + "\r\n"
    }

    static func quote(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingAll("\"", with: "\"\"") + "\""
    }

    func pageEnd() throws {
        writeHeader()
        out.flush()
    }

    func finish(_ summary: ResultSummary) throws {
        writeHeader()
        out.flush()
        if !lateColumns.isEmpty {
            out.writeNote("odsh: warning: csv: columns first seen after the header was written are left out: "
                          + lateColumns.joined(separator: ", ") + "\n")
        }
        if footer { out.writeNote(summary.footer + "\n") }
        else if counted { out.writeNote("odsh: count: \(summary.count.map(String.init) ?? "none sent")\n") }
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
