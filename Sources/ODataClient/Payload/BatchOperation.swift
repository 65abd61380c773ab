/// One request inside a `$batch`: method, URL (relative to the service root, an absolute path, an absolute URL, or
/// `$1/...` referring to an earlier request's result), headers and body.
public struct BatchOperation: Equatable, Sendable {
    /// The HTTP method (`GET`, `POST`, `PATCH`, `MERGE`, `DELETE`, ...).
    public var method: String
    /// The URL as it is written into the batch (relative, absolute path, absolute, or `$1/...`).
    public var url: String
    /// The request's headers, in order.
    public var headers: [(name: String, value: String)]
    /// The request body; nil sends none.
    public var body: [UInt8]?
    /// Content-ID (multipart) or `id` (JSON batch): how later requests and the response refer to this one.
    public var contentID: String?
    /// JSON batch: ids of requests or atomicity groups this one waits for.
    public var dependsOn: [String]

    /// A request with these parts.
    public init(method: String, url: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
                contentID: String? = nil, dependsOn: [String] = []) {
        self.method = method; self.url = url; self.headers = headers; self.body = body
        self.contentID = contentID; self.dependsOn = dependsOn
    }

    /// A request with a JSON body (Content-Type `application/json` unless `headers` give one).
    public static func json(_ method: String, _ url: String, body: [UInt8], headers: [(name: String, value: String)] = [],
                            contentID: String? = nil) -> BatchOperation {
        var h = headers
        if !h.contains(where: { $0.name.lowercased() == "content-type" }) { h.insert(("Content-Type", "application/json"), at: 0) }
        return BatchOperation(method: method, url: url, headers: h, body: body, contentID: contentID)
    }

    /// The value of a header (names compare case-insensitively).
    public func header(_ name: String) -> String? {
        let n = name.lowercased()
        return headers.first { $0.name.lowercased() == n }?.value
    }

    /// Equal when method, URL, headers (in order), body, Content-ID and dependencies are.
    public static func == (a: BatchOperation, b: BatchOperation) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body && a.contentID == b.contentID && a.dependsOn == b.dependsOn
            && a.headers.map { "\($0.name): \($0.value)" } == b.headers.map { "\($0.name): \($0.value)" }
    }
}
