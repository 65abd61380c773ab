/// Reads the literals of the language from their tokens: strings, numbers (`12.5M` and `5L` keep their suffix as a
/// typed literal), dates, times, GUIDs, `prefix'text'` and the words true, false and null. Their types are the
/// binder's (`LiteralTyper`).
enum LiteralParser {
    /// The literal a string, number, date, time or GUID token stands for; nil for any other token.
    static func literal(_ t: Token) -> AST.Literal? {
        switch t.kind {
        case .string: return .string(t.value)
        case .integer, .decimal, .double, .date, .dateTimeOffset, .localDateTime, .timeOfDay, .guid:
            // A suffix (12.5M, 5L) is not part of the value: the literal is typed by it.
            if t.text != t.value { return .typed(prefix: String(t.text.last!), text: t.value) }
            switch t.kind {
            case .integer: return .integer(t.text)
            case .decimal: return .decimal(t.text)
            case .double: return .double(t.text)
            case .date: return .date(t.text)
            case .dateTimeOffset: return .dateTimeOffset(t.text)
            case .localDateTime: return .localDateTime(t.text)
            case .timeOfDay: return .timeOfDay(t.text)
            default: return .guid(t.text)
            }
        default: return nil
        }
    }

    /// A number token written against a minus sign (`-5`, `-1.5`, `-2L`): one negative literal.
    static func negative(_ n: Token) -> AST.Literal {
        if n.text != n.value { return .typed(prefix: String(n.text.last!), text: "-" + n.value) }
        switch n.kind {
        case .integer: return .integer("-" + n.text)
        case .decimal: return .decimal("-" + n.text)
        default: return .double("-" + n.text)
        }
    }

    /// `prefix'text'`: guid'..', datetime'..', duration'..', X'..', Namespace.Enum'Member'.
    static func typed(prefix: Token, text: Token) -> AST.Literal {
        .typed(prefix: prefix.text, text: text.value)
    }

    /// true, false or null, given in lower case; nil for any other word.
    static func word(_ lower: String) -> AST.Literal? {
        switch lower {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "null": return .null
        default: return nil
        }
    }
}
