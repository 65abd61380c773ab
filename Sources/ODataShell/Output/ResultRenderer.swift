import FoundationEssentials
import Glibc
import ODataClient

/// Where the rows of a statement go: a renderer per output format, fed entity by entity as they arrive.
protocol ResultRenderer: AnyObject {
    func entity(_ e: EntityValue) throws
    func value(_ v: DataValue) throws
    /// After each page of the answer (before the next one is requested): what is ready goes out now.
    func pageEnd() throws
    /// After the last row: footers, closing brackets, flushing.
    func finish(_ summary: ResultSummary) throws
}

extension ResultRenderer {
    func pageEnd() throws {}
}

/// What the footer says about a result.
struct ResultSummary {
    var rows: Int
    /// The service has more pages that were not read.
    var morePages: Bool
    /// The row limit cut the output short.
    var limited: Bool
    /// `$count` / `__count`, when asked for.
    var count: Int?
    var elapsedMilliseconds: Double?
    /// How to see the rest when there are more pages.
    var moreHint = ".next shows the next page"

    /// `3 rows (of 91) · more pages: --all or .set all on · 12.3 ms`
    var footer: String {
        var parts = ["\(rows) row\(rows == 1 ? "" : "s")" + (count.map { " (of \($0))" } ?? "")]
        if limited { parts.append("row limit reached") }
        if morePages { parts.append("more: \(moreHint)") }
        if let ms = elapsedMilliseconds { parts.append(String(cFormat: "%.1f ms", ms)) }
        return parts.joined(separator: " · ")
    }
}

enum ResultRenderers {
    /// The renderer for a format; `footer` adds the summary line (as a note, on stderr, for machine formats);
    /// `order` puts the columns (members) in the order of the statement's select and expand.
    /// `counted`: the statement asked for the count (`count` clause), which every format then carries: table and
    /// vertical in the footer ("3 rows (of 91)"), json as `{"value": [...], "@odata.count": 91}`, ndjson as a
    /// last line `{"@odata.count": 91}`, csv as a note on stderr (`odsh: count: 91`).
    /// `expanded` (psql's `\x`) decides between table and records for the table format; `wrap` breaks long values
    /// of records at `terminalWidth` (for a terminal). `columnStep` picks and formats the cells of each entity of a
    /// table (`TableColumns`); the other formats show the entities as they are.
    static func make(_ format: ShellSettings.OutputFormat, terminalWidth: Int, color: Bool, footer: Bool,
                     order: MemberOrder? = nil, counted: Bool = false, expanded: ShellSettings.Expanded = .auto,
                     wrap: Bool = false, columnStep: TableColumns? = nil, out: TextOutput = .standard()) -> ResultRenderer {
        switch format {
        case .table where expanded == .on, .vertical:
            return VerticalRenderer(color: color, footer: footer, order: order, width: wrap ? terminalWidth : nil, out: out)
        case .table:
            return TableRenderer(width: terminalWidth, color: color, footer: footer, order: order, expanded: expanded,
                                 columnStep: columnStep, out: out)
        case .json: return JSONRowsRenderer(array: true, footer: footer, order: order, counted: counted, out: out)
        case .ndjson: return JSONRowsRenderer(array: false, footer: footer, order: order, counted: counted, out: out)
        case .csv: return CSVRenderer(footer: footer, order: order, counted: counted, out: out)
        }
    }
}
