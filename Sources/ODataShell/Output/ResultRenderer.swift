import FoundationEssentials
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

    /// `3 rows (of 91) · more pages: --all or .set all on · 12.3 ms`
    var footer: String {
        var parts = ["\(rows) row\(rows == 1 ? "" : "s")" + (count.map { " (of \($0))" } ?? "")]
        if limited { parts.append("row limit reached") }
        if morePages { parts.append("more pages: --all (or .set all on) reads them") }
        if let ms = elapsedMilliseconds { parts.append(String(cFormat: "%.1f ms", ms)) }
        return parts.joined(separator: " · ")
    }
}

/// Where renderers write: stdout and stderr by default, the REPL's pager, or anything (tests collect into strings).
final class TextOutput {
    let write: (String) -> Void
    let writeNote: (String) -> Void
    let flush: () -> Void
    /// True once nobody reads any more (the user quit the pager): producers stop, and the request with them.
    let isClosed: () -> Bool
    init(write: @escaping (String) -> Void, writeNote: @escaping (String) -> Void, flush: @escaping () -> Void = {},
         isClosed: @escaping () -> Bool = { false }) {
        self.write = write; self.writeNote = writeNote; self.flush = flush; self.isClosed = isClosed
    }
    /// stdout; closed once a write to it failed, so that a full disk stops the download too.
    static let standard = TextOutput(write: Stdout.write, writeNote: Stderr.write, flush: Stdout.flush, isClosed: { Stdout.failed })
}

enum ResultRenderers {
    /// The renderer for a format; `footer` adds the summary line (as a note, on stderr, for machine formats);
    /// `order` puts the columns (members) in the order of the statement's select and expand.
    static func make(_ format: ShellSettings.OutputFormat, terminalWidth: Int, color: Bool, footer: Bool,
                     order: MemberOrder? = nil, out: TextOutput = .standard) -> ResultRenderer {
        switch format {
        case .table: return TableRenderer(width: terminalWidth, color: color, footer: footer, order: order, out: out)
        case .vertical: return VerticalRenderer(color: color, footer: footer, order: order, out: out)
        case .json: return JSONRowsRenderer(array: true, footer: footer, order: order, out: out)
        case .ndjson: return JSONRowsRenderer(array: false, footer: footer, order: order, out: out)
        case .csv: return CSVRenderer(footer: footer, order: order, out: out)
        }
    }
}

/// JSON (one array) and NDJSON (one object per line): properties only, expanded navigation nested.
final class JSONRowsRenderer: ResultRenderer {
    private let writer: NDJSONWriter
    private let footer: Bool
    private let out: TextOutput
    init(array: Bool, footer: Bool, annotations: Bool = false, order: MemberOrder? = nil, out: TextOutput = .standard) {
        writer = NDJSONWriter(options: .init(annotations: annotations, jsonArray: array, memberOrder: order)) { bytes in
            out.write(String(decoding: bytes, as: UTF8.self))
        }
        self.footer = footer
        self.out = out
    }
    func entity(_ e: EntityValue) throws { try writer.write(e) }
    func value(_ v: DataValue) throws { try writer.write(v) }
    func pageEnd() throws {
        try writer.flush()
        out.flush()
    }
    func finish(_ summary: ResultSummary) throws {
        try writer.finish()
        out.flush()
        if footer { out.writeNote(summary.footer + "\n") }
    }
}
