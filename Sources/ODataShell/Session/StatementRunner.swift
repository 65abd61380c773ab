import FoundationEssentials
import Glibc
import ODataClient
import ODataModel
import ODataQuery

/// Sends bound statements through a DataService and shows the answers: a `ResultReader` reads them (rows streamed
/// as their bytes arrive, next links followed with `all`, the row limit, `top`, an output nobody reads any more) and
/// a `ResultPresenter` shows them (the renderer, the footer, the notes and warnings).
///
/// It keeps the ETag of every entity it showed (`SessionETags`), so that an update or delete of that entity later
/// in the session sends it in `If-Match`, and where the last result stopped, for `.next`.
final class StatementRunner {
    let service: DataService
    /// ETags of the entities read in this session.
    private let etags: SessionETags
    /// The last result that had more pages, for `.next`.
    private var continuation: (request: DataRequest, order: MemberOrder?, counted: Bool)?
    /// The rows of the last result (of a statement or `.next`), the first `keptRows` of them, for `.show`.
    private var lastRows: [DataValue] = []
    private var lastOrder: MemberOrder?
    /// Rows kept at most for `.show`.
    static let keptRows = 1000

    init(service: DataService) {
        self.service = service
        etags = SessionETags(service: service)
    }

    /// What `.url` and `--dry-run` print: the request as the library would send it.
    static func describe(_ request: DataRequest, service: DataService) throws -> String {
        let h = try service.httpRequest(for: request)
        var text = "\(h.method.rawValue) \(HTTPClient.urlForDisplay(h.url))\n"
        for name in ["If-Match", "Prefer"] { if let v = h.headers[name] { text += "\(name): \(v)\n" } }
        if let type = h.headers["Content-Type"], type.lowercased().hasPrefix("multipart/") { text += "Content-Type: \(type)\n" }
        if let body = h.body { text += String(decoding: body, as: UTF8.self) + "\n" }
        return text
    }

    /// The request a statement makes in this session: with the session's page size and the ETag read earlier.
    func prepared(_ bound: BoundStatement, settings: ShellSettings) -> DataRequest {
        var request = bound.request
        if case .batch(let parts) = request.kind {
            // Inside a batch, writes send the ETags read in this session (a batch cannot read one first).
            for part in parts {
                switch part {
                case .request(let r): etags.give(r)
                case .changeSet(let rs): rs.forEach(etags.give)
                }
            }
            return request
        }
        if settings.pageSize > 0 { request.maxPageSize = settings.pageSize }
        etags.give(request)
        // An entity addressed by key may not have been read in this session: its ETag is read when needed.
        if request.ifMatch == .entityETag { request.ifMatch = .entityETagReadingIfMissing }
        return request
    }

    /// Runs a statement and shows its answer: a batch's answers in the order of its requests, else the result (of
    /// which `.next` shows the next page, when it has more).
    func run(_ bound: BoundStatement, settings: ShellSettings, out: TextOutput = .standard()) throws {
        let request = prepared(bound, settings: settings)
        for w in Self.restrictionWarnings(request) { ErrorReporter().warn(w) }
        if case .batch(let parts) = request.kind {
            continuation = nil
            try renderBatch(parts, orders: bound.batchColumnOrders, settings: settings, out: out)
            return
        }
        try render(request, order: bound.columnOrder, counted: bound.query?.includesInlineCount ?? false, settings: settings, out: out)
    }

    /// What a write sets that the metadata says the service does not take there (`DataRequest.writeRestrictions`):
    /// one warning per write naming the properties and why. The request still goes: the service decides.
    static func restrictionWarnings(_ request: DataRequest) -> [String] {
        let what: String
        switch request.kind {
        case .create: what = "create sets what the metadata says the service does not take on create"
        case .update: what = "update sets what the metadata says the service does not change"
        case .replace: what = "replace sets what the metadata says the service does not change"
        case .batch(let parts):
            return parts.flatMap { part -> [String] in
                switch part {
                case .request(let r): return restrictionWarnings(r)
                case .changeSet(let rs): return rs.flatMap(restrictionWarnings)
                }
            }
        default: return []
        }
        let restricted = request.writeRestrictions
        guard !restricted.isEmpty else { return [] }
        return [what + ": " + restricted.map(\.description).joined(separator: ", ") + "; sent as written, the service decides"]
    }

    /// `.next`: the next page of the last result that had more.
    func next(settings: ShellSettings, out: TextOutput = .standard()) throws {
        guard let c = continuation else { throw UsageError("no more pages: .next continues the last result that had more") }
        try render(c.request, order: c.order, counted: c.counted, settings: settings, out: out)
    }

    /// Reads the answer to `request` and shows it; remembers its rows for `.show` and where it stopped for `.next`.
    private func render(_ request: DataRequest, order: MemberOrder?, counted: Bool, settings: ShellSettings, out: TextOutput) throws {
        continuation = nil
        let presenter = ResultPresenter(query: request.query, service: service, settings: settings, out: out, order: order,
                                        counted: counted)
        lastRows = []
        lastOrder = order
        let reader = ResultReader(service: service, all: settings.all, rowLimit: settings.rowLimit)
        let consumer = ResultConsumer(seen: { self.etags.remember($0) }, entity: { e in
            self.keep(.entity(e))
            try presenter.entity(e)
        }, value: { v in
            self.keep(v)
            try presenter.value(v)
        }, pageEnd: {
            try presenter.pageEnd()
        })
        guard let outcome = try reader.read(request, out: out, into: consumer) else { return }
        etags.afterWrite(request, method: outcome.method)
        if presenter.presentsWithoutRows(outcome, isCount: request.query.countOnly) { return }
        if let next = outcome.next { continuation = (next, order, counted) }
        try presenter.finish(outcome)
        // A run of empty pages cut the reading: the result may not be whole. That fails the statement (a script must
        // be able to tell) unless the user capped the reading (`top`, the row limit) and so asked for a part anyway.
        if let emptyPages = reader.unconfirmedCut(outcome, of: request) {
            if outcome.capped { presenter.warnCut(emptyPages) } else { throw IncompleteReading(cause: emptyPages) }
        }
    }

    /// Keeps a row of the last result for `.show`, up to `keptRows`.
    private func keep(_ row: DataValue) {
        if lastRows.count < Self.keptRows { lastRows.append(row) }
    }

    /// `.show [N [NAME]]`: the rows of the last result in full as records (values wrapped, not cut; nested rows
    /// below), row N alone, or one value of it alone (a collection as a table of its rows, text with its line
    /// breaks).
    func show(row: Int?, name: String?, settings: ShellSettings, out: TextOutput) throws {
        guard !lastRows.isEmpty else { throw UsageError("no rows to show: .show shows the rows of the last result") }
        let style = TerminalStyle(isEnabled: settings.color && !out.isFile)
        let width: Int? = !out.isFile && out.terminal.stdout ? TerminalSize.current().columns : nil
        guard let row else {
            for (i, v) in lastRows.enumerated() {
                out.write(VerticalRenderer.record(RowFlattener.row(v, order: lastOrder).forTerminal(), title: "RECORD \(i + 1)",
                                                  indent: 0, style, width: width))
            }
            out.flush()
            return
        }
        guard (1...lastRows.count).contains(row) else {
            throw UsageError("the last result has \(lastRows.count) row\(lastRows.count == 1 ? "" : "s")"
                             + (lastRows.count > 1 ? ": .show 1 to \(lastRows.count)" : ": .show 1"))
        }
        let cells = RowFlattener.row(lastRows[row - 1], order: lastOrder)
        guard let name else {
            out.write(VerticalRenderer.record(cells.forTerminal(), title: "RECORD \(row)", indent: 0, style, width: width))
            out.flush()
            return
        }
        let wanted = name.lowercased()
        if let (_, cell) = cells.first(where: { $0.0.lowercased() == wanted }) {
            if cell.isNull {
                out.write(style.paint(TableRenderer.nullText, .dim) + "\n")
            } else if let rows = cell.nested {
                out.write(TableLayout.table(rows.map { $0.forTerminal() }, indent: 0, style,
                                            width: width ?? ResultPresenter.unlimitedWidth, force: settings.expanded == .off))
            } else {
                // The value whole, its line breaks kept; other control characters escaped.
                let lines = cell.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                    .map { String($0).forTerminal() }
                out.write(lines.joined(separator: "\n") + "\n")
            }
            out.flush()
            return
        }
        // A complex value or expanded entity: its columns, as a record.
        let inside = cells.filter { $0.0.lowercased().hasPrefix(wanted + "/") }
        guard !inside.isEmpty else {
            let names = cells.map(\.0)
            throw UsageError("row \(row) has no \(name)" + (NameSuggesterBridge.closest(name, names).map { " (did you mean \($0)?)" } ?? "")
                             + "; its columns: " + names.joined(separator: ", "))
        }
        out.write(VerticalRenderer.record(inside.forTerminal(), title: "RECORD \(row): \(name)", indent: 0, style, width: width))
        out.flush()
    }

    /// A batch's answers in the order of its requests: for people, a line per request (method, URL, status) and its
    /// rows; in json and ndjson as `batchJSON` writes them. A failed request is shown with its status and message;
    /// any failure makes the statement fail once all is shown. `orders`: the column order of each request, in the
    /// order of the results (a select's order, as for one statement).
    private func renderBatch(_ parts: [DataRequest.BatchPart], orders: [MemberOrder?], settings: ShellSettings, out: TextOutput) throws {
        let results = try service.executeBatch(parts)
        for r in results {
            r.entities.forEach(etags.remember)
            etags.afterWrite(r.request, method: r.request.method(for: service.version))
        }
        if settings.format == .json || settings.format == .ndjson {
            out.write(Self.batchJSON(results, orders: orders, version: service.version, lines: settings.format == .ndjson))
        } else {
            for (i, r) in results.enumerated() {
                let status = r.response.status == 0 ? r.response.reason
                    : HTTPResponseHead(status: r.response.status, reason: r.response.reason).statusLine
                let message = r.response.succeeded ? nil : Self.batchErrorMessage(r.response)
                let head = "\(i + 1)\(r.inChangeSet ? " (changeset)" : ""): \(Self.batchRequestLine(r, version: service.version)) → \(status)"
                    + (message.map { ": \($0)" } ?? "") + "\n"
                if settings.format == .csv { out.writeNote(head) } else { out.write(head) }
                if let text = Self.plainAnswer(r) { out.write(text + "\n") }  // a $count, a $value as text
                guard !r.entities.isEmpty || !r.values.isEmpty else { continue }
                let renderer = ResultPresenter.renderer(settings, out: out, footer: settings.format != .csv, order: i < orders.count ? orders[i] : nil)
                for e in r.entities { try renderer.entity(e) }
                for v in r.values { try renderer.value(v) }
                try renderer.finish(ResultSummary(rows: r.entities.count + r.values.count, morePages: false, limited: false, count: nil,
                                                  elapsedMilliseconds: nil))
            }
        }
        out.flush()
        let failed = results.filter { !$0.response.succeeded }.count
        if failed > 0 { throw BatchFailure(failed: failed, of: results.count) }
    }

    /// A batch's answers as JSON, through `JSONWriter`: an object a request, `{"request", "status", "changeset",
    /// "error", "value"}` (`value`: its rows, as `-o json` writes rows, or the number a `$count` answered, or the
    /// text of a `$value`); in json one array with an object a line, in ndjson (`lines`) one object a line.
    static func batchJSON(_ results: [DataService.BatchResult], orders: [MemberOrder?], version: ODataVersion, lines: Bool) -> String {
        let order = { (i: Int) in i < orders.count ? orders[i] : nil }
        if lines {
            return results.enumerated().map { i, r in
                var json = JSONWriter(pretty: false)
                writeBatchAnswer(r, order: order(i), version: version, to: &json)
                return json.output + "\n"
            }.joined()
        }
        var json = JSONWriter(layout: .lines)
        json.beginArray()
        for (i, r) in results.enumerated() { writeBatchAnswer(r, order: order(i), version: version, to: &json) }
        json.endArray()
        return json.output + "\n"
    }

    /// One answer of a batch as a JSON object (see `batchJSON`).
    private static func writeBatchAnswer(_ r: DataService.BatchResult, order: MemberOrder?, version: ODataVersion,
                                         to json: inout JSONWriter) {
        json.beginObject()
        json.string("request", batchRequestLine(r, version: version))
        json.number("status", r.response.status)
        if r.inChangeSet { json.bool("changeset", true) }
        if !r.response.succeeded { json.string("error", batchErrorMessage(r.response)) }
        if !r.entities.isEmpty || !r.values.isEmpty {
            json.beginArray("value")
            for e in r.entities { json.entity(nil, e, order: order) }
            for v in r.values { json.value(nil, v, order: order) }
            json.endArray()
        } else if let answer = plainAnswer(r) {
            if r.request.query.countOnly, let n = Int(answer) { json.number("value", n) } else { json.string("value", answer) }
        }
        json.endObject()
    }

    /// `GET Products(1)?$select=Name`: a batch request's method and URL (percent-escapes decoded), as it was sent.
    private static func batchRequestLine(_ r: DataService.BatchResult, version: ODataVersion) -> String {
        let url = (try? r.request.relativeURL(for: version)).map(URLEncoding.decode) ?? "?"
        return "\(r.request.method(for: version).rawValue) \(url)"
    }

    /// The text of an answer that holds no rows and is not JSON: a `$count`, a `$value` as text; nil for others.
    private static func plainAnswer(_ r: DataService.BatchResult) -> String? {
        guard r.entities.isEmpty, r.values.isEmpty, r.response.succeeded, !r.response.body.isEmpty,
              !(r.response.header("Content-Type") ?? "").lowercased().contains("json") else { return nil }
        return r.response.bodyText.trimmingBlanksAndNewlines()
    }

    /// The OData error message of a failed part, or its body's first line.
    private static func batchErrorMessage(_ r: BatchOperationResponse) -> String {
        if let e = ODataErrorResponse.parse(Data(r.body), contentType: r.header("Content-Type")) { return e.message }
        return String(r.bodyText.prefix { $0 != "\n" }.prefix(200))
    }
}

/// Some requests of a batch failed (each was shown with its status): the statement fails as the service's error.
struct BatchFailure: CategorizedError, CustomStringConvertible {
    let failed: Int
    let of: Int
    var category: ErrorCategory { .service }
    var description: String { "\(failed) of the batch's \(of) requests failed" }
}
