import Foundation
import ODataClient

/// Where the rows of a statement go: a renderer per output format, fed entity by entity as they arrive.
protocol ResultRenderer: AnyObject {
    func entity(_ e: EntityValue) throws
    func value(_ v: DataValue) throws
    /// After the last row: footers, closing brackets, flushing.
    func finish(_ summary: ResultSummary) throws
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

    /// `3 rows (of 91) · more pages: --all or .set all on · 12.3 ms`
    var footer: String {
        var parts = ["\(rows) row\(rows == 1 ? "" : "s")" + (count.map { " (of \($0))" } ?? "")]
        if limited { parts.append("row limit reached") }
        if morePages { parts.append("more pages: --all (or .set all on) reads them") }
        if let ms = elapsedMilliseconds { parts.append(String(format: "%.1f ms", ms)) }
        return parts.joined(separator: " · ")
    }
}

enum ResultRenderers {
    /// The renderer for a format writing to stdout; `footer` adds the summary line (to stderr for machine formats).
    static func make(_ format: ShellSettings.OutputFormat, terminalWidth: Int, color: Bool, footer: Bool) -> ResultRenderer {
        switch format {
        case .table: return TableRenderer(width: terminalWidth, color: color, footer: footer)
        case .vertical: return VerticalRenderer(color: color, footer: footer)
        case .json: return JSONRowsRenderer(array: true, footer: footer)
        case .ndjson: return JSONRowsRenderer(array: false, footer: footer)
        case .csv: return CSVRenderer(footer: footer)
        }
    }
}

/// JSON (one array) and NDJSON (one object per line): properties only, expanded navigation nested.
final class JSONRowsRenderer: ResultRenderer {
    private let writer: NDJSONWriter
    private let footer: Bool
    init(array: Bool, footer: Bool, annotations: Bool = false) {
        writer = NDJSONWriter(file: stdout, options: .init(annotations: annotations, jsonArray: array))
        self.footer = footer
    }
    func entity(_ e: EntityValue) throws { try writer.write(e) }
    func value(_ v: DataValue) throws { try writer.write(v) }
    func finish(_ summary: ResultSummary) throws {
        try writer.finish()
        fflush(stdout)
        if footer { Stderr.write(summary.footer + "\n") }
    }
}
