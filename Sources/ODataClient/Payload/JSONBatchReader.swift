import ODataModel
import ODataQuery

/// Reads a JSON `$batch` response (OData 4.01): `{"responses": [...], "@odata.nextLink": ...}`. Each response's
/// `body` is kept as the bytes a plain response would have had: JSON text as it came, a text body's string,
/// other media types decoded from base64url. Consecutive responses of one atomicity group form a change set part.
package enum JSONBatchReader {
    package static func read(_ body: [UInt8]) throws -> BatchResponse {
        do {
            return try body.withUnsafeBytes { try read(bytes: $0) }
        } catch let e as JSONError {
            throw BatchFormatError("malformed JSON: \(e.message) (line \(e.line), column \(e.column))", offset: e.offset)
        }
    }

    private static func read(bytes: UnsafeRawBufferPointer) throws -> BatchResponse {
        var s = JSONScanner(bytes: bytes)
        guard try s.next() == .beginObject else { throw BatchFormatError("a JSON batch response is an object", offset: s.tokenOffset) }
        var responses: [BatchOperationResponse] = []
        var nextLink: String?
        while try s.next() != .endObject {
            let key = s.stringValue
            try s.next()
            if key == "responses", s.token == .beginArray {
                while try s.next() != .endArray {
                    guard s.token == .beginObject else { throw BatchFormatError("a response is an object", offset: s.tokenOffset) }
                    responses.append(try response(&s))
                }
            } else if key == "@odata.nextLink" || key == "@nextLink", s.token == .string {
                nextLink = s.stringValue
            } else {
                try s.skipValue()
            }
        }
        try s.next()
        var parts: [BatchResponse.Part] = []
        var i = 0
        while i < responses.count {
            if let g = responses[i].atomicityGroup {
                var j = i
                while j < responses.count, responses[j].atomicityGroup == g { j += 1 }
                parts.append(.changeSet(Array(responses[i..<j])))
                i = j
            } else {
                parts.append(.response(responses[i]))
                i += 1
            }
        }
        return BatchResponse(parts: parts, nextLink: nextLink)
    }

    private static func response(_ s: inout JSONScanner) throws -> BatchOperationResponse {
        var r = BatchOperationResponse(status: 0)
        var rawBody: (bytes: [UInt8], isString: Bool)?
        while try s.next() != .endObject {
            let key = s.stringValue
            try s.next()
            switch key {
            case "id": r.contentID = s.token == .string ? s.stringValue : nil
            case "atomicityGroup": r.atomicityGroup = s.token == .string ? s.stringValue : nil
            case "status":
                guard s.token == .number, let n = Int(s.numberText) else { throw BatchFormatError("status is not a number", offset: s.tokenOffset) }
                r.status = n
            case "headers" where s.token == .beginObject:
                while try s.next() != .endObject {
                    let name = s.stringValue
                    try s.next()
                    if s.token == .string { r.headers.append((name, s.stringValue)) } else { try s.skipValue() }
                }
            case "body":
                if s.token == .string {
                    rawBody = (s.withValueBytes { Array($0) }, true)
                } else if s.token == .null {
                    rawBody = nil
                } else {
                    let start = s.tokenOffset
                    try s.skipValue()
                    rawBody = (s.withInputBytes(start..<s.offsetAfterToken) { Array($0) }, false)
                }
            default:
                try s.skipValue()
            }
        }
        if let (bytes, isString) = rawBody {
            let type = (r.header("content-type") ?? "application/json").lowercased()
            if !isString || type.hasPrefix("text/") {
                r.body = bytes
            } else if type.hasPrefix("application/json") {
                // A JSON string as the whole body: keep it as JSON text.
                let o = JSONOutput(capacity: bytes.count + 2)
                bytes.withUnsafeBytes { o.string($0) }
                r.body = o.array
            } else {
                r.body = bytes.withUnsafeBytes { Base64.decode($0, skippingWhitespace: true) } ?? bytes
            }
        }
        return r
    }
}
