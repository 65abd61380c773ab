import ODataClient
import ODataModel
import ODataQuery

/// Types the literals of the language: their type of their own, and the type the property or parameter they meet
/// expects. Dates and typed literals (`guid'...'`, `12.5M`, `NS.Color'Red'`) are checked here.
struct LiteralTyper: BinderPart {
    let document: CsdlDocument

    /// The literal `make` gives for `text` when `valid` accepts it; else a syntax error: the text is not `what`.
    private func checked(_ text: String, _ valid: (String) -> Bool, _ what: String, at r: SourceRange,
                         _ make: (String) -> QueryLiteral) throws -> QueryLiteral {
        guard valid(text) else { throw LanguageError(.syntax, "\(text) is not \(what)", at: r) }
        return make(text)
    }

    /// The literal with the type it has on its own: 10 is Int32 (Int64 when larger), 1.5 Decimal, 1e3 Double.
    func natural(_ l: AST.Literal, _ r: SourceRange) throws -> QueryLiteral {
        switch l {
        case .string(let s): return .string(s)
        case .integer(let t):
            if let v = Int32(t) { return .int32(v) }
            if let v = Int64(t) { return .int64(v) }
            return .decimal(t)
        case .decimal(let t): return .decimal(t)
        case .double(let t): return .double(Double(t) ?? .nan)
        case .boolean(let b): return .boolean(b)
        case .null: return .null
        case .date(let t): return try checked(t, LiteralSyntax.isDate, "a valid date", at: r, QueryLiteral.date)
        case .dateTimeOffset(let t): return try checked(t, LiteralSyntax.isDateTimeOffset, "a valid date-time", at: r, QueryLiteral.dateTimeOffset)
        case .localDateTime(let t): return try checked(t, LiteralSyntax.isLocalDateTime, "a valid date-time", at: r, QueryLiteral.dateTime)
        case .timeOfDay(let t): return try checked(t, LiteralSyntax.isTimeOfDay, "a valid time of day", at: r, QueryLiteral.timeOfDay)
        case .guid(let t): return .guid(t)
        case .typed(let prefix, let text):
            let typed: [String: PrimitiveType] = [
                "guid": .guid, "datetime": .dateTime, "datetimeoffset": .dateTimeOffset, "time": .time, "duration": .duration,
                "date": .date, "timeofday": .timeOfDay, "binary": .binary,
                // V2's number suffixes: 12.50M, 5L, 1.5d, 2f.
                "m": .decimal, "l": .int64, "d": .double, "f": .single,
            ]
            if let p = typed[prefix.lowercased()] {
                guard let v = QueryLiteral.parse(text, as: p) else {
                    throw LanguageError(.syntax, "'\(text)' is not a valid \(p.rawValue) literal", at: r)
                }
                return v
            }
            if prefix == "X" || prefix == "x" {
                guard let b = Base64.decodeHex(text) else { throw LanguageError(.syntax, "X'\(text)' needs an even number of hex digits", at: r) }
                return .binary(b)
            }
            if let en = try? document.enumType(withName: prefix) {
                guard let m = en.member(named: text) else {
                    throw LanguageError(.unknownName, "\(en.name) has no member \(text)", at: r,
                                        suggestions: NameSuggester.closest(to: text, in: en.members.map(\.name)))
                }
                return .enumMember(type: en.qualifiedName, member: m.name)
            }
            throw LanguageError(.unknownName, "unknown literal prefix \(prefix) (use guid, datetime, datetimeoffset, time, duration, binary, X or an enum type's name)",
                                at: r, suggestions: NameSuggester.closest(to: prefix, in: document.enumTypes.map(\.qualifiedName) + ["guid", "datetime", "datetimeoffset", "duration", "binary"]))
        }
    }

    /// The literal as the expected type (an enum member by its name, a number widened), or a type mismatch.
    func bindLiteral(_ l: AST.Literal, _ r: SourceRange, expected: ExprType?) throws -> QueryLiteral {
        let v = try natural(l, r)
        guard let want = expected, v != .null else { return v }
        if let en = want.enumType {
            if case .enumMember(let tn, _) = v, tn == en.qualifiedName { return v }
            if case .string(let s) = v {
                guard let m = en.member(named: s) else {
                    throw LanguageError(.unknownName, "\(en.name) has no member \(s)", at: r,
                                        suggestions: NameSuggester.closest(to: s, in: en.members.map(\.name)))
                }
                return .enumMember(type: en.qualifiedName, member: m.name)
            }
            throw LanguageError(.typeMismatch, "\(describe(l)) cannot be a member of \(en.qualifiedName)\(want.origin.map { " (\($0))" } ?? "")", at: r)
        }
        guard let p = want.primitive else { return v }
        if let c = v.converted(to: p) { return c }
        throw LanguageError(.typeMismatch, "\(describe(l)) cannot be \(p.rawValue)\(want.origin.map { ", the type of \($0)" } ?? "")", at: r)
    }

    func describe(_ l: AST.Literal) -> String {
        switch l {
        case .string(let s): return "'\(s)'"
        case .integer(let t), .decimal(let t), .double(let t), .date(let t), .dateTimeOffset(let t), .localDateTime(let t),
             .timeOfDay(let t), .guid(let t): return t
        case .boolean(let b): return b ? "true" : "false"
        case .null: return "null"
        case .typed(let p, let t): return p.count == 1 && "MmLlDdFf".contains(p) ? t + p : "\(p)'\(t)'"
        }
    }
}
