import Foundation
import ODataClient

/// Aligned columns fitted to the terminal: long values cut with an ellipsis, numbers right-aligned, null shown
/// apart from an empty string; when the columns cannot fit, a vertical record view instead (like psql's \x auto).
final class TableRenderer: ResultRenderer {
    private var columns: [String] = []
    private var rows: [[String: RowFlattener.Cell]] = []
    private let width: Int
    private let color: Bool
    private let footer: Bool
    static let nullText = "null"

    init(width: Int, color: Bool, footer: Bool) {
        self.width = max(20, width)
        self.color = color
        self.footer = footer
    }

    func entity(_ e: EntityValue) throws { add(RowFlattener.row(e)) }
    func value(_ v: DataValue) throws { add(RowFlattener.row(v)) }

    private func add(_ cells: [(String, RowFlattener.Cell)]) {
        var row: [String: RowFlattener.Cell] = [:]
        for (name, cell) in cells {
            if row[name] == nil && !columns.contains(name) { columns.append(name) }
            row[name] = cell
        }
        rows.append(row)
    }

    func finish(_ summary: ResultSummary) throws {
        var out = ""
        if !rows.isEmpty {
            if let table = layout() { out += table } else {
                let v = VerticalRenderer(color: color, footer: false)
                for r in rows { v.add(columns.compactMap { c in r[c].map { (c, $0) } }) }
                out += v.rendered
            }
        }
        Stdout.write(out)
        if footer { Stdout.write(TerminalStyle(isEnabled: color).paint(summary.footer, .dim) + "\n") }
        Stdout.flush()
    }

    /// The table text, or nil when even narrowed columns do not fit.
    private func layout() -> String? {
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
        func fit(_ s: String, _ w: Int) -> String { s.count <= w ? s : String(s.prefix(max(0, w - 1))) + "…" }
        func pad(_ s: String, _ w: Int, right: Bool) -> String {
            let p = String(repeating: " ", count: max(0, w - s.count))
            return right ? p + s : s + p
        }
        var lines: [String] = []
        lines.append(columns.indices.map { TerminalStyle(isEnabled: color).paint(pad(fit(columns[$0], widths[$0]), widths[$0], right: numeric[$0]), .bold) }
            .joined(separator: "  ").trailingSpacesTrimmed())
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        for r in rows {
            lines.append(columns.indices.map { i -> String in
                guard let cell = r[columns[i]] else { return pad("", widths[i], right: false) }
                if cell.isNull { return TerminalStyle(isEnabled: color).paint(pad(Self.nullText, widths[i], right: numeric[i]), .dim) }
                return pad(fit(cell.text.replacingNewlines(), widths[i]), widths[i], right: numeric[i])
            }.joined(separator: "  ").trailingSpacesTrimmed())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One record per block: `name  value`, nulls marked.
final class VerticalRenderer: ResultRenderer {
    private(set) var rendered = ""
    private var n = 0
    private let color: Bool
    private let footer: Bool
    init(color: Bool, footer: Bool) { self.color = color; self.footer = footer }

    func entity(_ e: EntityValue) throws { add(RowFlattener.row(e)); flushIfStreaming() }
    func value(_ v: DataValue) throws { add(RowFlattener.row(v)); flushIfStreaming() }

    func add(_ cells: [(String, RowFlattener.Cell)]) {
        n += 1
        rendered += TerminalStyle(isEnabled: color).paint("-[ RECORD \(n) ]" + String(repeating: "-", count: 20), .dim) + "\n"
        let w = cells.map { $0.0.count }.max() ?? 0
        for (name, cell) in cells {
            let value = cell.isNull ? TerminalStyle(isEnabled: color).paint(TableRenderer.nullText, .dim) : cell.text
            rendered += name + String(repeating: " ", count: w - name.count) + " │ " + value + "\n"
        }
    }

    private func flushIfStreaming() {
        guard footer else { return }   // inside a table fallback the table prints it
        Stdout.write(rendered)
        rendered = ""
    }

    func finish(_ summary: ResultSummary) throws {
        Stdout.write(rendered)
        rendered = ""
        if footer { Stdout.write(TerminalStyle(isEnabled: color).paint(summary.footer, .dim) + "\n") }
        Stdout.flush()
    }
}

/// RFC 4180 CSV with a header row (columns from the first row; later new columns are appended empty before).
final class CSVRenderer: ResultRenderer {
    private var columns: [String]?
    private let footer: Bool
    init(footer: Bool) { self.footer = footer }

    func entity(_ e: EntityValue) throws { write(RowFlattener.row(e)) }
    func value(_ v: DataValue) throws { write(RowFlattener.row(v)) }

    private func write(_ cells: [(String, RowFlattener.Cell)]) {
        if columns == nil {
            columns = cells.map(\.0)
            Stdout.write(columns!.map(Self.quote).joined(separator: ",") + "\r\n")
        }
        var byName: [String: RowFlattener.Cell] = [:]
        for (n, c) in cells { byName[n] = c }
        Stdout.write(columns!.map { byName[$0].map { $0.isNull ? "" : Self.quote($0.text) } ?? "" }.joined(separator: ",") + "\r\n")
    }

    static func quote(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    func finish(_ summary: ResultSummary) throws {
        Stdout.flush()
        if footer { Stderr.write(summary.footer + "\n") }
    }
}

extension String {
    func trailingSpacesTrimmed() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
    func replacingNewlines() -> String { replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\r", with: "") }
}

extension Int {
    func clamped(to r: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, r.lowerBound), r.upperBound) }
}
