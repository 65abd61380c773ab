import ODataModel
import ODataQuery

/// Reads the clauses of a query: where, select, order by, top, skip, expand (with nested clauses), count, search,
/// compute, the clauses of aggregation (group by, aggregate, having, top|bottom N by) and, inside an expand, levels.
struct ClauseParser {
    /// The tokens and the parse state, shared with the other parsers of this statement.
    let c: ParseCursor

    init(_ c: ParseCursor) { self.c = c }

    private static let optionWords = "where, select, order by, top, skip, expand, count or search"
    private static let clauseWords = "where, select, order by, top, skip, expand, count, search, group by, aggregate, having, compute or bottom"
    /// The clause words for "did you mean" (those of an expand item: `nested`).
    private static func clauseKeywords(nested: Bool) -> [String] {
        ["where", "select", "order", "top", "skip", "expand", "count", "search", "compute"]
            + (nested ? ["levels"] : ["group", "aggregate", "having", "bottom"])
    }
    /// The clauses completion does not offer again once given, by their keyword (either spelling) to their name as it
    /// lists them: those that may not be given twice, and `count`, which may but says nothing new. `top`, `skip`,
    /// `search` and `levels` take the last one given (`top 5 top 6`), so that a recalled statement can be changed by
    /// adding to its end, and are offered again.
    private static let clauseName = [
        "where": "where", "filter": "where", "select": "select", "order": "order by", "orderby": "order by",
        "expand": "expand", "count": "count", "group": "group by", "aggregate": "aggregate", "having": "having",
        "compute": "compute",
    ]

    /// The clauses after a resource path (or inside an expand item's parentheses, `nested`). `given`: what the
    /// statement's own words already say (`search Products 'x'` gives search), not to be offered again.
    func options(nested: Bool = false, given: [String] = []) throws -> AST.Options {
        var o = AST.Options()
        let (savedKind, savedGiven) = (c.clauseKind, c.givenClauses)
        c.clauseKind = nested ? .expandOption : .clauseKeyword
        c.givenClauses = given
        defer { (c.clauseKind, c.givenClauses) = (savedKind, savedGiven) }
        while true {
            try c.complete([c.clauseKind])
            if c.atEnd { return o }
            if nested && (c.tok.isSymbol(")") || c.tok.isSymbol(";")) { return o }
            // `;` ends a statement of a batch.
            if !nested && c.inBatch && c.tok.isSymbol(";") { return o }
            guard c.tok.kind == .identifier else { throw c.unexpected(nested ? "an expand option (\(Self.optionWords))" : "a clause (\(Self.clauseWords))") }
            let kw = c.advance()
            if let name = Self.clauseName[kw.text.lowercased()] { c.givenClauses.append(name) }
            switch kw.text.lowercased() {
            case "where", "filter":
                if o.filter != nil { throw LanguageError(.syntax, "where is given twice (combine the conditions with and)", at: kw.range) }
                c.depth = 0
                o.filter = try ExpressionParser(c).expression()
            case "select":
                if !o.select.isEmpty { throw LanguageError(.syntax, "select is given twice", at: kw.range) }
                o.select = try selectList()
            case "order", "orderby":
                if kw.text.lowercased() == "order" {
                    try c.complete([.keyword("by")])
                    guard c.tok.isKeyword("by") else { throw c.unexpected("by after order") }
                    c.advance()
                }
                if !o.orderBy.isEmpty { throw LanguageError(.syntax, "order by is given twice", at: kw.range) }
                o.orderBy = try orderList()
            case "top", "skip":
                try c.complete([.value(comparedWith: nil)])
                let isTop = kw.text.lowercased() == "top"
                if isTop, !nested, c.tok.kind == .integer || c.tok.kind == .decimal,
                   ["by", "percent", "sum"].contains(where: { c.peek().isKeyword($0) }) {
                    o.aggregation.ranking = try ranking(top: true, value: try rankingValue(kw), start: kw.range)
                    break
                }
                guard c.tok.kind == .integer, let n = Int(c.tok.text) else { throw c.unexpected("a whole number after \(kw.text)") }
                let t = c.advance()
                if isTop {
                    o.top = (n, kw.range.to(t.range))
                    if !nested { try c.complete([.keyword("by"), .keyword("percent"), .keyword("sum"), c.clauseKind]) }
                } else { o.skip = (n, kw.range.to(t.range)) }
            case "bottom" where !nested:
                o.aggregation.ranking = try ranking(top: false, value: try rankingValue(kw), start: kw.range)
            case "group" where !nested:
                if o.aggregation.groupByRange != nil { throw LanguageError(.syntax, "group by is given twice (list the properties after one group by)", at: kw.range) }
                o.aggregation.groupByRange = kw.range
                o.aggregation.groupBy = try groupByList()
            case "aggregate" where !nested:
                if o.aggregation.aggregateRange != nil { throw LanguageError(.syntax, "aggregate is given twice (list the aggregates after one aggregate)", at: kw.range) }
                o.aggregation.aggregateRange = kw.range
                o.aggregation.aggregate = try aggregateList()
            case "having" where !nested:
                if o.aggregation.having != nil { throw LanguageError(.syntax, "having is given twice (combine the conditions with and)", at: kw.range) }
                c.depth = 0
                o.aggregation.having = try ExpressionParser(c).expression()
            case "compute":
                if !o.aggregation.compute.isEmpty { throw LanguageError(.syntax, "compute is given twice (list the values after one compute)", at: kw.range) }
                o.aggregation.compute = try computeList()
            case "expand":
                if !o.expand.isEmpty { throw LanguageError(.syntax, "expand is given twice (list the items after one expand)", at: kw.range) }
                o.expand = try expandList()
            case "count":
                o.inlineCount = kw.range
            case "levels" where nested:
                try c.complete([.keyword("max")])
                if c.tok.isKeyword("max") {
                    o.levels = (nil, kw.range.to(c.advance().range))
                } else {
                    guard c.tok.kind == .integer, let n = Int(c.tok.text), n > 0 else { throw c.unexpected("a number of levels (1 or more) or max") }
                    o.levels = (n, kw.range.to(c.advance().range))
                }
            case "search":
                try c.complete([.value(comparedWith: nil)])
                guard c.tok.kind == .string else { throw c.unexpected("the search text in quotes") }
                let t = c.advance()
                o.search = (t.value, kw.range.to(t.range))
            default:
                throw LanguageError(.syntax, "expected \(nested ? "an expand option (\(Self.optionWords))" : "a clause (\(Self.clauseWords))"), found \(kw.text)",
                                    at: kw.range, suggestions: NameSuggester.closest(to: kw.text.lowercased(), in: Self.clauseKeywords(nested: nested)))
            }
            if nested {
                try c.complete([.expandOptionsEnd])
                if c.tok.isSymbol(";") { c.advance(); continue }
                return o
            }
        }
    }

    func pathNames(_ first: AST.Name, continuing: (CompletionContext.Scope) -> [CompletionContext.Expectation]) throws -> [AST.Name] {
        var names = [first]
        while c.tok.isSymbol("/") {
            c.advance()
            try c.complete(continuing(c.scope.appending(names.map(\.text))))
            names.append(try c.name("a property name after /"))
        }
        return names
    }

    /// `item (, item)*`.
    func commaList<Item>(_ item: () throws -> Item) throws -> [Item] {
        var items: [Item] = []
        while true {
            items.append(try item())
            guard c.tok.isSymbol(",") else { return items }
            c.advance()
        }
    }

    private func selectList() throws -> [AST.SelectItem] {
        try commaList {
            try c.complete([.structuralProperty(c.scope)])
            let item: AST.SelectItem
            if c.tok.isSymbol("*") {
                item = AST.SelectItem(path: [], range: c.advance().range)
            } else {
                let names = try pathNames(try c.name("a property to select")) { [.structuralProperty($0)] }
                item = AST.SelectItem(path: names, range: names.first!.range.to(names.last!.range))
            }
            try c.complete([.keyword(",")] + c.afterClause)
            return item
        }
    }

    private func orderList() throws -> [AST.OrderItem] {
        c.afterExpression = [.keyword("asc"), .keyword("desc"), .keyword(",")]
        defer { c.afterExpression = [] }
        return try commaList {
            c.depth = 0
            let e = try ExpressionParser(c).expression()
            var desc = false
            try c.complete([.keyword("asc"), .keyword("desc"), .keyword(",")] + c.afterClause)
            if c.tok.isKeyword("desc") || c.tok.isKeyword("descending") { c.advance(); desc = true }
            else if c.tok.isKeyword("asc") || c.tok.isKeyword("ascending") { c.advance() }
            try c.complete([.keyword(",")] + c.afterClause)
            return AST.OrderItem(expr: e, descending: desc)
        }
    }

    private func expandList() throws -> [AST.ExpandItem] {
        try commaList {
            try c.complete([.navigationProperty(c.scope)])
            if c.tok.isSymbol("*") { return AST.ExpandItem(path: [], options: nil, range: c.advance().range) }
            let names = try pathNames(try c.name("a navigation property to expand")) { [.navigationProperty($0)] }
            var range = names.first!.range.to(names.last!.range)
            var opts: AST.Options? = nil
            try c.complete([.keyword("("), .keyword(",")] + c.afterClause)
            if c.tok.isSymbol("(") {
                c.advance()
                let saved = c.scope
                c.scope = c.scope.appending(names.map(\.text))
                try c.enterNesting()
                opts = try options(nested: true)
                c.nesting -= 1
                c.scope = saved
                let close = try c.expectSymbol(")", ") or ; after the expand options")
                range = range.to(close.range)
            }
            try c.complete([.keyword(",")] + c.afterClause)
            return AST.ExpandItem(path: names, options: opts, range: range)
        }
    }
}
