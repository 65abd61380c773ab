import ODataModel
import ODataQuery

/// Reads the values of bodies and structured arguments: `{ name: value, ... }` and `[ value, ... ]`.
struct ValueParser {
    /// The tokens and the parse state, shared with the other parsers of this statement.
    let c: ParseCursor

    init(_ c: ParseCursor) { self.c = c }

    /// A `{ name: value, ... }` body.
    func objectValue() throws -> AST.Value {
        try c.enterNesting()
        defer { c.nesting -= 1 }
        let open = try c.expectSymbol("{")
        var members: [AST.Member] = []
        let saved = c.scope
        while true {
            try c.complete([.property(c.scope)])
            if c.tok.isSymbol("}") { break }
            let n: AST.Name
            if c.tok.kind == .string { let t = c.advance(); n = AST.Name(text: t.value, range: t.range) }
            else { n = try c.name("a property name") }
            _ = try c.expectSymbol(":", ": after the property name")
            c.comparedWith = c.scope.appending([n.text])
            try c.complete([.value(comparedWith: c.comparedWith)])
            let v: AST.Value
            if c.tok.isSymbol("{") {
                c.scope = c.scope.appending([n.text])
                v = try objectValue()
                c.scope = saved
            } else if c.tok.isSymbol("[") {
                v = try arrayValue()
            } else {
                c.depth = 1
                v = .expr(try c.closed(by: [",", "}"]) { try ExpressionParser(c).expression() })
            }
            members.append(AST.Member(name: n, value: v))
            try c.complete([.keyword(","), .keyword("}")])
            if c.tok.isSymbol(",") { c.advance(); continue }
            break
        }
        let close = try c.expectSymbol("}", "} or , after the value")
        return .object(members, open.range.to(close.range))
    }

    /// An operation's argument: a value, or `[...]` / `{...}` for a collection, complex or entity parameter.
    /// `plain` reads an argument that is neither (an expression unless given).
    func argument(orElse plain: (() throws -> AST.Expr)? = nil) throws -> AST.Expr {
        guard c.tok.isSymbol("[") || c.tok.isSymbol("{") else { return try plain?() ?? ExpressionParser(c).expression() }
        let saved = c.scope
        c.scope = CompletionContext.Scope(resource: [])
        defer { c.scope = saved }
        let v = c.tok.isSymbol("[") ? try arrayValue() : try objectValue()
        switch v {
        case .array(_, let r), .object(_, let r): return AST.Expr(kind: .structured(v), range: r)
        case .expr(let e): return e
        }
    }

    private func arrayValue() throws -> AST.Value {
        try c.enterNesting()
        defer { c.nesting -= 1 }
        let open = try c.expectSymbol("[")
        var items: [AST.Value] = []
        while true {
            try c.complete([.value(comparedWith: nil)])
            if c.tok.isSymbol("]") { break }
            if c.tok.isSymbol("{") { items.append(try objectValue()) }
            else { c.depth = 1; items.append(.expr(try c.closed(by: [",", "]"]) { try ExpressionParser(c).expression() })) }
            if c.tok.isSymbol(",") { c.advance(); continue }
            break
        }
        let close = try c.expectSymbol("]", "] or ,")
        return .array(items, open.range.to(close.range))
    }
}
