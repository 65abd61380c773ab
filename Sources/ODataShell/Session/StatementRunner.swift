import FoundationEssentials
import Glibc
import ODataClient
import ODataModel
import ODataQuery

/// Sends bound statements through a DataService and renders the answers: rows stream to the renderer as their
/// bytes arrive; with `all` next links are followed (one page held at a time, the output flushed after each);
/// the row limit stops reading, and so does an output nobody reads any more (the user quit the pager).
///
/// It remembers the ETag of every entity it showed, so that an update or delete of that entity later in the
/// session sends it in `If-Match`, and where the last result stopped, for `.next`.
final class StatementRunner {
    let service: DataService
    /// ETags of the entities read in this session, by `Set(key)` (see `sessionAddresses(of:)`).
    private var etags: [String: String] = [:]
    /// The last result that had more pages, for `.next`.
    private var continuation: (request: DataRequest, order: MemberOrder?, counted: Bool)?
    /// The rows of the last result (of a statement or `.next`), the first `keptRows` of them, for `.show`.
    private var lastRows: [DataValue] = []
    private var lastOrder: MemberOrder?
    /// Rows kept at most for `.show`.
    static let keptRows = 1000

    init(service: DataService) { self.service = service }

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
                case .request(let r): giveSessionETag(r)
                case .changeSet(let rs): rs.forEach(giveSessionETag)
                }
            }
            return request
        }
        if settings.pageSize > 0 { request.maxPageSize = settings.pageSize }
        giveSessionETag(request)
        // An entity addressed by key may not have been read in this session: its ETag is read when needed.
        if request.ifMatch == .entityETag { request.ifMatch = .entityETagReadingIfMissing }
        return request
    }

    /// The entity a write carries takes the ETag it was read with in this session, if it has none.
    private func giveSessionETag(_ request: DataRequest) {
        if let e = request.entity, e.etag == nil, let tag = sessionAddresses(of: e).lazy.compactMap({ self.etags[$0] }).first {
            e.etag = tag
        }
    }

    /// Remembers the ETag of an entity the session read, whatever the read selected or expanded: the last read of
    /// an entity replaces the ETag kept for it.
    private func remember(_ e: EntityValue) {
        guard let tag = e.etag else { return }
        for address in sessionAddresses(of: e) { etags[address] = tag }
    }

    /// The names the session keeps an entity's ETag under: `Set(key)` from its key properties (in V4 spelling,
    /// and in the service's own), and, when a `select` left the keys out, the address in the link the service gave
    /// it (V2 `__metadata.uri`, `@odata.id`, Atom's edit link), as the service spells its key.
    private func sessionAddresses(of e: EntityValue) -> [String] {
        var addresses: [String] = []
        if e.entitySet != nil, let key = try? e.keyPredicate(version: .v4) {
            addresses.append(e.entitySetName + key)
            if let native = try? e.keyPredicate(version: service.version), native != key { addresses.append(e.entitySetName + native) }
        }
        if let link = e.editLink ?? e.id ?? e.readLink, let address = Self.address(ofLink: link, serviceRoot: service.serviceRoot),
           !addresses.contains(address) {
            addresses.append(address)
        }
        return addresses
    }

    /// `Set(key)` of an entity's link, absolute or relative to the service root; nil for any other link (a path
    /// through navigation, a link elsewhere).
    static func address(ofLink link: String, serviceRoot: String) -> String? {
        var path = String(link[..<(link.firstIndex { $0 == "?" || $0 == "#" } ?? link.endIndex)])
        let root = serviceRoot.hasSuffix("/") ? serviceRoot : serviceRoot + "/"
        if path.hasPrefix(root) {
            path = String(path.dropFirst(root.count))
        } else if path.contains("://") || path.hasPrefix("/") {
            return nil
        }
        path = path.removingPercentEscapes ?? path
        guard let open = path.firstIndex(of: "("), path.hasSuffix(")"), open != path.startIndex,
              !path[..<open].contains("/") else { return nil }
        return path
    }

    func run(_ bound: BoundStatement, settings: ShellSettings, out: TextOutput = .standard) throws {
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
    func next(settings: ShellSettings, out: TextOutput = .standard) throws {
        guard let c = continuation else { throw UsageError("no more pages: .next continues the last result that had more") }
        try render(c.request, order: c.order, counted: c.counted, settings: settings, out: out)
    }

    private func render(_ request: DataRequest, order: MemberOrder?, counted: Bool, settings: ShellSettings, out: TextOutput) throws {
        continuation = nil
        var streamed = 0
        var rawSink: ((UnsafeRawBufferPointer) throws -> Void)?
        if let bytes = out.writeBytes, !request.query.countOnly {
            // A plain answer to a file or a pipe goes out as it arrives, in any size (a terminal gets it checked).
            out.flush()
            rawSink = { chunk in
                streamed += chunk.count
                bytes(Data(chunk))
                if out.isClosed() { throw OutputClosed() }
            }
        }
        let method = request.method(for: service.version)
        let start = ContinuousClock.now
        let interactive = TerminalFacts.process.stdout && !out.isFile
        // Footers go with the rows for people; for machine formats to stderr, and only when someone watches it.
        let machine = [.json, .ndjson, .csv].contains(settings.format)
        let renderer = Self.renderer(settings, out: out, footer: machine ? TerminalFacts.process.stderr : true, order: order, counted: counted)
        (renderer as? TableRenderer)?.columnStep = TableColumns.make(for: request.query, document: service.metadata, settings: settings)
        lastRows = []
        lastOrder = order
        var rows = 0
        // The row limit: reached with the last row shown; cut once a row past it came (so there was more).
        var reachedLimit = false
        var cut = false
        let topCount = request.query.countOnly ? nil : request.query.topCount
        let response: ServiceResponse
        do {
            response = try service.execute(request, paging: settings.all ? .allPages : .firstPage, onEntity: { e in
                self.remember(e)
                if reachedLimit { cut = true; return false }
                rows += 1
                if self.lastRows.count < Self.keptRows { self.lastRows.append(.entity(e)) }
                try renderer.entity(e)
                if out.isClosed() { return false }
                if settings.rowLimit > 0 && rows >= settings.rowLimit { reachedLimit = true }
                // `top N` read in full: nothing after it is wanted, so reading ends here and the rows are written
                // now, not when a page that does not end (or sends more than asked) finally does.
                if let top = topCount, (request.resume?.delivered ?? 0) + rows >= top { return false }
                return true
            }, onValue: { v in
                rows += 1
                if self.lastRows.count < Self.keptRows { self.lastRows.append(v) }
                try renderer.value(v)
                if out.isClosed() { throw OutputClosed() }
            }, onPageEnd: { _ in
                try renderer.pageEnd()
            }, onRawChunk: rawSink)
        } catch is OutputClosed {
            return
        } catch where out.isClosed() {
            // The pager went away while the request ran (a write failed, or Ctrl-C in it cancelled the transfer).
            return
        }
        // The user quit the pager: the rest was not read (the connection was dropped), and no footer is wanted.
        if out.isClosed() { return }
        afterWrite(request, method: method)
        if streamed > 0 && rows == 0 { return }
        if rows == 0, let raw = response.rawBody, !raw.isEmpty, method == .get {
            writeRaw(raw, contentType: response.contentType, isCount: request.query.countOnly, out: out)
            return
        }
        if rows == 0 && method != .get && response.rawBody == nil {
            let note = "\(method.rawValue) \(response.status): done\n"
            if machine { out.writeNote("odsh: " + note) } else { out.write(note) }
            out.flush()
            return
        }
        // The row limit stopped reading with more rows unread; else, the first page only was asked for.
        if reachedLimit && response.nextLink != nil { cut = true }
        let more = response.morePages && !cut && response.nextLink != nil
        if more, let next = response.nextLink {
            var resumed = request
            resumed.resume = DataRequest.Resume(nextLink: next, delivered: (request.resume?.delivered ?? 0) + rows)
            continuation = (resumed, order, counted)
        }
        let ms = (ContinuousClock.now - start).milliseconds
        try renderer.finish(ResultSummary(rows: rows, morePages: more, limited: cut, count: response.count,
                                          elapsedMilliseconds: interactive || settings.timing ? ms : nil,
                                          moreHint: settings.repl ? ".next shows the next page" : "the first page only (without --first-page, all)"))
        if let link = response.nextLinkNotFollowed {
            Stderr.write("odsh: warning: the service's next link leaves the function's result (\(HTTPClient.urlForDisplay(link))); "
                         + "it was not followed\n")
        }
        // A script gets all rows unless a cap is set; a cap that cut the result says so, whoever watches stderr.
        if !settings.repl {
            if cut { Stderr.write("odsh: stopped at the row limit (\(settings.rowLimit) rows); the result has more\n") }
            else if more { Stderr.write("odsh: the first page only (\(rows) rows); the result has more (--all, or .set all on)\n") }
        }
        // A run of empty pages cut the reading: the result may not be whole. That fails the statement (a script must
        // be able to tell) unless the user capped the reading (`top`, the row limit) and so asked for a part anyway.
        // Before that, the service's own count may settle it: some services (pyslet) link on from every page of a
        // filtered set, empty ones past the last row included, and then the rows read are all there is.
        if let emptyPages = response.emptyPagesCut, !countConfirms(request, rows: (request.resume?.delivered ?? 0) + rows) {
            let capped = settings.rowLimit > 0 || request.query.topCount != nil
            if capped { Stderr.write("odsh: warning: \(TerminalEscaping.oneLine("\(emptyPages)"))\n") }
            else { throw IncompleteReading(cause: emptyPages) }
        }
    }

    /// Whether the service counts as many entities for `request` as were read (`/$count` with its path, filter and
    /// search): asked only after a run of empty pages cut the reading. False when it cannot tell (a `skip`, a
    /// request that is not a plain query, a service without `$count`, another number).
    private func countConfirms(_ request: DataRequest, rows: Int) -> Bool {
        guard case .query = request.kind, request.query.skipCount == nil, !request.query.countOnly else { return false }
        var q = request.query
        q.selectItems = []; q.selectsAll = false; q.sortItems = []; q.expandItems = []; q.topCount = nil
        q.includesInlineCount = false; q.expandLevels = nil
        q.countOnly = true
        guard let answer = try? service.execute(DataRequest.query(q), paging: .firstPage, onEntity: { _ in true }, onValue: { _ in }),
              let raw = answer.rawBody,
              let n = Int(String(decoding: raw, as: UTF8.self).trimmingBlanksAndNewlines()) else { return false }
        return n == rows
    }

    /// The renderer for the session's format and `expanded` setting: on a terminal fitted to its width, with colour
    /// when asked for, records wrapped; into a file (`.output`) as wide as the values, without colour.
    static func renderer(_ settings: ShellSettings, out: TextOutput, footer: Bool, order: MemberOrder? = nil,
                         counted: Bool = false) -> ResultRenderer {
        ResultRenderers.make(settings.format, terminalWidth: out.isFile ? Self.unlimitedWidth : TerminalSize.current().columns,
                             color: settings.color && !out.isFile, footer: footer, order: order, counted: counted,
                             expanded: settings.expanded, wrap: !out.isFile && TerminalFacts.process.stdout, out: out)
    }

    /// The width a table in a file may take: no value is cut.
    static let unlimitedWidth = 1 << 30

    /// `.show [N [NAME]]`: the rows of the last result in full as records (values wrapped, not cut; nested rows
    /// below), row N alone, or one value of it alone (a collection as a table of its rows, text with its line
    /// breaks).
    func show(row: Int?, name: String?, settings: ShellSettings, out: TextOutput) throws {
        guard !lastRows.isEmpty else { throw UsageError("no rows to show: .show shows the rows of the last result") }
        let style = TerminalStyle(isEnabled: settings.color && !out.isFile)
        let width: Int? = !out.isFile && TerminalFacts.process.stdout ? TerminalSize.current().columns : nil
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
                out.write(TableLayout.table(rows.map { $0.forTerminal() }, indent: 0, style, width: width ?? Self.unlimitedWidth,
                                            force: settings.expanded == .off))
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

    /// A plain answer: a count as its number and a newline; anything else (`$value`, a raw `get`) byte for byte to a
    /// file or a pipe, and on a terminal as text when it is text, else a notice of what it is.
    private func writeRaw(_ raw: Data, contentType: String?, isCount: Bool, out: TextOutput) {
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

    /// A batch's answers in the order of its requests: for people, a line per request (method, URL, status) and its
    /// rows; in json an array of `{"request", "status", "value"}` objects, in ndjson one such object a line. A
    /// failed request is shown with its status and message; any failure makes the statement fail once all is shown.
    /// `orders`: the column order of each request, in the order of the results (a select's order, as for one statement).
    private func renderBatch(_ parts: [DataRequest.BatchPart], orders: [MemberOrder?], settings: ShellSettings, out: TextOutput) throws {
        let results = try service.executeBatch(parts)
        let machine = settings.format == .json || settings.format == .ndjson
        var objects: [String] = []
        for (i, r) in results.enumerated() {
            r.entities.forEach(remember)
            afterWrite(r.request, method: r.request.method(for: service.version))
            let method = r.request.method(for: service.version).rawValue
            let url = (try? r.request.relativeURL(for: service.version)).map(URLEncoding.decode) ?? "?"
            let status = r.response.status == 0 ? r.response.reason
                : HTTPResponseHead(status: r.response.status, reason: r.response.reason).statusLine
            let message = r.response.succeeded ? nil : Self.batchErrorMessage(r.response)
            if machine {
                // One compact object a part: its request, status, change set, error and rows.
                var json = JSONWriter(pretty: false)
                json.beginObject()
                json.string("request", "\(method) \(url)")
                json.number("status", r.response.status)
                if r.inChangeSet { json.bool("changeset", true) }
                if let message { json.string("error", message) }
                if !r.entities.isEmpty || !r.values.isEmpty {
                    var rows = ""
                    let w = NDJSONWriter(options: .init(jsonArray: true, memberOrder: i < orders.count ? orders[i] : nil)) {
                        rows += String(decoding: $0, as: UTF8.self)
                    }
                    for e in r.entities { try w.write(e) }
                    for v in r.values { try w.write(v) }
                    try w.finish()
                    // One line per part: the writer's line breaks go (its strings hold none: they are escaped).
                    json.raw("value", rows.replacingAll("\n", with: ""))
                }
                json.endObject()
                objects.append(json.output)
                continue
            }
            let head = "\(i + 1)\(r.inChangeSet ? " (changeset)" : ""): \(method) \(url) → \(status)"
                + (message.map { ": \($0)" } ?? "") + "\n"
            if settings.format == .csv { out.writeNote(head) } else { out.write(head) }
            if r.entities.isEmpty, r.values.isEmpty, r.response.succeeded, !r.response.body.isEmpty,
               !(r.response.header("Content-Type") ?? "").lowercased().contains("json") {
                out.write(r.response.bodyText.trimmingBlanksAndNewlines() + "\n")  // a $count, a $value as text
            }
            guard !r.entities.isEmpty || !r.values.isEmpty else { continue }
            let renderer = Self.renderer(settings, out: out, footer: settings.format != .csv, order: i < orders.count ? orders[i] : nil)
            for e in r.entities { try renderer.entity(e) }
            for v in r.values { try renderer.value(v) }
            try renderer.finish(ResultSummary(rows: r.entities.count + r.values.count, morePages: false, limited: false, count: nil,
                                              elapsedMilliseconds: nil))
        }
        if machine {
            out.write(settings.format == .json ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.map { $0 + "\n" }.joined())
        }
        out.flush()
        let failed = results.filter { !$0.response.succeeded }.count
        if failed > 0 { throw BatchFailure(failed: failed, of: results.count) }
    }

    /// The OData error message of a failed part, or its body's first line.
    private static func batchErrorMessage(_ r: BatchOperationResponse) -> String {
        if let e = ODataErrorResponse.parse(Data(r.body), contentType: r.header("Content-Type")) { return e.message }
        return String(r.bodyText.prefix { $0 != "\n" }.prefix(200))
    }

    /// What a write changes in the session's ETags: the entity's new one, or none once it is deleted.
    private func afterWrite(_ request: DataRequest, method: HTTPMethod) {
        guard let e = request.entity else { return }
        for address in sessionAddresses(of: e) {
            if method == .delete { etags[address] = nil } else if let tag = e.etag { etags[address] = tag }
        }
    }
}

/// Thrown from a value callback when nobody reads the output any more: reading stops, nothing is reported.
struct OutputClosed: Error {}

/// Some requests of a batch failed (each was shown with its status): the statement fails as the service's error.
struct BatchFailure: CategorizedError, CustomStringConvertible {
    let failed: Int
    let of: Int
    var category: ErrorCategory { .service }
    var description: String { "\(failed) of the batch's \(of) requests failed" }
}
