import FoundationEssentials
import ODataClient
import ODataModel

/// Aligned columns fitted to the terminal: long values cut with an ellipsis, numbers right-aligned, null shown
/// apart from an empty string; when the columns cannot fit, a vertical record view instead (like psql's \x auto).
///
/// Rows stream, as psql's FETCH_COUNT does: the columns are sized from the first page (at most `sizingRows` rows,
/// held until the page ends), then the header and those rows are printed, and every later row is printed as it
/// arrives in the same columns, values wider than their column cut with the ellipsis. Memory holds one page at
/// most, whatever the number of pages; the footer comes after the last row.
final class TableRenderer: ResultRenderer {
    /// The fixed columns once the first page has been laid out.
    private struct Layout {
        var columns: [String]
        var widths: [Int]
        var numeric: [Bool]
    }

    private var columns: [String] = []
    /// Rows held to size the columns (the first page); empty once the layout is fixed.
    private var rows: [[String: RowFlattener.Cell]] = []
    private var layout: Layout?
    /// Set instead of `layout` when the columns cannot fit: records from then on.
    private var records: VerticalRenderer?
    /// Columns first seen after the layout was fixed: not shown, named in the footer.
    private var lateColumns: [String] = []
    private let width: Int
    private let color: Bool
    private let footer: Bool
    private let sizingRows: Int
    static let nullText = "null"
    /// Rows held at most to size the columns when the first page is longer (or the service does not page).
    static let defaultSizingRows = 1000

    private let out: TextOutput
    private let order: MemberOrder?

    init(width: Int, color: Bool, footer: Bool, sizingRows: Int = TableRenderer.defaultSizingRows, order: MemberOrder? = nil,
         out: TextOutput = .standard) {
        self.width = max(20, width)
        self.color = color
        self.footer = footer
        self.sizingRows = max(1, sizingRows)
        self.order = order
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

    private func add(_ cells: [(String, RowFlattener.Cell)]) {
        if let layout {
            out.write(line(layout, cells: cells))
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
            row[name] = cell
        }
        rows.append(row)
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
            out.write(TerminalStyle(isEnabled: color).paint(text, .dim) + "\n")
        }
        out.flush()
    }

    /// Sizes the columns from the rows held, prints the header and them, and lets later rows stream.
    private func fixLayout() {
        guard layout == nil, records == nil, !rows.isEmpty else { return }
        if let l = computeLayout() {
            layout = l
            let style = TerminalStyle(isEnabled: color)
            var text = l.columns.indices.map { style.paint(Self.pad(Self.fit(l.columns[$0], l.widths[$0]), l.widths[$0], right: l.numeric[$0]), .bold) }
                .joined(separator: "  ").trailingSpacesTrimmed() + "\n"
            text += l.widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ") + "\n"
            for r in rows { text += line(l, cells: l.columns.compactMap { c in r[c].map { (c, $0) } }) }
            out.write(text)
        } else {
            let v = VerticalRenderer(color: color, footer: false, out: out)
            for r in rows { v.add(columns.compactMap { c in r[c].map { (c, $0) } }) }
            records = v
        }
        rows = []
    }

    /// The widths and alignment from the rows held, or nil when even narrowed columns do not fit.
    private func computeLayout() -> Layout? {
        let minWidth = 6
        var widths = columns.map { c in max(c.count, rows.map { ($0[c]?.text.count ?? 0, $0[c]?.isNull == true ? Self.nullText.count : 0) }.map { max($0.0, $0.1) }.max() ?? 0) }
        let sep = 2
        func total() -> Int { widths.reduce(0, +) + sep * max(0, widths.count - 1) }
        // Narrow the widest column step by step until the table fits or every column is at its minimum.
        while total() > width {
            guard let i = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[i] > max(minWidth, columns[i].count.clamped(to: minWidth...12)) else { break }
            widths[i] -= 1
        }
        if total() > width { return nil }
        let numeric = columns.map { c in rows.allSatisfy { r in r[c].map { $0.isNull || $0.isNumber } ?? true } }
        return Layout(columns: columns, widths: widths, numeric: numeric)
    }

    private static func fit(_ s: String, _ w: Int) -> String { s.count <= w ? s : String(s.prefix(max(0, w - 1))) + "…" }
    private static func pad(_ s: String, _ w: Int, right: Bool) -> String {
        let p = String(repeating: " ", count: max(0, w - s.count))
        return right ? p + s : s + p
    }

    /// One row in the layout's columns (cells of other columns are left out).
    private func line(_ l: Layout, cells: [(String, RowFlattener.Cell)]) -> String {
        var byName: [String: RowFlattener.Cell] = [:]
        for (name, cell) in cells where byName[name] == nil { byName[name] = cell }
        return l.columns.indices.map { i -> String in
            guard let cell = byName[l.columns[i]] else { return Self.pad("", l.widths[i], right: false) }
            if cell.isNull { return TerminalStyle(isEnabled: color).paint(Self.pad(Self.nullText, l.widths[i], right: l.numeric[i]), .dim) }
            return Self.pad(Self.fit(cell.text, l.widths[i]), l.widths[i], right: l.numeric[i])
        }.joined(separator: "  ").trailingSpacesTrimmed() + "\n"
    }
}

/// One record per block: `name  value`, nulls marked; each record is written as it arrives.
final class VerticalRenderer: ResultRenderer {
    private var n = 0
    private let color: Bool
    private let footer: Bool
    private let out: TextOutput
    private let order: MemberOrder?
    init(color: Bool, footer: Bool, order: MemberOrder? = nil, out: TextOutput = .standard) {
        self.color = color; self.footer = footer; self.order = order; self.out = out
    }

    func entity(_ e: EntityValue) throws { add(RowFlattener.row(e, order: order).forTerminal()) }
    func value(_ v: DataValue) throws { add(RowFlattener.row(v, order: order).forTerminal()) }

    /// Adds a record whose names and values are already fit for the terminal (`forTerminal`).
    func add(_ cells: [(String, RowFlattener.Cell)]) {
        n += 1
        var text = TerminalStyle(isEnabled: color).paint("-[ RECORD \(n) ]" + String(repeating: "-", count: 20), .dim) + "\n"
        let w = cells.map { $0.0.count }.max() ?? 0
        for (name, cell) in cells {
            let value = cell.isNull ? TerminalStyle(isEnabled: color).paint(TableRenderer.nullText, .dim) : cell.text
            text += name + String(repeating: " ", count: w - name.count) + " │ " + value + "\n"
        }
        out.write(text)
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
/// seen after it was written is left out, and named in a warning on stderr at the end.
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

    func entity(_ e: EntityValue) throws { add(RowFlattener.row(e, order: order)) }
    func value(_ v: DataValue) throws { add(RowFlattener.row(v, order: order)) }

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
    /// (ServerText's convention), so that a value from the service cannot move the cursor, retitle the window or
    /// forge a row.
    func forTerminal() -> String {
        guard unicodeScalars.contains(where: { ServerText.needsEscape($0) }) else { return self }
        return ServerText.escaped(replacingAll("\r\n", with: "⏎").replacingAll("\n", with: "⏎"))
    }
}

extension Array where Element == (String, RowFlattener.Cell) {
    /// Names and values as table and vertical output show them (`String.forTerminal`).
    func forTerminal() -> [(String, RowFlattener.Cell)] {
        map { name, cell in
            var c = cell
            c.text = cell.text.forTerminal()
            return (name.forTerminal(), c)
        }
    }
}

extension Int {
    func clamped(to r: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}
