import ODataModel

/// Writes a `QueryExpression` as `$filter` text for a version, with only the parentheses precedence needs.
///
/// V2 differences: `substringof(b,a)` for `contains(a,b)`; `in` becomes an or-chain of `eq`; `isof`/`cast` take
/// the type name quoted; lambdas (V3 has them), `has`, enum members and the V4-only functions are errors.
public struct ExpressionWriter: Sendable {
    /// The OData version the text is written for.
    public let version: ODataVersion
    let literals: LiteralFormatter
    /// A writer for a service of this version.
    public init(version: ODataVersion) { self.version = version; literals = LiteralFormatter(version: version) }

    /// The expression as URL text (not yet percent-encoded).
    public func text(_ e: QueryExpression) throws -> String {
        try write(version.isV4 ? e : try lowered(e))
    }

    /// V4 precedence levels, loosest first (OData V4 URL conventions 5.1.1.15).
    static func precedence(_ e: QueryExpression) -> Int {
        switch e {
        case .binary(let op, _, _):
            switch op {
            case .or: return 1
            case .and: return 2
            case .eq, .ne: return 3
            case .gt, .ge, .lt, .le: return 4
            case .add, .sub: return 5
            case .mul, .div, .mod: return 6
            case .has: return 8
            }
        case .unary: return 7
        case .literal(let l):
            // A negative number reads like a negation.
            if case .double(let d) = l, d < 0 { return 7 }
            return l.description.contains(":-") ? 7 : 9
        default: return 9
        }
    }

    /// Rewrites what V2 spells differently (`in` → or-chain) so that precedence applies to the result.
    func lowered(_ e: QueryExpression) throws -> QueryExpression {
        switch e {
        case .isIn(let lhs, let list):
            let l = try lowered(lhs)
            guard !list.isEmpty else { return .literal(.boolean(false)) }
            var chain: QueryExpression? = nil
            for item in list {
                let eq = QueryExpression.binary(.eq, l, try lowered(item))
                chain = chain.map { .binary(.or, $0, eq) } ?? eq
            }
            return chain!
        case .unary(let op, let x): return .unary(op, try lowered(x))
        case .binary:
            // Along the left side in a loop: a chain of thousands of terms must not recurse once per term.
            let (spine, leftmost) = Self.leftSpine(e)
            var acc = try lowered(leftmost)
            for (op, b) in spine.reversed() { acc = .binary(op, acc, try lowered(b)) }
            return acc
        case .function(let n, let args): return .function(n, try args.map(lowered))
        case .lambda(let k, let c, let v, let p): return .lambda(k, collection: c, variable: v, predicate: try p.map(lowered))
        default: return e
        }
    }

    /// The binary operations down the left side of `e`, outermost first (each operator with its right side), and
    /// the first operand that is no binary operation.
    static func leftSpine(_ e: QueryExpression) -> (spine: [(BinaryOperator, QueryExpression)], leftmost: QueryExpression) {
        var spine: [(BinaryOperator, QueryExpression)] = []
        var x = e
        while case .binary(let op, let a, let b) = x { spine.append((op, b)); x = a }
        return (spine, x)
    }

    private func operand(_ e: QueryExpression, parentheses: Bool) throws -> String {
        let t = try write(e)
        return parentheses ? "(\(t))" : t
    }

    func write(_ e: QueryExpression) throws -> String {
        switch e {
        case .literal(let l):
            return try literals.text(l)
        case .property(let p):
            return p.description
        case .typeName(let t):
            return version.isV4 ? t : "'\(t)'"
        case .unary(.not, let x):
            return "not " + (try operand(x, parentheses: Self.precedence(x) < 7))
        case .unary(.negate, let x):
            return "-" + (try operand(x, parentheses: Self.precedence(x) <= 7))
        case .binary:
            // Along the left side in a loop (see `lowered`); the text grows from the innermost operation out.
            let (spine, leftmost) = Self.leftSpine(e)
            var text = try write(leftmost)
            var a = leftmost
            for (op, b) in spine.reversed() {
                if op == .has, !version.isV4 { throw QueryWriteError.unsupported("the has operator", version) }
                let node = QueryExpression.binary(op, a, b)
                let p = Self.precedence(node)
                let pa = Self.precedence(a), pb = Self.precedence(b)
                // Comparisons inside comparisons always get parentheses: servers differ on eq against gt precedence.
                let isComparison = p == 3 || p == 4
                let leftParens = pa < p || (pa == p && p == 8) || (isComparison && (pa == 3 || pa == 4))
                let rightParens = pb <= p || (isComparison && (pb == 3 || pb == 4))
                // Appended in place: rebuilding the text for each term would take quadratic time.
                if leftParens { text = "(\(text))" }
                text += " \(op.rawValue) "
                text += try operand(b, parentheses: rightParens)
                a = node
            }
            return text
        case .isIn(let lhs, let list):
            let l = try operand(lhs, parentheses: Self.precedence(lhs) < 9)
            return "\(l) in (" + (try list.map { try write($0) }.joined(separator: ",")) + ")"
        case .function(let name, let args):
            guard let f = QueryFunction.named(name) else {
                throw QueryWriteError(feature: "function \(name)", version: version, message: "unknown function \(name)")
            }
            if version.isV4 {
                return "\(f.name)(" + (try args.map { try write($0) }.joined(separator: ",")) + ")"
            }
            guard let v2 = f.v2Name else { throw QueryWriteError.unsupported("the function \(f.name)()", version) }
            var a = args
            if f.name == "contains", a.count == 2 { a.swapAt(0, 1) }
            return "\(v2)(" + (try a.map { try write($0) }.joined(separator: ",")) + ")"
        case .lambda(let kind, let collection, let variable, let predicate):
            guard version >= .v3 else {
                throw QueryWriteError.unsupported("the lambda operator \(kind.rawValue)", version, needs: "OData V3 or V4")
            }
            guard let v = variable, let p = predicate else { return "\(collection)/\(kind.rawValue)()" }
            return "\(collection)/\(kind.rawValue)(\(v):\(try write(p)))"
        }
    }
}
