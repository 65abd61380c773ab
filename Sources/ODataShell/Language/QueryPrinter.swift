import FoundationEssentials
import ODataClient
import ODataModel
import ODataQuery

/// Writes a `QueryExpression` back as query-language text (`Freight > 20 and Customer/Country in ('UK', 'USA')`),
/// with only the parentheses the language's precedence needs. Parsing and binding the text against the same model
/// gives the same expression back.
enum QueryPrinter {
    /// Precedence levels of the query language, loosest first.
    static func precedence(_ e: QueryExpression) -> Int {
        switch e {
        case .binary(let op, _, _):
            switch op {
            case .or: return 1
            case .and: return 2
            case .eq, .ne, .gt, .ge, .lt, .le: return 4
            case .add, .sub: return 5
            case .mul, .div, .mod: return 6
            case .has: return 8
            }
        case .unary(.not, _): return 3
        case .unary(.negate, _): return 7
        case .isIn: return 8
        case .literal(let l): return isNegative(l) ? 7 : 9
        default: return 9
        }
    }

    static func isNegative(_ l: QueryLiteral) -> Bool {
        switch l {
        case .sbyte(let v): return v < 0
        case .int16(let v): return v < 0
        case .int32(let v): return v < 0
        case .int64(let v): return v < 0
        case .decimal(let t): return t.hasPrefix("-")
        case .double(let d): return d.sign == .minus && !d.isNaN
        case .single(let f): return f.sign == .minus && !f.isNaN
        default: return false
        }
    }

    static let symbols: [BinaryOperator: String] = [
        .eq: "=", .ne: "!=", .gt: ">", .ge: ">=", .lt: "<", .le: "<=", .add: "+", .sub: "-", .mul: "*", .div: "/", .mod: "%",
        .and: "and", .or: "or", .has: "has",
    ]

    /// OData's operator words, which the language takes as synonyms of the symbols.
    static let words: [BinaryOperator: String] = [
        .eq: "eq", .ne: "ne", .gt: "gt", .ge: "ge", .lt: "lt", .le: "le", .add: "add", .sub: "sub", .mul: "mul", .div: "div", .mod: "mod",
        .and: "and", .or: "or", .has: "has",
    ]

    /// The expression as query-language text; with `operatorWords`, comparisons and arithmetic are written as
    /// OData's words (`Freight gt 20`, `Price mul 2`) instead of symbols.
    static func text(_ e: QueryExpression, operatorWords: Bool = false) -> String {
        func text(_ x: QueryExpression) -> String { QueryPrinter.text(x, operatorWords: operatorWords) }
        func wrap(_ x: QueryExpression, _ yes: Bool) -> String { yes ? "(\(text(x)))" : text(x) }
        switch e {
        case .literal(let l): return literal(l)
        case .property(let p): return p.description
        case .typeName(let t): return t
        case .unary(.not, let x): return "not " + wrap(x, precedence(x) < 3)
        case .unary(.negate, let x):
            // -(5) stays a negation; -5 would read back as a negative literal.
            if case .literal = x { return "-(\(text(x)))" }
            return "-" + wrap(x, precedence(x) < 9)
        case .binary:
            // Along the left side in a loop: a chain of thousands of terms must not recurse once per term.
            var spine: [(BinaryOperator, QueryExpression)] = []
            var a = e
            while case .binary(let op, let l, let r) = a { spine.append((op, r)); a = l }
            var out = text(a)
            for (op, b) in spine.reversed() {
                let node = QueryExpression.binary(op, a, b)
                let p = precedence(node), pa = precedence(a), pb = precedence(b)
                let left = pa < p || (pa == p && (p == 4 || p == 8))
                // Appended in place: rebuilding the text for each term would take quadratic time.
                if left { out = "(\(out))" }
                out += " \((operatorWords ? words : symbols)[op]!) "
                out += wrap(b, pb <= p)
                a = node
            }
            return out
        case .isIn(let x, let items):
            return wrap(x, precedence(x) < 9) + " in (" + items.map(text).joined(separator: ", ") + ")"
        case .function(let n, let args):
            return "\(n)(" + args.map(text).joined(separator: ", ") + ")"
        case .lambda(let k, let c, let v, let p):
            guard let v = v, let p = p else { return "\(c)/\(k.rawValue)()" }
            return "\(c)/\(k.rawValue)(\(v): \(text(p)))"
        }
    }

    /// A literal as the language writes it: typed prefixes only where the bare form would read as another type.
    static func literal(_ l: QueryLiteral) -> String {
        switch l {
        case .null: return "null"
        case .boolean(let b): return b ? "true" : "false"
        case .byte(let v): return String(v)
        case .sbyte(let v): return String(v)
        case .int16(let v): return String(v)
        case .int32(let v): return String(v)
        case .int64(let v): return String(v)
        case .decimal(let t): return t
        case .double(let d): return floating(d, "\(d)")
        case .single(let f): return floating(Double(f), "\(f)")
        case .string(let s): return string(s)
        case .guid(let t), .date(let t), .timeOfDay(let t), .dateTimeOffset(let t), .dateTime(let t): return t
        case .duration(let t): return "duration'\(t)'"
        case .time(let t): return "time'\(t)'"
        case .binary(let b): return "binary'\(Base64.encode(b, url: true))'"
        case .enumMember(let t, let m): return "\(t)'\(m.replacingAll("'", with: "''"))'"
        case .json(let t): return t
        }
    }

    static func floating(_ d: Double, _ text: String) -> String { LiteralFormatter.nonFiniteText(d) ?? text }

    /// `'it''s'`, or a double-quoted string with escapes when it holds control characters.
    static func string(_ s: String) -> String {
        if !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "'" + s.replacingAll("'", with: "''") + "'"
        }
        return JSONOutput.quoted(s, escapingDelete: true)
    }
}
