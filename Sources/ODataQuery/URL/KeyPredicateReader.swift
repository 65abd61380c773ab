import ODataModel

/// Reads a key predicate as a service writes it in a link: `('ALFKI')`, `(10L)`, `(guid'…')`,
/// `(OrderID=10248,ProductID=11)`. The inverse of `QueryURLWriter.keyPredicate`, typed by the key properties of an
/// entity type: each value becomes the literal of its property's type, whether the service spelled it the V2 way
/// (`10L`, `12.5M`, `datetime'…'`, `X'0A'`) or the V4 way. The text is not percent-encoded.
public enum KeyPredicateReader {
    /// The key the predicate names, one named value per key property of `type`, in the order the type declares
    /// them. Throws a `KeyPredicateError` when the text is not a key predicate of that type: a value of another
    /// type, a missing, unknown or repeated key property, text after the closing parenthesis.
    public static func read(_ predicate: some StringProtocol, keysOf type: EntityType) throws -> EntityKey {
        let text = Substring(predicate)
        let keys = type.keyProperties
        guard !keys.isEmpty else { throw KeyPredicateError("\(type.qualifiedName) has no key") }
        guard text.first == "(", text.last == ")", text.count >= 2 else {
            throw KeyPredicateError("\(text) is not a key predicate: it is written in parentheses, as (1) or (ID=1)")
        }
        let parts = try split(text.dropFirst().dropLast(), at: ",", whole: text)
        var values: [String: QueryLiteral] = [:]
        for part in parts {
            let (name, valueText) = try nameAndValue(part, whole: text)
            let property: Property
            if let name {
                guard let p = keys.first(where: { $0.name == name }) else {
                    throw KeyPredicateError("\(name) in \(text) is not a key property of \(type.name)")
                }
                property = p
            } else {
                guard keys.count == 1, parts.count == 1 else {
                    throw KeyPredicateError("\(text) names no key property, but \(type.name) has \(keys.count) of them")
                }
                property = keys[0]
            }
            guard values[property.name] == nil else { throw KeyPredicateError("\(property.name) appears twice in \(text)") }
            guard let primitive = property.primitiveType,
                  let literal = literal(valueText, as: primitive) else {
                throw KeyPredicateError("\(valueText) is not a value of \(property.name) (\(property.type.qualifiedName))")
            }
            values[property.name] = literal
        }
        return EntityKey(try keys.map { p in
            guard let v = values[p.name] else { throw KeyPredicateError("\(text) has no value for the key property \(p.name)") }
            return (p.name, v)
        })
    }

    /// The literal of `type` that `text` spells, in V2 or V4 form; nil when it spells none.
    public static func literal(_ text: some StringProtocol, as type: PrimitiveType) -> QueryLiteral? {
        var t = String(text)
        if type == .string {
            guard let inner = quoted(t) else { return nil }
            return .string(inner)
        }
        if let quote = t.firstIndex(of: "'") {
            // prefix'text': guid'…', datetime'…', datetimeoffset'…', time'…', duration'…', X'…', binary'…'
            guard let inner = quoted(t[quote...]) else { return nil }
            switch (t[..<quote].lowercased(), type) {
            case ("guid", .guid), ("datetime", .dateTime), ("datetimeoffset", .dateTimeOffset), ("time", .time),
                 ("duration", .duration), ("duration", .time), ("time", .duration):
                t = inner
            case ("x", .binary):
                return Base64.decodeHex(inner).map { .binary($0) }
            case ("binary", .binary):
                // V4 writes base64url, V2 hex.
                let base64 = inner.replacingAll("-", with: "+").replacingAll("_", with: "/")
                return (Base64.decode(base64) ?? Base64.decodeHex(inner)).map { .binary($0) }
            default:
                return nil
            }
        } else if let last = t.last, !t.hasSuffix("INF") {
            let suffixed: Bool
            switch type {
            case .int64: suffixed = last == "L" || last == "l"
            case .decimal: suffixed = last == "M" || last == "m"
            case .double: suffixed = last == "d" || last == "D"
            case .single: suffixed = last == "f" || last == "F"
            default: suffixed = false
            }
            if suffixed { t.removeLast() }
        }
        return QueryLiteral.parse(t, as: type)
    }

    /// The text of a quoted literal, `'it''s'` → `it's`; nil when it is not one whole quoted literal.
    static func quoted(_ s: some StringProtocol) -> String? {
        guard s.count >= 2, s.first == "'", s.last == "'" else { return nil }
        let body = s.dropFirst().dropLast()
        var out = ""
        var i = body.startIndex
        while i < body.endIndex {
            let c = body[i]
            if c == "'" {
                let next = body.index(after: i)
                guard next < body.endIndex, body[next] == "'" else { return nil }
                out.append("'")
                i = body.index(after: next)
            } else {
                out.append(c)
                i = body.index(after: i)
            }
        }
        return out
    }

    /// `text` cut at each `separator` outside quotes.
    private static func split(_ text: Substring, at separator: Character, whole: Substring) throws -> [Substring] {
        var parts: [Substring] = []
        var inQuote = false
        var start = text.startIndex
        for i in text.indices {
            let c = text[i]
            if c == "'" { inQuote.toggle() } else if c == separator, !inQuote {
                parts.append(text[start..<i])
                start = text.index(after: i)
            } else if !inQuote, c == "(" || c == ")" {
                throw KeyPredicateError("\(whole) is not one key predicate")
            }
        }
        guard !inQuote else { throw KeyPredicateError("\(whole) has a quote that is not closed") }
        parts.append(text[start...])
        return parts
    }

    /// `Name=value` or a lone value; the name is what comes before an `=` outside quotes.
    private static func nameAndValue(_ part: Substring, whole: Substring) throws -> (String?, Substring) {
        let trimmed = part.drop { $0 == " " }
        guard !trimmed.isEmpty else { throw KeyPredicateError("\(whole) has an empty key value") }
        if let eq = trimmed.firstIndex(of: "="), !trimmed[..<eq].contains("'") {
            let name = trimmed[..<eq].filter { $0 != " " }
            let value = trimmed[trimmed.index(after: eq)...].drop { $0 == " " }
            guard !name.isEmpty, !value.isEmpty else { throw KeyPredicateError("\(whole) has an empty key name or value") }
            return (String(name), value)
        }
        return (nil, trimmed)
    }
}

/// Text that is not a key predicate of the entity type it was read against.
public struct KeyPredicateError: CategorizedError, Hashable, Sendable, CustomStringConvertible {
    /// The text came from a service's link or a caller: data that does not read as a key.
    public var category: ErrorCategory { .invalidData }
    /// What is wrong with the text.
    public var message: String
    /// An error with this message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
