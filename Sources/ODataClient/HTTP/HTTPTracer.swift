import FoundationEssentials

/// Writes one trace record per exchange (each redirect hop and CSRF token fetch is an exchange of its own),
/// in curl's `>`/`<` style, with credentials redacted unless `traceSecrets`.
struct HTTPTracer {
    let configuration: HTTPConfiguration
    private let sink: any TraceSink

    init(configuration: HTTPConfiguration) {
        self.configuration = configuration
        sink = configuration.traceSink ?? FileTraceSink.standardError
    }

    var withData: Bool { configuration.traceWithData }

    /// What one exchange sent and received, as far as it got.
    struct Exchange {
        var method: HTTPMethod
        var url: String
        /// Header lines as curl sent them (request line first), when the debug callback saw them.
        var sentHeaderLines: [String]
        var requestHeaders: HTTPHeaders
        var requestBody: Data?
        var head: HTTPResponseHead?
        var responseBody: Data
        var responseBodyBytes: Int64
        var elapsed: Double
        var failure: String?
        /// A sign-in exchange: its bodies carry credentials and tokens.
        var hidesBodies = false
    }

    /// A line of its own in the trace (a retry and its wait).
    func note(_ text: String) { sink.write(text + "\n") }

    func trace(_ x: Exchange) {
        var lines: [String] = []
        let ms = Int((x.elapsed * 1000).rounded())
        let outcome: String
        if let failure = x.failure {
            outcome = "failed after \(ms) ms: \(failure)"
        } else if let head = x.head {
            outcome = "\(head.statusLine) (\(ms) ms, \(x.responseBodyBytes) bytes)"
        } else {
            outcome = "no response (\(ms) ms)"
        }
        lines.append("HTTP \(x.method.rawValue) \(url(x.url)) -> \(outcome)")
        if withData {
            if x.sentHeaderLines.isEmpty {
                lines.append("> \(x.method.rawValue) \(url(x.url))")
                lines += x.requestHeaders.map { "> \($0.name): \(value($0.name, $0.value))" }
            } else {
                lines += x.sentHeaderLines.map { "> " + (configuration.traceSecrets ? $0 : Redaction.headerLine($0, extra: secretNames)) }
            }
            let hidden = x.hidesBodies && !configuration.traceSecrets
            if let body = x.requestBody, !body.isEmpty, hidden {
                lines += [">", "> (\(body.count) bytes of credentials not shown)"]
            } else if let body = x.requestBody, !body.isEmpty {
                lines.append(">")
                lines += bodyLines(body, total: Int64(body.count), contentType: x.requestHeaders["Content-Type"], prefix: "> ")
            }
            if let head = x.head {
                lines.append("< \(head.httpVersion) \(head.statusLine)")
                lines += head.headers.map { "< \($0.name): \(value($0.name, $0.value))" }
                if x.responseBodyBytes > 0, hidden {
                    lines += ["<", "< (\(x.responseBodyBytes) bytes of a sign-in answer not shown)"]
                } else if x.responseBodyBytes > 0 {
                    lines.append("<")
                    lines += bodyLines(x.responseBody, total: x.responseBodyBytes, contentType: head.headers["Content-Type"], prefix: "< ")
                }
            }
        }
        sink.write(lines.joined(separator: "\n") + "\n")
    }

    private func url(_ text: String) -> String {
        configuration.traceSecrets ? text : Redaction.redactURLPasswords(text)
    }

    private func value(_ name: String, _ value: String) -> String {
        configuration.traceSecrets ? value : Redaction.headerValue(name: name, value: value, extra: secretNames)
    }

    private var secretNames: Set<String> { Set(configuration.secretHeaderNames.map { $0.lowercased() }) }

    private func bodyLines(_ body: Data, total: Int64, contentType: String?, prefix: String) -> [String] {
        let type = (contentType ?? "").lowercased()
        let shown = body.prefix(configuration.traceBodyLimit)
        guard Self.isText(type: type, body: shown) else {
            return ["\(prefix)(\(total) bytes of \(type.isEmpty ? "binary data" : type) not shown)"]
        }
        let complete = Int64(shown.count) == total
        var text: String
        if configuration.prettyTracing, let first = shown.first(where: { $0 > 0x20 }) {
            if type.contains("json") || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                text = PrettyJSON.indent(shown)
            } else if complete, type.contains("xml") || first == UInt8(ascii: "<"), let xml = XMLSupport.indented(Data(shown)) {
                text = xml
            } else {
                text = String(decoding: shown, as: UTF8.self)
            }
        } else {
            text = String(decoding: shown, as: UTF8.self)
        }
        if text.hasSuffix("\n") { text.removeLast() }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }
        if !complete { lines.append("\(prefix)... (\(total - Int64(shown.count)) more bytes not shown)") }
        return lines
    }

    static func isText(type: String, body: Data) -> Bool {
        let textual = ["json", "xml", "text/", "html", "multipart/", "x-www-form-urlencoded", "application/http"]
        if textual.contains(where: { type.contains($0) }) { return true }
        if !type.isEmpty { return false }
        return String(validatingCString: Array(body.prefix(4096)).map { CChar(bitPattern: $0) } + [0]) != nil
    }
}
