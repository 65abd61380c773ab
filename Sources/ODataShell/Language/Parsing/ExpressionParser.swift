import ODataModel
import ODataQuery

/// Reads filter and order-by expressions: operators by precedence, comparisons, `in` lists, `has`, function calls,
/// property paths and lambdas (`any`, `all`); literals are read by `LiteralParser`.
struct ExpressionParser {
    /// The tokens and the parse state, shared with the other parsers of this statement.
    let c: ParseCursor

    init(_ c: ParseCursor) { self.c = c }

    // Loosest first: or, and, not, comparison (= == != <> < <= > >= and OData's eq ne gt ge lt le, one per level),
    // + - add sub, * / % mul div mod, unary -, postfix in (...) and has, primary.
    //
    // OData's operator words are operators only where an operator can stand (after a complete operand); where an
    // operand is expected they are names, so a property called `eq` or `Div` stays usable.

    /// What may follow a complete operand: operators, then at the top of a clause what may follow an expression there,
    /// inside brackets what closes them or separates their items.
    private var afterOperand: [CompletionContext.Expectation] {
        (c.rightOfComparison ? [.binaryOperator] : [.binaryOperator, .comparisonOperator]) + (c.depth == 0 ? c.afterExpression + c.afterClause : c.closing)
    }

    /// OData's comparison words, synonyms of the symbols (case-insensitive).
    static let comparisonWords: [String: BinaryOperator] = ["eq": .eq, "ne": .ne, "gt": .gt, "ge": .ge, "lt": .lt, "le": .le]
    /// OData's arithmetic words, synonyms of `+ - * / %`.
    static let arithmeticWords: [String: BinaryOperator] = ["add": .add, "sub": .sub, "mul": .mul, "div": .div, "mod": .mod]

    /// The comparison operator the token stands for in operator position: a symbol or one of OData's words.
    private static func comparisonOperator(_ t: Token) -> BinaryOperator? {
        switch t.kind {
        case .symbol: return comparisons[t.text]
        case .identifier: return comparisonWords[t.text.lowercased()]
        default: return nil
        }
    }

    /// The arithmetic operator (of `ops`: add/sub or mul/div/mod) the token stands for in operator position.
    private static func arithmeticOperator(_ t: Token, _ ops: [BinaryOperator]) -> BinaryOperator? {
        let op: BinaryOperator?
        switch t.kind {
        case .symbol: op = ["+": .add, "-": .sub, "*": .mul, "/": .div, "%": .mod][t.text]
        case .identifier: op = arithmeticWords[t.text.lowercased()]
        default: op = nil
        }
        return op.flatMap { ops.contains($0) ? $0 : nil }
    }

    /// Words that end an operand or an expression: logic, postfix operators, order and clause keywords.
    private static let expressionEnds: Set<String> = [
        "and", "or", "in", "has", "asc", "ascending", "desc", "descending",
        "where", "filter", "select", "order", "orderby", "top", "skip", "expand", "count", "search",
    ]

    /// Whether the token can begin an operand: a literal, `(`, `-`, or a name that is no keyword; with
    /// `wordsAreNames` false, OData's operator words do not count as names either.
    private static func startsOperand(_ t: Token, wordsAreNames: Bool = false) -> Bool {
        switch t.kind {
        case .end: return false
        case .symbol: return t.text == "(" || t.text == "-"
        case .identifier:
            let w = t.text.lowercased()
            if expressionEnds.contains(w) { return false }
            return wordsAreNames || (comparisonWords[w] == nil && arithmeticWords[w] == nil)
        default: return true
        }
    }

    /// One expression, loosest operator first.
    func expression() throws -> AST.Expr {
        try c.enterNesting()
        defer { c.nesting -= 1 }
        return try orExpr()
    }

    private func orExpr() throws -> AST.Expr {
        try leftAssociative(andExpr) { $0.isKeyword("or") ? .or : nil }
    }

    private func andExpr() throws -> AST.Expr {
        try leftAssociative(notExpr) { $0.isKeyword("and") ? .and : nil }
    }

    /// `operand (operator operand)*`, grouped to the left, for a level whose operators `match` finds; after an
    /// arithmetic one the operand is no longer the value compared with a property (`arithmetic`), for completion.
    private func leftAssociative(arithmetic: Bool = false, _ operand: () throws -> AST.Expr,
                                 _ match: (Token) -> BinaryOperator?) throws -> AST.Expr {
        var l = try operand()
        while let op = match(c.tok) {
            try c.countOperator()
            c.advance()
            if arithmetic { c.comparedWith = nil }
            let r = try operand()
            l = AST.Expr(kind: .binary(op, l, r), range: l.range.to(r.range))
        }
        return l
    }

    private func notExpr() throws -> AST.Expr {
        // `not` is the operator unless it is a name itself (a property named Not): compared (`Not = true`,
        // `Not eq true`) or with no operand after it (`not Not`, `Not and ...`); `not eq = 1` negates a property eq.
        let comparedItself = c.peek().kind == .symbol ? Self.comparisons[c.peek().text] != nil
            : Self.comparisonOperator(c.peek()) != nil && (Self.startsOperand(c.peek(2)) || (c.partial && c.peek(2).kind == .end))
        if c.tok.isKeyword("not"), !comparedItself, Self.startsOperand(c.peek(), wordsAreNames: true) || (c.partial && c.peek().kind == .end) {
            let t = c.advance()
            try c.enterNesting()
            defer { c.nesting -= 1 }
            let x = try notExpr()
            return AST.Expr(kind: .unary(.not, x), range: t.range.to(x.range))
        }
        return try comparison()
    }

    private static let comparisons: [String: BinaryOperator] = [
        "=": .eq, "==": .eq, "!=": .ne, "<>": .ne, "<": .lt, "<=": .le, ">": .gt, ">=": .ge,
    ]

    private func comparison() throws -> AST.Expr {
        let saved = c.rightOfComparison
        c.rightOfComparison = false
        defer { c.rightOfComparison = saved }
        let l = try additive()
        try c.complete(afterOperand)
        if let op = Self.comparisonOperator(c.tok) {
            try c.countOperator()
            c.advance()
            c.comparedWith = c.pathScope(l)
            c.rightOfComparison = true
            let r = try additive()
            return AST.Expr(kind: .binary(op, l, r), range: l.range.to(r.range))
        }
        return l
    }

    private func additive() throws -> AST.Expr {
        try leftAssociative(arithmetic: true, multiplicative) { Self.arithmeticOperator($0, [.add, .sub]) }
    }

    private func multiplicative() throws -> AST.Expr {
        try leftAssociative(arithmetic: true, unary) { Self.arithmeticOperator($0, [.mul, .div, .mod]) }
    }

    func unary() throws -> AST.Expr {
        if c.tok.isSymbol("-") {
            let t = c.advance()
            // A minus sign written against a number is part of the literal: -5, -1.5; -(5) stays a negation.
            if !c.tok.spaceBefore, [.integer, .decimal, .double].contains(c.tok.kind) {
                let n = c.advance()
                return try postfix(AST.Expr(kind: .literal(LiteralParser.negative(n)), range: t.range.to(n.range)))
            }
            try c.enterNesting()
            defer { c.nesting -= 1 }
            let x = try unary()
            return AST.Expr(kind: .unary(.negate, x), range: t.range.to(x.range))
        }
        return try postfix(try primary())
    }

    private func postfix(_ e: AST.Expr) throws -> AST.Expr {
        var e = e
        // Each `in` nests its left side one level deeper (`x in (1) in (2)` is walked recursively).
        var levels = 0
        defer { c.nesting -= levels }
        while true {
            try c.complete(afterOperand)
            if c.tok.isKeyword("in") {
                try c.enterNesting()
                levels += 1
                c.advance()
                let open = try c.expectSymbol("(", "( after in")
                var items: [AST.Expr] = []
                let target = c.pathScope(e)
                c.depth += 1
                while true {
                    c.comparedWith = target
                    try c.complete([.value(comparedWith: target)])
                    if c.tok.isSymbol(")") && items.isEmpty { break }
                    items.append(try c.closed(by: [",", ")"]) { try expression() })
                    try c.complete([.keyword(","), .keyword(")")])
                    if c.tok.isSymbol(",") { c.advance(); continue }
                    break
                }
                c.depth -= 1
                let close = try c.expectSymbol(")", ") or , in the list")
                e = AST.Expr(kind: .isIn(e, items), range: e.range.to(open.range).to(close.range))
            } else if c.tok.isKeyword("has") {
                try c.countOperator()
                c.advance()
                c.comparedWith = c.pathScope(e)
                let r = try primary()
                e = AST.Expr(kind: .binary(.has, e, r), range: e.range.to(r.range))
            } else {
                return e
            }
        }
    }

    private func primary() throws -> AST.Expr {
        let other = c.comparedWith
        c.comparedWith = nil
        var exp: [CompletionContext.Expectation] = [.property(c.scope), .function, .value(comparedWith: other)]
        if !c.lambdaVariables.isEmpty { exp.append(.lambdaVariable(c.lambdaVariables.keys.sorted())) }
        try c.complete(exp)
        let t = c.tok
        if let lit = LiteralParser.literal(t) {
            c.advance()
            return AST.Expr(kind: .literal(lit), range: t.range)
        }
        switch t.kind {
        case .symbol where t.text == "(":
            c.advance()
            c.depth += 1
            let inner = try c.closed(by: [")"]) { try expression() }
            c.depth -= 1
            let close = try c.expectSymbol(")", ")")
            return AST.Expr(kind: .group(inner), range: t.range.to(close.range))
        case .identifier:
            c.advance()
            let lower = t.text.lowercased()
            // prefix'text': a typed literal (guid'..', datetime'..', duration'..', X'..', Namespace.Enum'Member').
            if c.tok.kind == .string, !c.tok.spaceBefore, t.text.first != "$" {
                let s = c.advance()
                return AST.Expr(kind: .literal(LiteralParser.typed(prefix: t, text: s)), range: t.range.to(s.range))
            }
            if c.tok.isSymbol("("), !t.text.contains(".") {
                return try functionCall(AST.Name(text: t.text, range: t.range))
            }
            // true, false and null are names when a path goes on from them (a property named Null/...).
            if !c.tok.isSymbol("/") || c.tok.spaceBefore, let lit = LiteralParser.word(lower) {
                return AST.Expr(kind: .literal(lit), range: t.range)
            }
            return try pathOrLambda(AST.Name(text: t.text, range: t.range))
        default:
            throw c.unexpected("a property, a value or a function")
        }
    }

    private func functionCall(_ n: AST.Name) throws -> AST.Expr {
        let open = c.advance()
        var args: [AST.Expr] = []
        c.depth += 1
        while true {
            c.comparedWith = nil
            try c.complete([.property(c.scope), .function, .value(comparedWith: nil)])
            if c.tok.isSymbol(")") && args.isEmpty { break }
            let next = Self.afterArgument(args.count + 1, of: n.text)
            args.append(try c.closed(by: next) { try expression() })
            try c.complete(next.map { .keyword($0) } + [.binaryOperator])
            if c.tok.isSymbol(",") { c.advance(); continue }
            break
        }
        c.depth -= 1
        let close = try c.expectSymbol(")", ") or , in the arguments of \(n.text)")
        return AST.Expr(kind: .call(n, args), range: n.range.to(open.range).to(close.range))
    }

    /// What may follow argument number `given` of a call of `name`: `,` while the function takes more, `)` once it
    /// has enough (both for a function odsh does not know; the binder names it).
    static func afterArgument(_ given: Int, of name: String) -> [String] {
        guard let arity = arity(of: name) else { return [",", ")"] }
        return (given < arity.upperBound ? [","] : []) + (given >= arity.lowerBound ? [")"] : [])
    }

    /// How many arguments the built-in function `name` takes (V2's `substringof` as `contains`), nil for a name that
    /// is no built-in function.
    static func arity(of name: String) -> ClosedRange<Int>? {
        let lower = name.lowercased()
        return (lower == "substringof" ? QueryFunction.named("contains") : QueryFunction.named(lower))?.arity
    }

    private func pathOrLambda(_ first: AST.Name) throws -> AST.Expr {
        var names = [first]
        // `/` binds names only when written without spaces around it: `Customer/Country`; `Freight / 2` divides.
        while c.tok.isSymbol("/"), !c.tok.spaceBefore, c.peek().kind == .identifier && !c.peek().spaceBefore || (c.partial && c.peek().kind == .end) {
            c.advance()
            let base = c.pathScope(AST.Expr(kind: .path(names), range: first.range)) ?? c.scope
            // A lambda variable alone is one member of its collection, whose scope it shares.
            let member = names.count == 1 && c.lambdaVariables[names[0].text] != nil
            try c.complete(member ? [.property(base)] : [.property(base), .collectionOperator(base)])
            let n = try c.name("a property name after /")
            let lower = n.text.lowercased()
            if (lower == "any" || lower == "all"), c.tok.isSymbol("(") {
                return try lambda(names, lower == "any" ? .any : .all, n)
            }
            names.append(n)
        }
        return AST.Expr(kind: .path(names), range: first.range.to(names.last!.range))
    }

    private func lambda(_ collection: [AST.Name], _ op: LambdaOperator, _ opName: AST.Name) throws -> AST.Expr {
        c.advance()  // (
        let suggested = collection.last.flatMap { $0.text.first.map { String($0).lowercased() } }.map { [$0] } ?? []
        try c.complete([.lambdaVariable(suggested)])
        if c.tok.isSymbol(")") {
            let close = c.advance()
            return AST.Expr(kind: .lambda(op, collection: collection, variable: nil, predicate: nil), range: collection[0].range.to(close.range))
        }
        let v = try c.name("a variable name, as in any(d: d/Quantity > 10)")
        _ = try c.expectSymbol(":", ": after the lambda variable")
        let collectionScope = c.pathScope(AST.Expr(kind: .path(collection), range: collection[0].range)) ?? c.scope
        let saved = c.lambdaVariables
        c.lambdaVariables[v.text] = collectionScope.navigation
        c.depth += 1
        let predicate = try c.closed(by: [")"]) { try expression() }
        c.depth -= 1
        c.lambdaVariables = saved
        let close = try c.expectSymbol(")", ") after the lambda condition")
        _ = opName
        return AST.Expr(kind: .lambda(op, collection: collection, variable: v, predicate: predicate), range: collection[0].range.to(close.range))
    }
}
