import FoundationEssentials
import ODataModel
import ODataQuery

/// One request as a tool states it: method, URL relative to the service root, JSON body, and what the answer holds.
package struct ServiceRequest {
    package var method: HTTPMethod
    /// Relative to the service root (`Customers?$top=5`); an absolute http(s) URL is sent as it is.
    package var relativeURL: String
    /// A JSON body, sent with `Content-Type: application/json`.
    package var body: Data?
    /// What the payload holds; nil lets `execute` work it out from the URL (`DataService.target(forRelativeURL:)`).
    package var target: PayloadTarget?
    /// What kind of answer comes back, known from the typed request (`DataService.serviceRequest(for:ifMatch:)`);
    /// nil for a raw URL, whose last path segment says it (`$count`, `$value`, a key in parentheses).
    var answer: Answer?
    /// Extra request headers (If-Match, Prefer, ...).
    package var headers = HTTPHeaders()
    /// Where a plain answer's body (`$value`, a raw URL's body that is not a payload) goes as it arrives: set, the
    /// body is streamed here, in any size, and `ServiceResponse.rawBody` stays nil; unset, it is kept there, up to
    /// `HTTPConfiguration.maxBufferedBodyBytes`. Error answers never reach it, nor does a `$count`.
    package var onRawChunk: ((UnsafeRawBufferPointer) throws -> Void)?
    /// Columns the query adds to its entity type (aggregate aliases, computed values) and their types, for the reader.
    package var addedColumns: [String: PrimitiveType?] = [:]

    package init(method: HTTPMethod = .get, relativeURL: String, body: Data? = nil, target: PayloadTarget? = nil) {
        self.method = method
        self.relativeURL = relativeURL
        self.body = body
        self.target = target
    }

    /// The columns a query and the queries of its expand items add, as the reader takes them (the first of a name
    /// wins).
    static func addedColumns(of query: DataQuery?) -> [String: PrimitiveType?] {
        var out: [String: PrimitiveType?] = [:]
        func walk(_ q: DataQuery) {
            for c in q.addedColumns where out[c.name] == nil { out[c.name] = c.type }
            for item in q.expandItems { if let nested = item.query { walk(nested) } }
        }
        if let q = query { walk(q) }
        return out
    }
}

/// What kind of answer a request gets: it decides `Accept`, whether the body goes to a payload reader, and whether
/// an `ETag` header belongs to the one entity read.
enum Answer: Sendable, Equatable {
    /// Entities or values in an OData payload; `single`: one entity (by key, a singleton, or a write's answer).
    case payload(single: Bool)
    /// A plain-text count (`$count`).
    case count
    /// A raw value (`$value`, a media resource).
    case rawValue

    /// What a URL of a raw request answers, from its last path segment: the one place that reads URL text for it.
    static func ofRawURL(_ url: String, method: HTTPMethod) -> Answer {
        let path = url[..<(url.firstIndex(of: "?") ?? url.endIndex)]
        let last = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
        if last == "$count" { return .count }
        if last == "$value" { return .rawValue }
        return .payload(single: method != .get || path.hasSuffix(")"))
    }

    /// The `Accept` header: text for a count, anything for a raw value, else JSON.
    var accept: String {
        switch self {
        case .count: return "text/plain, */*;q=0.5"
        case .rawValue: return "*/*"
        case .payload: return "application/json"
        }
    }
}
