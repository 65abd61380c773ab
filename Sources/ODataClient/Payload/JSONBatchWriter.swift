import ODataQuery

/// Writes a JSON `$batch` request (OData 4.01 JSON Format §19): `{"requests": [...]}`, one object per request with
/// `id`, `atomicityGroup` (for the requests of a change set), `dependsOn`, `method` (lower case), `url`, `headers`
/// (names in lower case, as the format requires) and `body` — JSON inline, text as a string, anything else base64url.
/// Requests without a Content-ID get their index as id.
package struct JSONBatchWriter {
    package init() {}

    /// The Content-Type of the batch request.
    package var contentType: String { "application/json" }

    package func body(for request: BatchRequest) -> [UInt8] {
        let o = JSONOutput(capacity: 1024)
        o.ascii("{\"requests\":[")
        var index = 0, groups = 0
        var first = true
        func write(_ op: BatchOperation, group: String?) {
            if !first { o.byte(UInt8(ascii: ",")) }
            first = false
            o.ascii("{\"id\":"); o.string(op.contentID ?? String(index))
            index += 1
            if let g = group { o.ascii(",\"atomicityGroup\":"); o.string(g) }
            if !op.dependsOn.isEmpty {
                o.ascii(",\"dependsOn\":[")
                for (i, d) in op.dependsOn.enumerated() { if i > 0 { o.byte(UInt8(ascii: ",")) }; o.string(d) }
                o.byte(UInt8(ascii: "]"))
            }
            o.ascii(",\"method\":"); o.string(op.method.lowercased())
            o.ascii(",\"url\":"); o.string(op.url)
            let headers = op.headers.filter { $0.name.lowercased() != "content-length" }
            if !headers.isEmpty {
                o.ascii(",\"headers\":{")
                for (i, h) in headers.enumerated() {
                    if i > 0 { o.byte(UInt8(ascii: ",")) }
                    o.string(h.name.lowercased()); o.byte(UInt8(ascii: ":")); o.string(h.value)
                }
                o.byte(UInt8(ascii: "}"))
            }
            if let body = op.body {
                o.ascii(",\"body\":")
                let type = (op.header("Content-Type") ?? "application/json").lowercased()
                if type.hasPrefix("application/json") {
                    o.raw(body)
                } else if type.hasPrefix("text/") {
                    body.withUnsafeBytes { o.string($0) }
                } else {
                    o.string(Base64.encode(body, url: true))
                }
            }
            o.byte(UInt8(ascii: "}"))
        }
        for part in request.parts {
            switch part {
            case .operation(let op): write(op, group: nil)
            case .changeSet(let ops, let id):
                groups += 1
                let g = id ?? "g\(groups)"
                for op in ops { write(op, group: g) }
            }
        }
        o.ascii("]}")
        return o.array
    }
}
