import FoundationEssentials
import ODataClient
import ODataModel

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
    init(color: Bool, footer: Bool, order: MemberOrder? = nil, width: Int? = nil, out: TextOutput = .standard()) {
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
