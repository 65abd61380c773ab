/// Reads a multipart `$batch` response (OData V2 and V4): parts in order, change sets nested, each part's HTTP
/// status, headers and body, and its Content-ID (from the part's MIME headers, or from the inner HTTP headers where
/// SAP Gateway puts it). Accepts CR LF or bare LF line ends and ignores preamble and epilogue.
///
/// A batch response is read whole: feed the transport's chunks to `feed`, then `finish`; the bodies of its parts
/// go to a `PayloadReader` afterwards.
package final class MultipartBatchReader {
    private let contentType: String
    private var bytes: [UInt8] = []

    package init(contentType: String) { self.contentType = contentType }

    package func feed(_ chunk: UnsafeRawBufferPointer) { bytes.append(contentsOf: chunk) }

    package func finish() throws -> BatchResponse { try Self.read(bytes, contentType: contentType) }

    /// Reads a whole response body; `contentType` is the response's Content-Type header (it names the boundary).
    package static func read(_ body: [UInt8], contentType: String) throws -> BatchResponse {
        guard let b = boundary(of: contentType) else {
            throw BatchFormatError("the Content-Type \(contentType) names no multipart boundary")
        }
        return BatchResponse(parts: try parts(body, 0..<body.count, boundary: b).map { part in
            if let inner = boundary(of: part.mimeHeader("Content-Type") ?? "") {
                return .changeSet(try parts(body, part.content, boundary: inner).map { try response(body, $0) })
            }
            return .response(try response(body, part))
        })
    }

    /// The `boundary` parameter of a multipart Content-Type.
    package static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for param in contentType.split(separator: ";").dropFirst() {
            let kv = param.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0].trimmingSpaces().lowercased() == "boundary" else { continue }
            var v = kv[1].trimmingSpaces()
            if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 { v = String(v.dropFirst().dropLast()) }
            return v.isEmpty ? nil : v
        }
        return nil
    }

    private struct Part {
        var headers: [(name: String, value: String)]
        var content: Range<Int>
        func mimeHeader(_ n: String) -> String? { headers.first { $0.name.lowercased() == n.lowercased() }?.value }
    }

    /// The body parts between delimiter lines `--boundary` in `range`.
    private static func parts(_ b: [UInt8], _ range: Range<Int>, boundary: String) throws -> [Part] {
        let delimiter = Array(("--" + boundary).utf8)
        var out: [Part] = []
        guard var at = findDelimiter(b, delimiter, from: range.lowerBound, in: range, atLineStart: true) else {
            throw BatchFormatError("no part delimiter --\(boundary)", offset: range.lowerBound)
        }
        while true {
            var i = at + delimiter.count
            if i + 2 <= range.upperBound, b[i] == UInt8(ascii: "-"), b[i + 1] == UInt8(ascii: "-") { return out }
            // The rest of the delimiter line (transport padding) and its line end.
            while i < range.upperBound, b[i] != 0x0A { i += 1 }
            guard i < range.upperBound else { throw BatchFormatError("the batch ends inside a delimiter line", offset: at) }
            let start = i + 1
            guard let next = findDelimiter(b, delimiter, from: start, in: range, atLineStart: false) else {
                throw BatchFormatError("the batch ends without its closing delimiter --\(boundary)--", offset: range.upperBound)
            }
            // The line end before the delimiter belongs to it.
            var end = next
            if end > start, b[end - 1] == 0x0A { end -= 1; if end > start, b[end - 1] == 0x0D { end -= 1 } }
            let (headers, contentStart) = try headerBlock(b, start..<end)
            out.append(Part(headers: headers, content: contentStart..<end))
            at = next
        }
    }

    /// The next `--boundary` at the start of a line at or after `from`.
    private static func findDelimiter(_ b: [UInt8], _ d: [UInt8], from: Int, in range: Range<Int>, atLineStart first: Bool) -> Int? {
        var i = from
        while i + d.count <= range.upperBound {
            if b[i] == d[0], (i == range.lowerBound || b[i - 1] == 0x0A), b[i..<(i + d.count)].elementsEqual(d) {
                // A longer boundary that merely starts with this one is not a delimiter.
                let after = i + d.count
                if after == range.upperBound || [0x0D, 0x0A, 0x20, 0x09].contains(b[after]) { return i }
                if after + 1 < range.upperBound, b[after] == UInt8(ascii: "-"), b[after + 1] == UInt8(ascii: "-") { return i }
            }
            i += 1
        }
        return nil
    }

    /// Header lines up to the first empty line; returns them and where the content after the empty line starts.
    private static func headerBlock(_ b: [UInt8], _ r: Range<Int>) throws -> ([(name: String, value: String)], Int) {
        var headers: [(name: String, value: String)] = []
        var i = r.lowerBound
        while i < r.upperBound {
            var e = i
            while e < r.upperBound, b[e] != 0x0A { e += 1 }
            var lineEnd = e
            if lineEnd > i, b[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd == i { return (headers, min(e + 1, r.upperBound)) }
            let text = String(decoding: b[i..<lineEnd], as: UTF8.self)
            if let colon = text.firstIndex(of: ":") {
                headers.append((String(text[..<colon]).trimmingCharactersSpace(), String(text[text.index(after: colon)...]).trimmingCharactersSpace()))
            } else if let last = headers.popLast(), text.first == " " || text.first == "\t" {
                let joined = last.value.isEmpty ? text.trimmingCharactersSpace() : last.value + " " + text.trimmingCharactersSpace()
                headers.append((last.name, joined))   // a folded header line
            } else {
                throw BatchFormatError("not a header line: \(text.prefix(60))", offset: i)
            }
            i = e + 1
        }
        return (headers, r.upperBound)
    }

    /// An `application/http` part: status line, headers, body.
    private static func response(_ b: [UInt8], _ part: Part) throws -> BatchOperationResponse {
        var i = part.content.lowerBound
        let end = part.content.upperBound
        // Blank lines before the status line are tolerated.
        while i < end, b[i] == 0x0D || b[i] == 0x0A { i += 1 }
        var e = i
        while e < end, b[e] != 0x0A { e += 1 }
        let statusLine = String(decoding: b[i..<e], as: UTF8.self).trimmingCharactersSpace()
        let fields = statusLine.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/"), let status = Int(fields[1]) else {
            throw BatchFormatError("expected an HTTP status line, found \(statusLine.prefix(60))", offset: i)
        }
        let (headers, bodyStart) = try headerBlock(b, min(e + 1, end)..<end)
        var bodyEnd = end
        if let cl = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }) {
            guard bodyStart + cl <= end else {
                throw BatchFormatError("the body is shorter than its Content-Length \(cl)", offset: bodyStart)
            }
            bodyEnd = bodyStart + cl
        }
        let contentID = part.mimeHeader("Content-ID") ?? headers.first { $0.name.lowercased() == "content-id" }?.value
        return BatchOperationResponse(status: status, reason: fields.count > 2 ? String(fields[2]) : "", headers: headers,
                                      body: Array(b[bodyStart..<bodyEnd]), contentID: contentID)
    }
}

extension String {
    func trimmingCharactersSpace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
