import FoundationEssentials
import ODataClient
import ODataModel
import ODataQuery

/// Shows what a `ResultReader` read: the rows through the renderer for the session's format (the table's column
/// step given to it when it is made), then the footer (`ResultSummary`) and the notes and warnings on stderr; an
/// answer without rows as its plain body, or as "done" for a write.
///
/// Footers go with the rows for people; for machine formats to stderr, and only when someone watches it.
final class ResultPresenter {
    private let renderer: ResultRenderer
    private let settings: ShellSettings
    private let out: TextOutput
    /// A format for programs (json, ndjson, csv): notes go to stderr, not among the rows.
    private let machine: Bool
    /// The rows go to a terminal: the footer says how long the reading took.
    private let interactive: Bool

    /// The presenter of the answer to a request for `query`; `order` and `counted` as for `renderer(...)`.
    init(query: DataQuery, service: DataService, settings: ShellSettings, out: TextOutput, order: MemberOrder?, counted: Bool) {
        self.settings = settings
        self.out = out
        interactive = out.terminal.stdout && !out.isFile
        machine = [.json, .ndjson, .csv].contains(settings.format)
        renderer = Self.renderer(settings, out: out, footer: machine ? out.terminal.stderr : true, order: order,
                                 counted: counted,
                                 columnStep: TableColumns.make(for: query, document: service.metadata, settings: settings))
    }

    /// Shows a row as it was read.
    func entity(_ e: EntityValue) throws { try renderer.entity(e) }
    func value(_ v: DataValue) throws { try renderer.value(v) }
    /// A page of the result ended: what is ready goes out now.
    func pageEnd() throws { try renderer.pageEnd() }

    /// The renderer for the session's format and `expanded` setting: on a terminal fitted to its width, with colour
    /// when asked for, records wrapped; into a file (`.output`) as wide as the values, without colour.
    /// `columnStep` picks and formats the cells of a table's entities (`TableColumns`).
    static func renderer(_ settings: ShellSettings, out: TextOutput, footer: Bool, order: MemberOrder? = nil,
                         counted: Bool = false, columnStep: TableColumns? = nil) -> ResultRenderer {
        ResultRenderers.make(settings.format, terminalWidth: out.isFile ? Self.unlimitedWidth : TerminalSize.current().columns,
                             color: settings.color && !out.isFile, footer: footer, order: order, counted: counted,
                             expanded: settings.expanded, wrap: !out.isFile && out.terminal.stdout,
                             columnStep: columnStep, out: out)
    }

    /// The width a table in a file may take: no value is cut.
    static let unlimitedWidth = 1 << 30

    /// Shows an answer that has no rows to show, and says whether it did: a plain answer that already went out as it
    /// arrived, a plain body (`writeRaw`) or "done" for a write without one. False: the rows' footer is wanted.
    func presentsWithoutRows(_ outcome: ReadOutcome, isCount: Bool) -> Bool {
        if outcome.streamedBytes > 0 && outcome.rows == 0 { return true }
        if outcome.rows == 0, let raw = outcome.rawBody, !raw.isEmpty, outcome.method == .get {
            Self.writeRaw(raw, contentType: outcome.contentType, isCount: isCount, out: out)
            return true
        }
        if outcome.rows == 0 && outcome.method != .get && outcome.rawBody == nil {
            let note = "\(outcome.method.rawValue) \(outcome.status): done\n"
            if machine { out.writeNote("odsh: " + note) } else { out.write(note) }
            out.flush()
            return true
        }
        return false
    }

    /// The footer after the rows, then on stderr a next link that was not followed and, for a script, why the
    /// result is not whole (the row limit, the first page only).
    func finish(_ outcome: ReadOutcome) throws {
        try renderer.finish(ResultSummary(rows: outcome.rows, morePages: outcome.morePages, limited: outcome.cut,
                                          count: outcome.count, elapsedMilliseconds: interactive || settings.timing ? outcome.elapsedMilliseconds : nil,
                                          moreHint: settings.repl ? ".next shows the next page" : "the first page only (without --first-page, all)"))
        if let link = outcome.nextLinkNotFollowed {
            Stderr.write("odsh: warning: the service's next link leaves the function's result (\(HTTPClient.urlForDisplay(link))); "
                         + "it was not followed\n")
        }
        // A script gets all rows unless a cap is set; a cap that cut the result says so, whoever watches stderr.
        if !settings.repl {
            if outcome.cut { Stderr.write("odsh: stopped at the row limit (\(settings.rowLimit) rows); the result has more\n") }
            else if outcome.morePages {
                Stderr.write("odsh: the first page only (\(outcome.rows) rows); the result has more (--all, or .set all on)\n")
            }
        }
    }

    /// A run of empty pages cut a reading the user capped (`top`, the row limit): a warning, the part is what was
    /// asked for.
    func warnCut(_ emptyPages: PagingError) {
        Stderr.write("odsh: warning: \(TerminalEscaping.oneLine("\(emptyPages)"))\n")
    }

    /// A plain answer: a count as its number and a newline; anything else (`$value`, a raw `get`) byte for byte to a
    /// file or a pipe, and on a terminal as text when it is text, else a notice of what it is.
    static func writeRaw(_ raw: Data, contentType: String?, isCount: Bool, out: TextOutput) {
        defer { out.flush() }
        if isCount {
            out.write(String(decoding: raw, as: UTF8.self).trimmingBlanksAndNewlines() + "\n")
            return
        }
        if let bytes = out.writeBytes {
            out.flush()
            bytes(raw)
            return
        }
        if let text = String(validating: raw, as: UTF8.self),
           !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" || $0.value == 0x7F }) {
            out.write(text.hasSuffix("\n") ? text : text + "\n")
            return
        }
        out.writeNote("odsh: \(raw.count) bytes of \(contentType ?? "binary data") not shown on a terminal: "
                      + "redirect the output to a file to save them (odsh ... > file)\n")
    }
}
