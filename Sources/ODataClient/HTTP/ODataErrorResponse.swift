import Foundation

/// An OData error body: V4 JSON, V2/V3 JSON (SAP Gateway's included) or V2/V4 XML, in one shape.
public struct ODataErrorResponse: Sendable, Equatable {
    /// One entry of V4 `details` or SAP's `innererror.errordetails`.
    public struct Detail: Sendable, Equatable {
        public var code: String
        public var message: String
        public var target: String?
        /// SAP's severity ("error", "warning", "info"), when given.
        public var severity: String?

        public init(code: String, message: String, target: String? = nil, severity: String? = nil) {
            self.code = code
            self.message = message
            self.target = target
            self.severity = severity
        }
    }

    public var code: String
    public var message: String
    /// The language of `message` (V2 `lang` / `xml:lang`), when given.
    public var language: String?
    public var target: String?
    public var details: [Detail]
    /// The inner error as compact text (JSON or "name: value" pairs), cut to a readable length.
    public var innerError: String?

    public init(code: String, message: String, language: String? = nil, target: String? = nil,
                details: [Detail] = [], innerError: String? = nil) {
        self.code = code
        self.message = message
        self.language = language
        self.target = target
        self.details = details
        self.innerError = innerError
    }

    static let innerErrorLimit = 1000

    /// Parses an error body; nil when it is not an OData error (HTML pages, plain text, empty).
    public static func parse(_ body: Data, contentType: String?) -> ODataErrorResponse? {
        let type = (contentType ?? "").lowercased()
        guard let first = body.first(where: { !isSpace($0) }) else { return nil }
        if type.contains("json") || first == UInt8(ascii: "{") {
            return parseJSON(body)
        }
        if type.contains("xml") || first == UInt8(ascii: "<") {
            return ODataErrorXMLReader.parse(body)
        }
        return nil
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// `{"error": {...}}` (V2 and V4) or `{"odata.error": {...}}` (V3 JSON verbose/light).
    static func parseJSON(_ body: Data) -> ODataErrorResponse? {
        guard let root = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              let error = (root["error"] ?? root["odata.error"]) as? [String: Any] else { return nil }
        let (message, language) = jsonMessage(error["message"])
        var result = ODataErrorResponse(code: jsonString(error["code"]), message: message, language: language,
                                        target: error["target"].map(jsonString))
        if let list = error["details"] as? [[String: Any]] {
            result.details += list.map(jsonDetail)
        }
        if var inner = error["innererror"] as? [String: Any] {
            if let list = inner["errordetails"] as? [[String: Any]] {
                result.details += list.map(jsonDetail)
                inner["errordetails"] = nil
            }
            result.innerError = compactJSON(inner)
        } else if let inner = error["innererror"], !(inner is NSNull) {
            result.innerError = compactJSON(inner)
        }
        return result
    }

    private static func jsonDetail(_ d: [String: Any]) -> Detail {
        let target = d["target"].map(jsonString).flatMap { $0.isEmpty ? nil : $0 }
            ?? d["propertyref"].map(jsonString).flatMap { $0.isEmpty ? nil : $0 }
        return Detail(code: jsonString(d["code"]), message: jsonMessage(d["message"]).0, target: target,
                      severity: d["severity"].map(jsonString))
    }

    /// V4: a string; V2: `{"lang": "en", "value": "..."}`.
    private static func jsonMessage(_ value: Any?) -> (String, String?) {
        if let m = value as? [String: Any] {
            return (jsonString(m["value"]), m["lang"].map(jsonString))
        }
        return (jsonString(value), nil)
    }

    private static func jsonString(_ value: Any?) -> String {
        switch value {
        case let s as String: return s
        case nil, is NSNull: return ""
        case let n as NSNumber: return n.stringValue
        default: return compactJSON(value!) ?? ""
        }
    }

    private static func compactJSON(_ value: Any) -> String? {
        guard JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]),
              let text = String(data: data, encoding: .utf8) else {
            return (value as? String).map { cut($0) }
        }
        return text == "{}" ? nil : cut(text)
    }

    static func cut(_ text: String) -> String {
        text.count <= innerErrorLimit ? text : String(text.prefix(innerErrorLimit)) + "…"
    }
}
