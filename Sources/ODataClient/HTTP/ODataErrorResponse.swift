import FoundationEssentials
import ODataModel

/// An OData error body: V4 JSON, V2/V3 JSON (SAP Gateway's included) or V2/V4 XML, in one shape.
public struct ODataErrorResponse: Sendable, Equatable {
    /// One entry of V4 `details` or SAP's `innererror.errordetails`.
    public struct Detail: Sendable, Equatable {
        /// The detail's error code.
        public var code: String
        /// The detail's message.
        public var message: String
        /// What the detail is about (a property name, a path), when given.
        public var target: String?
        /// SAP's severity ("error", "warning", "info"), when given.
        public var severity: String?

        /// A detail with this code, message, target and severity.
        public init(code: String, message: String, target: String? = nil, severity: String? = nil) {
            self.code = code
            self.message = message
            self.target = target
            self.severity = severity
        }
    }

    /// The service's error code (`code`; SAP: the message class and number, `SY/530`).
    public var code: String
    /// The service's error message.
    public var message: String
    /// The language of `message` (V2 `lang` / `xml:lang`), when given.
    public var language: String?
    /// What the error is about (a property name, a path), when given.
    public var target: String?
    /// Further errors (V4 `details`, SAP's `errordetails`), in the order sent.
    public var details: [Detail]
    /// The inner error as compact text (JSON or "name: value" pairs), cut to a readable length.
    public var innerError: String?
    /// SAP Gateway's `innererror.transactionid`: the key of the entry in /IWFND/ERROR_LOG.
    public var transactionID: String?

    /// An error body with these parts.
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
        guard let root = BodyJSON.object(body),
              case .object(let error)? = BodyJSON.member(root, "error") ?? BodyJSON.member(root, "odata.error") else { return nil }
        let e = JSONValue.object(error)
        let (message, language) = jsonMessage(BodyJSON.member(e, "message"))
        var result = ODataErrorResponse(code: jsonString(BodyJSON.member(e, "code")), message: message, language: language,
                                        target: BodyJSON.member(e, "target").map(jsonString))
        if let list = objects(BodyJSON.member(e, "details")) {
            result.details += list.map(jsonDetail)
        }
        if case .object(var inner)? = BodyJSON.member(e, "innererror") {
            if case .string(let id)? = BodyJSON.member(.object(inner), "transactionid"), !id.isEmpty { result.transactionID = id }
            if let list = objects(BodyJSON.member(.object(inner), "errordetails")) {
                result.details += list.map(jsonDetail)
                inner.removeAll { $0.key == "errordetails" }
            }
            result.innerError = compactJSON(.object(inner))
        } else if let inner = BodyJSON.member(e, "innererror"), !inner.isNull {
            result.innerError = compactJSON(inner)
        }
        return result
    }

    /// An array of objects, else nil (a list with anything else in it counts as none).
    private static func objects(_ value: JSONValue?) -> [JSONValue]? {
        guard let items = value?.arrayValue, items.allSatisfy({ $0.objectValue != nil }) else { return nil }
        return items
    }

    private static func jsonDetail(_ d: JSONValue) -> Detail {
        let target = BodyJSON.member(d, "target").map(jsonString).flatMap { $0.isEmpty ? nil : $0 }
            ?? BodyJSON.member(d, "propertyref").map(jsonString).flatMap { $0.isEmpty ? nil : $0 }
        return Detail(code: jsonString(BodyJSON.member(d, "code")), message: jsonMessage(BodyJSON.member(d, "message")).0,
                      target: target, severity: BodyJSON.member(d, "severity").map(jsonString))
    }

    /// V4: a string; V2: `{"lang": "en", "value": "..."}`.
    private static func jsonMessage(_ value: JSONValue?) -> (String, String?) {
        if case .object? = value {
            return (jsonString(BodyJSON.member(value, "value")), BodyJSON.member(value, "lang").map(jsonString))
        }
        return (jsonString(value), nil)
    }

    /// A value as text: strings as they are, numbers as `NSNumber` showed them (`true` as 1), objects and arrays
    /// as compact JSON.
    private static func jsonString(_ value: JSONValue?) -> String {
        switch value {
        case .string(let s)?: return s
        case nil, .null?: return ""
        case .number(let text)?: return BodyJSON.Number(text)?.text ?? text
        case .bool(let b)?: return b ? "1" : "0"
        case let v?: return compactJSON(v) ?? ""
        }
    }

    /// An object or array as compact JSON, nil for an empty object; a string cut to length; nil for the rest.
    private static func compactJSON(_ value: JSONValue) -> String? {
        switch value {
        case .object, .array:
            let text = BodyJSON.compactText(value)
            return text == "{}" ? nil : cut(text)
        case .string(let s): return cut(s)
        default: return nil
        }
    }

    static func cut(_ text: String) -> String {
        text.count <= innerErrorLimit ? text : String(text.prefix(innerErrorLimit)) + "…"
    }
}
