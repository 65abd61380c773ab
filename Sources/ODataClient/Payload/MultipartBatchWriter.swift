import ODataModel

/// Writes a `$batch` request body in the multipart format of OData V2 and V4 (`multipart/mixed`, RFC 2046): each
/// request an `application/http` part, each change set a nested `multipart/mixed` part whose requests carry a
/// Content-ID, CR LF line ends, bodies with their Content-Length. URLs are written as given: keep keys unencoded
/// (`Customers('ALFKI')`), some services reject percent-encoded keys inside a batch.
package struct MultipartBatchWriter {
    package let version: ODataVersion
    package var boundary: String
    /// The boundary of the change set at an index (0 for the first change set of the batch).
    package var changeSetBoundary: (Int) -> String
    /// A `Host:` header in every request, for URLs given as absolute paths.
    package var host: String?
    /// `Content-Transfer-Encoding: binary` in every part: V2 services (SAP Gateway) expect it; V4 allows it.
    package var transferEncodingBinary: Bool

    package init(version: ODataVersion, boundary: String = BatchRequest.makeBoundary("batch"), host: String? = nil) {
        self.version = version
        self.boundary = boundary
        self.host = host
        transferEncodingBinary = !version.isV4
        changeSetBoundary = { _ in BatchRequest.makeBoundary("changeset") }
    }

    /// The Content-Type of the batch request.
    package var contentType: String { "multipart/mixed; boundary=\(boundary)" }

    package func body(for request: BatchRequest) -> [UInt8] {
        var out: [UInt8] = []
        var changeSets = 0
        for part in request.parts {
            line(&out, "--" + boundary)
            switch part {
            case .operation(let op):
                write(op, to: &out, inChangeSet: false)
            case .changeSet(let ops, _):
                let cs = changeSetBoundary(changeSets)
                changeSets += 1
                line(&out, "Content-Type: multipart/mixed; boundary=\(cs)")
                line(&out, "")
                for op in ops {
                    line(&out, "--" + cs)
                    write(op, to: &out, inChangeSet: true)
                }
                line(&out, "--" + cs + "--")
            }
        }
        line(&out, "--" + boundary + "--")
        return out
    }

    private func line(_ out: inout [UInt8], _ s: String) {
        out.append(contentsOf: s.utf8)
        out.append(0x0D); out.append(0x0A)
    }

    /// One request; the CR LF after its body belongs to the next boundary delimiter.
    private func write(_ op: BatchOperation, to out: inout [UInt8], inChangeSet: Bool) {
        line(&out, "Content-Type: application/http")
        if transferEncodingBinary { line(&out, "Content-Transfer-Encoding: binary") }
        if let id = op.contentID { line(&out, "Content-ID: \(id)") }
        line(&out, "")
        line(&out, "\(op.method) \(op.url) HTTP/1.1")
        if let h = host, op.header("Host") == nil { line(&out, "Host: \(h)") }
        for (name, value) in op.headers { line(&out, "\(name): \(value)") }
        if let body = op.body, op.header("Content-Length") == nil { line(&out, "Content-Length: \(body.count)") }
        line(&out, "")
        if let body = op.body { out.append(contentsOf: body) }
        out.append(0x0D); out.append(0x0A)
    }
}
