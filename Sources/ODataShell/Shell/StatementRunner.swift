import Foundation
import ODataClient
import ODataModel

/// Sends bound statements through a DataService and renders the answers: rows stream to the renderer as their
/// bytes arrive; with `all` next links are followed (one page held at a time); the row limit stops reading.
final class StatementRunner {
    let service: DataService
    private let reporter = ErrorReporter()

    init(service: DataService) { self.service = service }

    func run(_ bound: BoundStatement, settings: ShellSettings) throws {
        guard let method = HTTPMethod(rawValue: bound.request.method) else {
            throw UsageError("unsupported method \(bound.request.method)")
        }
        var relative = bound.request.relativeURL
        if settings.pageSize > 0, method == .get, bound.query != nil, !relative.contains("$top="), !relative.contains("/$count") {
            relative += (relative.contains("?") ? "&" : "?") + "$top=\(settings.pageSize)"
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let interactive = isatty(1) != 0
        // Footers go with the rows for people; for machine formats to stderr, and only when someone watches it.
        let machine = [.json, .ndjson, .csv].contains(settings.format)
        let renderer = ResultRenderers.make(settings.format, terminalWidth: TerminalSize.current().columns, color: settings.color,
                                            footer: machine ? isatty(2) != 0 : true)
        var rows = 0
        var limited = false
        let request = ServiceRequest(method: method, relativeURL: relative, body: bound.request.body.map { Data($0.utf8) },
                                     target: service.target(forRelativeURL: relative))
        let response = try service.execute(request, paging: settings.all ? .allPages : .firstPage, onEntity: { e in
            rows += 1
            try renderer.entity(e)
            if settings.rowLimit > 0 && rows >= settings.rowLimit { limited = true; return false }
            return true
        }, onValue: { v in
            rows += 1
            try renderer.value(v)
        })
        if rows == 0, let raw = response.rawBody, !raw.isEmpty, method == .get {
            // `$count`, `$value` and other plain answers.
            Stdout.write(String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
            Stdout.flush()
            return
        }
        if rows == 0 && method != .get && response.rawBody == nil {
            Stdout.write("\(method.rawValue) \(response.status): done\n")
            Stdout.flush()
            return
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        try renderer.finish(ResultSummary(rows: rows, morePages: response.morePages && !limited, limited: limited,
                                          count: response.count, elapsedMilliseconds: interactive || settings.timing ? ms : nil))
    }
}
