import FoundationEssentials
import ODataClient
import ODataModel

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
         out: TextOutput = .standard()) {
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
