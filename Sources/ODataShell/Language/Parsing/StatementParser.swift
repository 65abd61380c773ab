import ODataModel
import ODataQuery

/// Reads statements: get, count, search, create, update, replace, delete, call, link, unlink and batch, with the
/// resource path and keys they address; clauses, bodies and expressions go to their own parsers.
struct StatementParser {
    /// The tokens and the parse state, shared with the other parsers of this statement.
    let c: ParseCursor

    init(_ c: ParseCursor) { self.c = c }

    private static let statementKeywords = ["get", "count", "search", "create", "update", "replace", "delete", "call", "link", "unlink"]

    /// `batch; ...; end`: statements and `changeset; ...; end` blocks, each ended by `;`.
    private func batch() throws -> AST.Statement {
        c.inBatch = true
        defer { c.inBatch = false }
        var items: [AST.BatchItem] = []
        var changeSet: (statements: [AST.Statement], start: Int)?
        while true {
            while c.tok.isSymbol(";") { c.advance() }
            try c.complete(changeSet == nil ? [.statementKeyword, .entitySet, .keyword("changeset"), .keyword("end")]
                                          : [.statementKeyword, .entitySet, .keyword("end")])
            if c.atEnd { throw LanguageError(.syntax, changeSet == nil ? "batch needs an end" : "changeset needs an end", at: c.tok.range) }
            let start = c.tok.range.start
            if c.tok.isKeyword("end"), c.peek().isSymbol(";") || c.peek().kind == .end {
                c.advance()
                guard let open = changeSet else { return .batch(items) }
                items.append(.changeSet(open.statements, SourceRange(start: open.start, end: c.tok.range.start)))
                changeSet = nil
                continue
            }
            if c.tok.isKeyword("changeset"), c.peek().isSymbol(";") {
                guard changeSet == nil else { throw LanguageError(.syntax, "a changeset cannot hold a changeset", at: c.tok.range) }
                c.advance()
                changeSet = ([], start)
                continue
            }
            if c.tok.isKeyword("batch"), c.peek().isSymbol(";") { throw LanguageError(.syntax, "a batch cannot hold a batch", at: c.tok.range) }
            let s = try statement()
            guard c.tok.isSymbol(";") || c.atEnd else { throw c.unexpected("; or the end of the line") }
            if changeSet != nil { changeSet!.statements.append(s) } else { items.append(.statement(s, SourceRange(start: start, end: c.tok.range.start))) }
        }
    }

    /// One statement (a batch holds statements too).
    func statement() throws -> AST.Statement {
        if c.tok.isKeyword("batch"), c.peek().isSymbol(";") || c.peek().kind == .end {
            c.advance()
            return try batch()
        }
        try c.complete([.statementKeyword, .entitySet])
        let k = c.tok.kind == .identifier ? c.tok.text.lowercased() : ""
        // A keyword is one only when a name follows it (an entity set named Count stays usable).
        if Self.statementKeywords.contains(k), c.peek().kind == .identifier || (c.partial && c.peek().kind == .end) {
            c.advance()
            switch k {
            case "count":
                let p = try resourcePath()
                return .query(path: p, options: try ClauseParser(c).options(given: ["count"]), countOnly: true)
            case "search":
                let p = try resourcePath()
                try c.complete([.value(comparedWith: nil)])
                guard c.tok.kind == .string else { throw c.unexpected("the search text in quotes") }
                let t = c.advance()
                var o = try ClauseParser(c).options(given: ["search"])
                if o.search != nil { throw LanguageError(.syntax, "search is given twice", at: o.search!.range) }
                o.search = (t.value, t.range)
                return .query(path: p, options: o, countOnly: false)
            case "create", "update", "replace":
                let p = try resourcePath()
                try c.complete([])
                guard c.tok.isSymbol("{") else { throw c.unexpected("{ with the properties") }
                let body = try ValueParser(c).objectValue()
                if k == "create" { return .create(path: p, body: body) }
                return .update(path: p, body: body, force: try force(), replace: k == "replace")
            case "delete":
                let p = try resourcePath()
                return .delete(path: p, force: try force())
            case "call":
                return try call()
            case "link":
                let p = try resourcePath(references: true)
                try c.complete([.keyword("to")])
                guard c.tok.isKeyword("to") else { throw c.unexpected("to and the entity to link, as in link Categories(1)/Products to Products(5)") }
                c.advance()
                try c.complete([.entitySet])
                guard c.tok.kind == .identifier else { throw c.unexpected("an entity by its set and key, as in Products(5)") }
                let n = c.advance()
                guard c.tok.isSymbol("(") else { throw c.unexpected("the key of \(n.text), as in \(n.text)(1)") }
                let setName = AST.Name(text: n.text, range: n.range)
                let saved = c.scope
                c.scope = CompletionContext.Scope(resource: [n.text])
                defer { c.scope = saved }
                let key = try keyIfAny()!
                let args = key.values.map { v in
                    v.name.map { AST.Expr(kind: .binary(.eq, AST.Expr(kind: .path([$0]), range: $0.range), v.value), range: $0.range.to(v.value.range)) } ?? v.value
                }
                return .link(path: p, target: AST.Expr(kind: .call(setName, args), range: n.range.to(key.range)))
            case "unlink":
                return .unlink(path: try resourcePath(references: true))
            default:
                let p = try resourcePath()
                return .query(path: p, options: try ClauseParser(c).options(), countOnly: false)
            }
        }
        let p = try resourcePath()
        return .query(path: p, options: try ClauseParser(c).options(), countOnly: false)
    }

    /// The optional `force` after an update or delete (If-Match: *).
    private func force() throws -> Bool {
        try c.complete([.keyword("force")])
        guard c.tok.isKeyword("force") else { return false }
        c.advance()
        return true
    }

    /// Whether the tokens from here are a resource path with more than one segment (`Products(1)/NS.Action(...)`)
    /// rather than an import's name and arguments: a `/` after the name or after its closing parenthesis.
    private func callsThroughAPath() -> Bool {
        var k = c.pos + 1
        if c.tokens[min(k, c.tokens.count - 1)].isSymbol("(") {
            var parens = 0
            while k < c.tokens.count {
                if c.tokens[k].isSymbol("(") { parens += 1 }
                if c.tokens[k].isSymbol(")") { parens -= 1; if parens == 0 { break } }
                if c.tokens[k].kind == .end { return false }
                k += 1
            }
            k += 1
        }
        return k < c.tokens.count && c.tokens[k].isSymbol("/")
    }

    private func call() throws -> AST.Statement {
        try c.complete([.functionImport, .entitySet])
        if c.tok.kind == .identifier, callsThroughAPath() {
            // A bound action or function: the path to what it is bound to, then the operation with its arguments.
            return .callBound(path: try resourcePath(call: true))
        }
        let n = try c.name("a function or action import")
        var args: [(name: AST.Name, value: AST.Expr)] = []
        if c.tok.isSymbol("(") {
            c.advance()
            while true {
                try c.complete([.parameter(function: n.text)])
                if c.tok.isSymbol(")") { break }
                let pn = try c.name("a parameter name")
                _ = try c.expectSymbol("=")
                c.comparedWith = nil
                try c.complete([.value(comparedWith: nil)])
                c.depth += 1
                defer { c.depth -= 1 }
                args.append((pn, try c.closed(by: [",", ")"]) { try ValueParser(c).argument() }))
                try c.complete([.keyword(","), .keyword(")")])
                if c.tok.isSymbol(",") { c.advance(); continue }
                break
            }
            _ = try c.expectSymbol(")", ") or ,")
        }
        return .call(name: n, arguments: args, options: try ClauseParser(c).options())
    }


    /// `references`: the path of link or unlink, whose segments after the first are navigation properties.
    private func resourcePath(call: Bool = false, references: Bool = false) throws -> AST.ResourcePath {
        try c.complete([.entitySet])
        var segs: [AST.Segment] = []
        let first = try c.name("an entity set")
        c.scope = CompletionContext.Scope(resource: [first.text])
        segs.append(AST.Segment(name: first, key: try keyIfAny()))
        while c.tok.isSymbol("/") {
            c.advance()
            try c.complete([references ? .navigationProperty(c.scope) : .pathSegment(c.scope, keyed: segs.map { $0.key != nil }, call: call)])
            let n = try c.name("a navigation property")
            c.scope.resource.append(n.text)
            segs.append(AST.Segment(name: n, key: try keyIfAny()))
        }
        return AST.ResourcePath(segments: segs)
    }

    private func keyIfAny() throws -> AST.Key? {
        guard c.tok.isSymbol("(") else { return nil }
        let open = c.advance()
        var values: [(name: AST.Name?, value: AST.Expr)] = []
        // Inside the key no clause can follow a value: what closes it or separates its values can.
        c.depth += 1
        defer { c.depth -= 1 }
        while true {
            try c.complete([.keyProperty(c.scope, given: values.compactMap { $0.name?.text }), .value(comparedWith: nil)])
            // `NS.F()`: a function called without arguments (the binder says which parameters it lacks).
            if values.isEmpty, c.tok.isSymbol(")") { break }
            if c.tok.kind == .identifier, c.peek().isSymbol("=") {
                let n = try c.name("a key property")
                c.advance()
                c.comparedWith = c.scope.appending([n.text])
                values.append((n, try c.closed(by: [",", ")"]) { try ValueParser(c).argument(orElse: { try ExpressionParser(c).unary() }) }))
            } else {
                c.comparedWith = nil
                values.append((nil, try c.closed(by: [",", ")"]) { try ExpressionParser(c).unary() }))
            }
            try c.complete([.keyword(","), .keyword(")")])
            if c.tok.isSymbol(",") { c.advance(); continue }
            break
        }
        let close = try c.expectSymbol(")", ") or , after the key")
        return AST.Key(values: values, range: open.range.to(close.range))
    }
}
