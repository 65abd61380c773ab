import FoundationEssentials
import Glibc
import ODataClient
import ODataModel

/// Sends bound statements through a DataService and renders the answers: rows stream to the renderer as their
/// bytes arrive; with `all` next links are followed (one page held at a time, the output flushed after each);
/// the row limit stops reading, and so does an output nobody reads any more (the user quit the pager).
final class StatementRunner {
    let service: DataService
    private let reporter = ErrorReporter()

    init(service: DataService) { self.service = service }

    func run(_ bound: BoundStatement, settings: ShellSettings, out: TextOutput = .standard) throws {
        guard let method = HTTPMethod(rawValue: bound.request.method) else {
            throw UsageError("unsupported method \(bound.request.method)")
        }
        var relative = bound.request.relativeURL
        if settings.pageSize > 0, method == .get, bound.query != nil, !relative.contains("$top="), !relative.contains("/$count") {
            relative += (relative.contains("?") ? "&" : "?") + "$top=\(settings.pageSize)"
        }
        let start = ContinuousClock.now
        let interactive = isatty(1) != 0
        // Footers go with the rows for people; for machine formats to stderr, and only when someone watches it.
        let machine = [.json, .ndjson, .csv].contains(settings.format)
        let renderer = ResultRenderers.make(settings.format, terminalWidth: TerminalSize.current().columns, color: settings.color,
                                            footer: machine ? isatty(2) != 0 : true, order: bound.columnOrder, out: out)
        var rows = 0
        var limited = false
        let request = ServiceRequest(method: method, relativeURL: relative, body: bound.request.body.map { Data($0.utf8) },
                                     target: service.target(forRelativeURL: relative))
        let response: ServiceResponse
        do {
            response = try service.execute(request, paging: settings.all ? .allPages : .firstPage, onEntity: { e in
                rows += 1
                try renderer.entity(e)
                if out.isClosed() { return false }
                if settings.rowLimit > 0 && rows >= settings.rowLimit { limited = true; return false }
                return true
            }, onValue: { v in
                rows += 1
                try renderer.value(v)
                if out.isClosed() { throw OutputClosed() }
            }, onPageEnd: { _ in
                try renderer.pageEnd()
            })
        } catch is OutputClosed {
            return
        } catch where out.isClosed() {
            // The pager went away while the request ran (a write failed, or Ctrl-C in it cancelled the transfer).
            return
        }
        // The user quit the pager: the rest was not read (the connection was dropped), and no footer is wanted.
        if out.isClosed() { return }
        if rows == 0, let raw = response.rawBody, !raw.isEmpty, method == .get {
            // `$count`, `$value` and other plain answers.
            out.write(String(decoding: raw, as: UTF8.self).trimmingBlanksAndNewlines() + "\n")
            out.flush()
            return
        }
        if rows == 0 && method != .get && response.rawBody == nil {
            out.write("\(method.rawValue) \(response.status): done\n")
            out.flush()
            return
        }
        let ms = (ContinuousClock.now - start).milliseconds
        try renderer.finish(ResultSummary(rows: rows, morePages: response.morePages && !limited, limited: limited,
                                          count: response.count, elapsedMilliseconds: interactive || settings.timing ? ms : nil))
    }
}

/// Thrown from a value callback when nobody reads the output any more: reading stops, nothing is reported.
struct OutputClosed: Error {}
