import ODataModel
import ODataQuery

/// The clauses of aggregation: `group by`, `aggregate`, `having`, `compute`, and `top|bottom N [percent|sum] by`.
extension ClauseParser {
    /// `group by path {, path}` (after `group`).
    func groupByList() throws -> [AST.SelectItem] {
        try c.complete([.keyword("by")])
        guard c.tok.isKeyword("by") else { throw c.unexpected("by after group") }
        c.advance()
        return try commaList {
            try c.complete([.groupableProperty(c.scope)])
            let names = try pathNames(try c.name("a property to group by")) { [.groupableProperty($0)] }
            try c.complete([.keyword(",")] + c.afterClause)
            return AST.SelectItem(path: names, range: names.first!.range.to(names.last!.range))
        }
    }

    /// `aggregate item {, item}` (after `aggregate`): `sum(Freight) as Total`, `count as N`, `Revenue [as R]`.
    func aggregateList() throws -> [AST.AggregateItem] {
        try commaList {
            try c.complete([.aggregateItem(c.scope)])
            let first = try c.name("an aggregate (sum, min, max, average, countdistinct, count or a custom aggregate)")
            var item = AST.AggregateItem(method: nil, path: nil, alias: nil, range: first.range)
            if first.text.lowercased() == "count" && !c.tok.isSymbol("(") {
                item.method = first
            } else if c.tok.isSymbol("(") {
                c.advance()
                item.method = first
                try c.complete([.aggregatableProperty(c.scope, method: first.text)])
                let names = try pathNames(try c.name("a property to aggregate")) { [.aggregatableProperty($0, method: first.text)] }
                item.path = names
                try c.complete([.keyword(")")])
                item.range = first.range.to(try c.expectSymbol(")", ") after the aggregated property").range)
            } else {
                item.path = [first]
            }
            try c.complete([.keyword("as")])
            if c.tok.isKeyword("as") {
                c.advance()
                try c.complete([])
                let alias = try c.name("a name for the result, as in sum(Freight) as Total")
                item.alias = alias
                item.range = item.range.to(alias.range)
            }
            c.aliases.append(item.alias?.text ?? first.text)
            try c.complete([.keyword(",")] + c.afterClause)
            return item
        }
    }

    /// `compute expr as Name {, expr as Name}` (after `compute`).
    func computeList() throws -> [AST.ComputeItem] {
        c.afterExpression = [.keyword("as")]
        defer { c.afterExpression = [] }
        return try commaList {
            c.depth = 0
            let e = try ExpressionParser(c).expression()
            try c.complete([.keyword("as")])
            guard c.tok.isKeyword("as") else { throw c.unexpected("as and a name for the computed value, as in compute Freight mul 1.2 as Gross") }
            c.advance()
            try c.complete([])
            let alias = try c.name("a name for the computed value")
            c.aliases.append(alias.text)
            try c.complete([.keyword(",")] + c.afterClause)
            return AST.ComputeItem(expr: e, alias: alias)
        }
    }

    /// After `top N` or `bottom N`: `[percent | sum] by expr`, a ranking (topcount, toppercent, topsum, ...).
    func ranking(top: Bool, value: AST.Expr, start: SourceRange) throws -> AST.Ranking {
        var measure = "count"
        try c.complete([.keyword("by"), .keyword("percent"), .keyword("sum")])
        if c.tok.isKeyword("percent") || c.tok.isKeyword("sum") {
            measure = c.advance().text.lowercased()
            try c.complete([.keyword("by")])
        }
        guard c.tok.isKeyword("by") else { throw c.unexpected("by and what to rank by, as in \(top ? "top" : "bottom") 3 by Total") }
        c.advance()
        c.depth = 0
        let by = try ExpressionParser(c).expression()
        return AST.Ranking(top: top, measure: measure, value: value, by: by, range: start.to(by.range))
    }

    /// The number after `top` or `bottom`, as an expression (a ranking may take a decimal: `top 12.5 percent by ...`).
    func rankingValue(_ kw: Token) throws -> AST.Expr {
        try c.complete([.value(comparedWith: nil)])
        guard c.tok.kind == .integer || c.tok.kind == .decimal else { throw c.unexpected("a number after \(kw.text)") }
        let t = c.advance()
        return AST.Expr(kind: .literal(t.kind == .integer ? .integer(t.text) : .decimal(t.text)), range: t.range)
    }
}
