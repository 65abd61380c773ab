import ODataModel
import ODataQuery

/// Reads one statement of the query language into an `AST.Statement`.
///
/// The same parser answers completion: `expectation(at:)` parses the text before the cursor in partial mode, and
/// the first place where it needs a token that is not there tells what may stand at the cursor.
public struct Parser {
    public let text: String
    /// Inside `batch ... end`, where `;` ends a statement.
    private var inBatch = false
    private var tokens: [Token] = []
    private var pos = 0
    private var partial = false
    /// Where names are looked up, for completion: the resource path, then expand and navigation prefixes.
    private var scope = CompletionContext.Scope(resource: [])
    /// Lambda variables in scope, each with the navigation path (from the resource) of its collection.
    private var lambdaVariables: [String: [String]] = [:]
    /// The clause keywords that may follow a complete expression here (top level or inside an expand).
    private var clauseKind: CompletionContext.Expectation = .clauseKeyword
    /// Parenthesis depth inside an expression (no clause keyword can follow inside one).
    private var depth = 0
    /// The property on the other side of a comparison, for completing its value.
    private var comparedWith: CompletionContext.Scope?
    /// How deeply the constructs being read nest (parentheses, calls, lists, lambdas, not, minus, expands, bodies).
    private var nesting = 0

    /// The deepest nesting a statement may have: the parser and everything that walks its tree recurse once per
    /// level, so an unbounded depth would overflow the stack. Long flat chains (`a or b or ...`) do not nest.
    public static let maxNesting = 200
    /// Binary operators in one statement. A chain is read in a loop, but its tree is as deep as it is long, and
    /// releasing it recurses once per term: 30,000 stays far from the stack's end (6,000 generated IDs or'ed work).
    public static let maxOperators = 30_000
    private var operators = 0

    private struct Incomplete: Error { var expectations: [CompletionContext.Expectation] }

    public init(_ text: String) { self.text = text }

    /// Parses the statement; errors carry the statement for their caret line.
    public static func parse(_ text: String) throws -> AST.Statement {
        var p = Parser(text)
        return try p.parse()
    }

    public mutating func parse() throws -> AST.Statement {
        do {
            if let raw = rawGet() { return raw }
            tokens = try Lexer(text).tokens()
            pos = 0
            let s = try statement()
            guard atEnd else { throw unexpected("the end of the statement") }
            return s
        } catch var e as LanguageError {
            e.statement = text
            throw e
        }
    }

    /// What kind of thing may stand at `cursor` (a character offset into the text).
    public func expectation(at cursor: Int) -> CompletionContext {
        let chars = Array(text)
        let before = String(chars[0..<max(0, min(cursor, chars.count))])
        var p = Parser(before)
        p.partial = true
        if before.drop(while: { $0.isWhitespace }).lowercased().hasPrefix("get /") { return CompletionContext(expectations: []) }
        guard var toks = try? Lexer(before, partial: true).tokens() else { return CompletionContext(expectations: []) }
        var prefix = "", from = before.count
        if toks.count >= 2 {
            let last = toks[toks.count - 2]
            if last.end == before.count, last.kind == .identifier || last.unterminated {
                prefix = last.unterminated ? last.value : last.text
                from = last.start
                toks.remove(at: toks.count - 2)
                toks[toks.count - 1].start = last.start
                toks[toks.count - 1].end = last.start
            }
        }
        p.tokens = toks
        do {
            _ = try p.statement()
            return CompletionContext(expectations: [], prefix: prefix, replaceFrom: from)
        } catch let i as Incomplete {
            return CompletionContext(expectations: i.expectations, prefix: prefix, replaceFrom: from)
        } catch {
            return CompletionContext(expectations: [], prefix: prefix, replaceFrom: from)
        }
    }

    // MARK: Tokens

    private var tok: Token { tokens[pos] }
    private var atEnd: Bool { tok.kind == .end }
    private func peek(_ n: Int = 1) -> Token { tokens[min(pos + n, tokens.count - 1)] }
    @discardableResult private mutating func advance() -> Token {
        let t = tokens[pos]
        if pos < tokens.count - 1 { pos += 1 }
        return t
    }

    /// In partial mode at the cursor: stop and report what could come here.
    private func complete(_ e: [CompletionContext.Expectation]) throws {
        if partial && atEnd { throw Incomplete(expectations: e) }
    }

    private func unexpected(_ expected: String) -> LanguageError {
        if atEnd { return LanguageError(.syntax, "expected \(expected) at the end of the statement", at: tok.range) }
        return LanguageError(.syntax, "expected \(expected), found \(tok.text)", at: tok.range)
    }

    private mutating func expectSymbol(_ s: String, _ what: String? = nil) throws -> Token {
        try complete([])
        guard tok.isSymbol(s) else { throw unexpected(what ?? s) }
        return advance()
    }

    /// Enters one more level of nesting; past `maxNesting` the statement is refused at the current token.
    private mutating func enterNesting() throws {
        nesting += 1
        if nesting > Self.maxNesting {
            throw LanguageError(.syntax, "nested more than \(Self.maxNesting) levels deep", at: tok.range)
        }
    }

    /// Counts one more binary operator; past `maxOperators` the statement is refused at the operator.
    private mutating func countOperator() throws {
        operators += 1
        if operators > Self.maxOperators {
            throw LanguageError(.syntax, "more than \(Self.maxOperators) operators in one statement", at: tok.range)
        }
    }

    private mutating func name(_ what: String) throws -> AST.Name {
        guard tok.kind == .identifier else { throw unexpected(what) }
        let t = advance()
        return AST.Name(text: t.text, range: t.range)
    }

    // MARK: Statements

    /// `get /url` (relative to the service root) or `get http(s)://...` is passed through as written (everything
    /// after `get `).
    private func rawGet() -> AST.Statement? {
        let trimmed = text.drop(while: { $0.isWhitespace })
        guard trimmed.count > 4, trimmed.prefix(3).lowercased() == "get" else { return nil }
        let rest = trimmed.dropFirst(3)
        guard rest.first?.isWhitespace == true else { return nil }
        let url = rest.drop(while: { $0.isWhitespace })
        let lower = url.prefix(8).lowercased()
        guard url.first == "/" || lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        var u = String(url)
        while u.last?.isWhitespace == true { u.removeLast() }
        return .raw(u)
    }

    private static let statementKeywords = ["get", "count", "search", "create", "update", "replace", "delete", "call", "link", "unlink"]

    /// `batch; ...; end`: statements and `changeset; ...; end` blocks, each ended by `;`.
    private mutating func batch() throws -> AST.Statement {
        inBatch = true
        defer { inBatch = false }
        var items: [AST.BatchItem] = []
        var changeSet: (statements: [AST.Statement], start: Int)?
        while true {
            while tok.isSymbol(";") { advance() }
            try complete(changeSet == nil ? [.statementKeyword, .entitySet, .keyword("changeset"), .keyword("end")]
                                          : [.statementKeyword, .entitySet, .keyword("end")])
            if atEnd { throw LanguageError(.syntax, changeSet == nil ? "batch needs an end" : "changeset needs an end", at: tok.range) }
            let start = tok.range.start
            if tok.isKeyword("end"), peek().isSymbol(";") || peek().kind == .end {
                advance()
                guard let open = changeSet else { return .batch(items) }
                items.append(.changeSet(open.statements, SourceRange(start: open.start, end: tok.range.start)))
                changeSet = nil
                continue
            }
            if tok.isKeyword("changeset"), peek().isSymbol(";") {
                guard changeSet == nil else { throw LanguageError(.syntax, "a changeset cannot hold a changeset", at: tok.range) }
                advance()
                changeSet = ([], start)
                continue
            }
            if tok.isKeyword("batch"), peek().isSymbol(";") { throw LanguageError(.syntax, "a batch cannot hold a batch", at: tok.range) }
            let s = try statement()
            guard tok.isSymbol(";") || atEnd else { throw unexpected("; or the end of the line") }
            if changeSet != nil { changeSet!.statements.append(s) } else { items.append(.statement(s, SourceRange(start: start, end: tok.range.start))) }
        }
    }

    private mutating func statement() throws -> AST.Statement {
        if tok.isKeyword("batch"), peek().isSymbol(";") || peek().kind == .end {
            advance()
            return try batch()
        }
        try complete([.statementKeyword, .entitySet])
        let k = tok.kind == .identifier ? tok.text.lowercased() : ""
        // A keyword is one only when a name follows it (an entity set named Count stays usable).
        if Self.statementKeywords.contains(k), peek().kind == .identifier || (partial && peek().kind == .end) {
            advance()
            switch k {
            case "count":
                let p = try resourcePath()
                return .query(path: p, options: try options(), countOnly: true)
            case "search":
                let p = try resourcePath()
                try complete([.value(comparedWith: nil)])
                guard tok.kind == .string else { throw unexpected("the search text in quotes") }
                let t = advance()
                var o = try options()
                if o.search != nil { throw LanguageError(.syntax, "search is given twice", at: o.search!.range) }
                o.search = (t.value, t.range)
                return .query(path: p, options: o, countOnly: false)
            case "create", "update", "replace":
                let p = try resourcePath()
                try complete([])
                guard tok.isSymbol("{") else { throw unexpected("{ with the properties") }
                let body = try objectValue()
                if k == "create" { return .create(path: p, body: body) }
                return .update(path: p, body: body, force: try force(), replace: k == "replace")
            case "delete":
                let p = try resourcePath()
                return .delete(path: p, force: try force())
            case "call":
                return try call()
            case "link":
                let p = try resourcePath(references: true)
                try complete([.keyword("to")])
                guard tok.isKeyword("to") else { throw unexpected("to and the entity to link, as in link Categories(1)/Products to Products(5)") }
                advance()
                try complete([.entitySet])
                guard tok.kind == .identifier else { throw unexpected("an entity by its set and key, as in Products(5)") }
                let n = advance()
                guard tok.isSymbol("(") else { throw unexpected("the key of \(n.text), as in \(n.text)(1)") }
                let setName = AST.Name(text: n.text, range: n.range)
                let saved = scope
                scope = CompletionContext.Scope(resource: [n.text])
                defer { scope = saved }
                let key = try keyIfAny()!
                let args = key.values.map { v in
                    v.name.map { AST.Expr(kind: .binary(.eq, AST.Expr(kind: .path([$0]), range: $0.range), v.value), range: $0.range.to(v.value.range)) } ?? v.value
                }
                return .link(path: p, target: AST.Expr(kind: .call(setName, args), range: n.range.to(key.range)))
            case "unlink":
                return .unlink(path: try resourcePath(references: true))
            default:
                let p = try resourcePath()
                return .query(path: p, options: try options(), countOnly: false)
            }
        }
        let p = try resourcePath()
        return .query(path: p, options: try options(), countOnly: false)
    }

    /// The optional `force` after an update or delete (If-Match: *).
    private mutating func force() throws -> Bool {
        try complete([.keyword("force")])
        guard tok.isKeyword("force") else { return false }
        advance()
        return true
    }

    /// Whether the tokens from here are a resource path with more than one segment (`Products(1)/NS.Action(...)`)
    /// rather than an import's name and arguments: a `/` after the name or after its closing parenthesis.
    private func callsThroughAPath() -> Bool {
        var k = pos + 1
        if tokens[min(k, tokens.count - 1)].isSymbol("(") {
            var depth = 0
            while k < tokens.count {
                if tokens[k].isSymbol("(") { depth += 1 }
                if tokens[k].isSymbol(")") { depth -= 1; if depth == 0 { break } }
                if tokens[k].kind == .end { return false }
                k += 1
            }
            k += 1
        }
        return k < tokens.count && tokens[k].isSymbol("/")
    }

    private mutating func call() throws -> AST.Statement {
        try complete([.functionImport, .entitySet])
        if tok.kind == .identifier, callsThroughAPath() {
            // A bound action or function: the path to what it is bound to, then the operation with its arguments.
            return .callBound(path: try resourcePath(call: true))
        }
        let n = try name("a function or action import")
        var args: [(name: AST.Name, value: AST.Expr)] = []
        if tok.isSymbol("(") {
            advance()
            while true {
                try complete([.parameter(function: n.text)])
                if tok.isSymbol(")") { break }
                let pn = try name("a parameter name")
                _ = try expectSymbol("=")
                comparedWith = nil
                try complete([.value(comparedWith: nil)])
                args.append((pn, try argument()))
                try complete([])
                if tok.isSymbol(",") { advance(); continue }
                break
            }
            _ = try expectSymbol(")", ") or ,")
        }
        return .call(name: n, arguments: args, options: try options())
    }

    // MARK: Resource path

    /// `references`: the path of link or unlink, whose segments after the first are navigation properties.
    private mutating func resourcePath(call: Bool = false, references: Bool = false) throws -> AST.ResourcePath {
        try complete([.entitySet])
        var segs: [AST.Segment] = []
        let first = try name("an entity set")
        scope = CompletionContext.Scope(resource: [first.text])
        segs.append(AST.Segment(name: first, key: try keyIfAny()))
        while tok.isSymbol("/") {
            advance()
            try complete([references ? .navigationProperty(scope) : .pathSegment(scope, keyed: segs.map { $0.key != nil }, call: call)])
            let n = try name("a navigation property")
            scope.resource.append(n.text)
            segs.append(AST.Segment(name: n, key: try keyIfAny()))
        }
        return AST.ResourcePath(segments: segs)
    }

    private mutating func keyIfAny() throws -> AST.Key? {
        guard tok.isSymbol("(") else { return nil }
        let open = advance()
        var values: [(name: AST.Name?, value: AST.Expr)] = []
        while true {
            try complete([.keyProperty(scope, given: values.compactMap { $0.name?.text }), .value(comparedWith: nil)])
            // `NS.F()`: a function called without arguments (the binder says which parameters it lacks).
            if values.isEmpty, tok.isSymbol(")") { break }
            if tok.kind == .identifier, peek().isSymbol("=") {
                let n = try name("a key property")
                advance()
                comparedWith = scope.appending([n.text])
                values.append((n, try argument(orElse: { try $0.unary() })))
            } else {
                comparedWith = nil
                values.append((nil, try unary()))
            }
            try complete([])
            if tok.isSymbol(",") { advance(); continue }
            break
        }
        let close = try expectSymbol(")", ") or , after the key")
        return AST.Key(values: values, range: open.range.to(close.range))
    }

    // MARK: Options

    private static let clauseWords = "where, select, order by, top, skip, expand, count or search"

    private mutating func options(nested: Bool = false) throws -> AST.Options {
        var o = AST.Options()
        let savedKind = clauseKind
        clauseKind = nested ? .expandOption : .clauseKeyword
        defer { clauseKind = savedKind }
        while true {
            try complete([clauseKind])
            if atEnd { return o }
            if nested && (tok.isSymbol(")") || tok.isSymbol(";")) { return o }
            // `;` ends a statement of a batch.
            if !nested && inBatch && tok.isSymbol(";") { return o }
            guard tok.kind == .identifier else { throw unexpected(nested ? "an expand option (\(Self.clauseWords))" : "a clause (\(Self.clauseWords))") }
            let kw = advance()
            switch kw.text.lowercased() {
            case "where", "filter":
                if o.filter != nil { throw LanguageError(.syntax, "where is given twice (combine the conditions with and)", at: kw.range) }
                depth = 0
                o.filter = try expression()
            case "select":
                if !o.select.isEmpty { throw LanguageError(.syntax, "select is given twice", at: kw.range) }
                o.select = try selectList()
            case "order", "orderby":
                if kw.text.lowercased() == "order" {
                    try complete([.keyword("by")])
                    guard tok.isKeyword("by") else { throw unexpected("by after order") }
                    advance()
                }
                if !o.orderBy.isEmpty { throw LanguageError(.syntax, "order by is given twice", at: kw.range) }
                o.orderBy = try orderList()
            case "top", "skip":
                try complete([.value(comparedWith: nil)])
                guard tok.kind == .integer, let n = Int(tok.text) else { throw unexpected("a whole number after \(kw.text)") }
                let t = advance()
                if kw.text.lowercased() == "top" { o.top = (n, kw.range.to(t.range)) } else { o.skip = (n, kw.range.to(t.range)) }
            case "expand":
                if !o.expand.isEmpty { throw LanguageError(.syntax, "expand is given twice (list the items after one expand)", at: kw.range) }
                o.expand = try expandList()
            case "count":
                o.inlineCount = kw.range
            case "levels" where nested:
                try complete([.keyword("max")])
                if tok.isKeyword("max") {
                    o.levels = (nil, kw.range.to(advance().range))
                } else {
                    guard tok.kind == .integer, let n = Int(tok.text), n > 0 else { throw unexpected("a number of levels (1 or more) or max") }
                    o.levels = (n, kw.range.to(advance().range))
                }
            case "search":
                try complete([.value(comparedWith: nil)])
                guard tok.kind == .string else { throw unexpected("the search text in quotes") }
                let t = advance()
                o.search = (t.value, kw.range.to(t.range))
            default:
                throw LanguageError(.syntax, "expected \(nested ? "an expand option" : "a clause") (\(Self.clauseWords)), found \(kw.text)",
                                    at: kw.range, suggestions: NameSuggester.closest(to: kw.text.lowercased(), in: ["where", "select", "order", "top", "skip", "expand", "count", "search"] + (nested ? ["levels"] : [])))
            }
            if nested {
                try complete([.keyword(";"), .keyword(")")])
                if tok.isSymbol(";") { advance(); continue }
                return o
            }
        }
    }

    private mutating func pathNames(_ first: AST.Name, continuing: (CompletionContext.Scope) -> [CompletionContext.Expectation]) throws -> [AST.Name] {
        var names = [first]
        while tok.isSymbol("/") {
            advance()
            try complete(continuing(scope.appending(names.map(\.text))))
            names.append(try name("a property name after /"))
        }
        return names
    }

    private mutating func selectList() throws -> [AST.SelectItem] {
        var items: [AST.SelectItem] = []
        while true {
            try complete([.structuralProperty(scope)])
            if tok.isSymbol("*") {
                let t = advance()
                items.append(AST.SelectItem(path: [], range: t.range))
            } else {
                let n = try name("a property to select")
                let names = try pathNames(n) { [.structuralProperty($0)] }
                items.append(AST.SelectItem(path: names, range: names.first!.range.to(names.last!.range)))
            }
            if tok.isSymbol(",") { advance(); continue }
            return items
        }
    }

    private mutating func orderList() throws -> [AST.OrderItem] {
        var items: [AST.OrderItem] = []
        afterExpression = [.keyword("asc"), .keyword("desc"), .keyword(",")]
        defer { afterExpression = [] }
        while true {
            depth = 0
            let e = try expression()
            var desc = false
            try complete([.keyword("asc"), .keyword("desc"), .keyword(","), clauseKind])
            if tok.isKeyword("desc") || tok.isKeyword("descending") { advance(); desc = true }
            else if tok.isKeyword("asc") || tok.isKeyword("ascending") { advance() }
            items.append(AST.OrderItem(expr: e, descending: desc))
            try complete([.keyword(","), clauseKind])
            if tok.isSymbol(",") { advance(); continue }
            return items
        }
    }

    private mutating func expandList() throws -> [AST.ExpandItem] {
        var items: [AST.ExpandItem] = []
        while true {
            try complete([.navigationProperty(scope)])
            if tok.isSymbol("*") {
                let t = advance()
                items.append(AST.ExpandItem(path: [], options: nil, range: t.range))
            } else {
                let n = try name("a navigation property to expand")
                let names = try pathNames(n) { [.navigationProperty($0)] }
                var range = names.first!.range.to(names.last!.range)
                var opts: AST.Options? = nil
                try complete([.keyword("("), .keyword(","), clauseKind])
                if tok.isSymbol("(") {
                    advance()
                    let saved = scope
                    scope = scope.appending(names.map(\.text))
                    try enterNesting()
                    opts = try options(nested: true)
                    nesting -= 1
                    scope = saved
                    let close = try expectSymbol(")", ") or ; after the expand options")
                    range = range.to(close.range)
                }
                items.append(AST.ExpandItem(path: names, options: opts, range: range))
            }
            try complete([.keyword(","), clauseKind])
            if tok.isSymbol(",") { advance(); continue }
            return items
        }
    }

    // MARK: Bodies

    private mutating func objectValue() throws -> AST.Value {
        try enterNesting()
        defer { nesting -= 1 }
        let open = try expectSymbol("{")
        var members: [AST.Member] = []
        let saved = scope
        while true {
            try complete([.property(scope)])
            if tok.isSymbol("}") { break }
            let n: AST.Name
            if tok.kind == .string { let t = advance(); n = AST.Name(text: t.value, range: t.range) }
            else { n = try name("a property name") }
            _ = try expectSymbol(":", ": after the property name")
            comparedWith = scope.appending([n.text])
            try complete([.value(comparedWith: comparedWith)])
            let v: AST.Value
            if tok.isSymbol("{") {
                scope = scope.appending([n.text])
                v = try objectValue()
                scope = saved
            } else if tok.isSymbol("[") {
                v = try arrayValue()
            } else {
                depth = 1
                v = .expr(try expression())
            }
            members.append(AST.Member(name: n, value: v))
            try complete([.keyword(","), .keyword("}")])
            if tok.isSymbol(",") { advance(); continue }
            break
        }
        let close = try expectSymbol("}", "} or , after the value")
        return .object(members, open.range.to(close.range))
    }

    /// An operation's argument: a value, or `[...]` / `{...}` for a collection, complex or entity parameter.
    private mutating func argument(orElse plain: (inout Parser) throws -> AST.Expr = { try $0.expression() }) throws -> AST.Expr {
        guard tok.isSymbol("[") || tok.isSymbol("{") else { return try plain(&self) }
        let saved = scope
        scope = CompletionContext.Scope(resource: [])
        defer { scope = saved }
        let v = tok.isSymbol("[") ? try arrayValue() : try objectValue()
        switch v {
        case .array(_, let r), .object(_, let r): return AST.Expr(kind: .structured(v), range: r)
        case .expr(let e): return e
        }
    }

    private mutating func arrayValue() throws -> AST.Value {
        try enterNesting()
        defer { nesting -= 1 }
        let open = try expectSymbol("[")
        var items: [AST.Value] = []
        while true {
            try complete([.value(comparedWith: nil)])
            if tok.isSymbol("]") { break }
            if tok.isSymbol("{") { items.append(try objectValue()) }
            else { depth = 1; items.append(.expr(try expression())) }
            if tok.isSymbol(",") { advance(); continue }
            break
        }
        let close = try expectSymbol("]", "] or ,")
        return .array(items, open.range.to(close.range))
    }

    // MARK: Expressions
    //
    // Loosest first: or, and, not, comparison (= == != <> < <= > >= and OData's eq ne gt ge lt le, one per level),
    // + - add sub, * / % mul div mod, unary -, postfix in (...) and has, primary.
    //
    // OData's operator words are operators only where an operator can stand (after a complete operand); where an
    // operand is expected they are names, so a property called `eq` or `Div` stays usable.

    /// What may follow a complete expression at the top of a clause (`asc`, `desc` in order by).
    private var afterExpression: [CompletionContext.Expectation] = []
    /// True while the right side of a comparison is read: no second comparison can follow at that level.
    private var rightOfComparison = false

    private var afterOperand: [CompletionContext.Expectation] {
        (rightOfComparison ? [.binaryOperator] : [.binaryOperator, .comparisonOperator]) + (depth == 0 ? afterExpression + [clauseKind] : [])
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

    mutating func expression() throws -> AST.Expr {
        try enterNesting()
        defer { nesting -= 1 }
        return try orExpr()
    }

    private mutating func orExpr() throws -> AST.Expr {
        var l = try andExpr()
        while tok.isKeyword("or") {
            try countOperator()
            advance()
            let r = try andExpr()
            l = AST.Expr(kind: .binary(.or, l, r), range: l.range.to(r.range))
        }
        return l
    }

    private mutating func andExpr() throws -> AST.Expr {
        var l = try notExpr()
        while tok.isKeyword("and") {
            try countOperator()
            advance()
            let r = try notExpr()
            l = AST.Expr(kind: .binary(.and, l, r), range: l.range.to(r.range))
        }
        return l
    }

    private mutating func notExpr() throws -> AST.Expr {
        // `not` is the operator unless it is a name itself (a property named Not): compared (`Not = true`,
        // `Not eq true`) or with no operand after it (`not Not`, `Not and ...`); `not eq = 1` negates a property eq.
        let comparedItself = peek().kind == .symbol ? Self.comparisons[peek().text] != nil
            : Self.comparisonOperator(peek()) != nil && (Self.startsOperand(peek(2)) || (partial && peek(2).kind == .end))
        if tok.isKeyword("not"), !comparedItself, Self.startsOperand(peek(), wordsAreNames: true) || (partial && peek().kind == .end) {
            let t = advance()
            try enterNesting()
            defer { nesting -= 1 }
            let x = try notExpr()
            return AST.Expr(kind: .unary(.not, x), range: t.range.to(x.range))
        }
        return try comparison()
    }

    private static let comparisons: [String: BinaryOperator] = [
        "=": .eq, "==": .eq, "!=": .ne, "<>": .ne, "<": .lt, "<=": .le, ">": .gt, ">=": .ge,
    ]

    private mutating func comparison() throws -> AST.Expr {
        let saved = rightOfComparison
        rightOfComparison = false
        defer { rightOfComparison = saved }
        let l = try additive()
        try complete(afterOperand)
        if let op = Self.comparisonOperator(tok) {
            try countOperator()
            advance()
            comparedWith = pathScope(l)
            rightOfComparison = true
            let r = try additive()
            return AST.Expr(kind: .binary(op, l, r), range: l.range.to(r.range))
        }
        return l
    }

    /// The scope of a property path expression (for completing the value compared with it).
    private func pathScope(_ e: AST.Expr) -> CompletionContext.Scope? {
        guard case .path(let names) = e.kind else { return nil }
        let texts = names.map(\.text)
        if let v = lambdaVariables[texts[0]] { return CompletionContext.Scope(resource: scope.resource, navigation: v + texts.dropFirst()) }
        return scope.appending(texts)
    }

    private mutating func additive() throws -> AST.Expr {
        var l = try multiplicative()
        while let op = Self.arithmeticOperator(tok, [.add, .sub]) {
            try countOperator()
            advance()
            comparedWith = nil
            let r = try multiplicative()
            l = AST.Expr(kind: .binary(op, l, r), range: l.range.to(r.range))
        }
        return l
    }

    private mutating func multiplicative() throws -> AST.Expr {
        var l = try unary()
        while let op = Self.arithmeticOperator(tok, [.mul, .div, .mod]) {
            try countOperator()
            advance()
            comparedWith = nil
            let r = try unary()
            l = AST.Expr(kind: .binary(op, l, r), range: l.range.to(r.range))
        }
        return l
    }

    private mutating func unary() throws -> AST.Expr {
        if tok.isSymbol("-") {
            let t = advance()
            // A minus sign written against a number is part of the literal: -5, -1.5; -(5) stays a negation.
            if !tok.spaceBefore, [.integer, .decimal, .double].contains(tok.kind) {
                let n = advance()
                let lit: AST.Literal = n.text != n.value ? .typed(prefix: String(n.text.last!), text: "-" + n.value)
                    : n.kind == .integer ? .integer("-" + n.text) : n.kind == .decimal ? .decimal("-" + n.text) : .double("-" + n.text)
                return try postfix(AST.Expr(kind: .literal(lit), range: t.range.to(n.range)))
            }
            try enterNesting()
            defer { nesting -= 1 }
            let x = try unary()
            return AST.Expr(kind: .unary(.negate, x), range: t.range.to(x.range))
        }
        return try postfix(try primary())
    }

    private mutating func postfix(_ e: AST.Expr) throws -> AST.Expr {
        var e = e
        // Each `in` nests its left side one level deeper (`x in (1) in (2)` is walked recursively).
        var levels = 0
        defer { nesting -= levels }
        while true {
            try complete(afterOperand)
            if tok.isKeyword("in") {
                try enterNesting()
                levels += 1
                advance()
                let open = try expectSymbol("(", "( after in")
                var items: [AST.Expr] = []
                let target = pathScope(e)
                depth += 1
                while true {
                    comparedWith = target
                    try complete([.value(comparedWith: target)])
                    if tok.isSymbol(")") && items.isEmpty { break }
                    items.append(try expression())
                    try complete([.keyword(","), .keyword(")")])
                    if tok.isSymbol(",") { advance(); continue }
                    break
                }
                depth -= 1
                let close = try expectSymbol(")", ") or , in the list")
                e = AST.Expr(kind: .isIn(e, items), range: e.range.to(open.range).to(close.range))
            } else if tok.isKeyword("has") {
                try countOperator()
                advance()
                comparedWith = pathScope(e)
                let r = try primary()
                e = AST.Expr(kind: .binary(.has, e, r), range: e.range.to(r.range))
            } else {
                return e
            }
        }
    }

    private mutating func primary() throws -> AST.Expr {
        let other = comparedWith
        comparedWith = nil
        var exp: [CompletionContext.Expectation] = [.property(scope), .function, .value(comparedWith: other)]
        if !lambdaVariables.isEmpty { exp.append(.lambdaVariable(lambdaVariables.keys.sorted())) }
        try complete(exp)
        let t = tok
        switch t.kind {
        case .string:
            advance()
            return AST.Expr(kind: .literal(.string(t.value)), range: t.range)
        case .integer, .decimal, .double, .date, .dateTimeOffset, .localDateTime, .timeOfDay, .guid:
            advance()
            let lit: AST.Literal
            switch t.kind {
            case _ where t.text != t.value: lit = .typed(prefix: String(t.text.last!), text: t.value)  // 12.5M, 5L
            case .integer: lit = .integer(t.text)
            case .decimal: lit = .decimal(t.text)
            case .double: lit = .double(t.text)
            case .date: lit = .date(t.text)
            case .dateTimeOffset: lit = .dateTimeOffset(t.text)
            case .localDateTime: lit = .localDateTime(t.text)
            case .timeOfDay: lit = .timeOfDay(t.text)
            default: lit = .guid(t.text)
            }
            return AST.Expr(kind: .literal(lit), range: t.range)
        case .symbol where t.text == "(":
            advance()
            depth += 1
            let inner = try expression()
            depth -= 1
            let close = try expectSymbol(")", ")")
            return AST.Expr(kind: .group(inner), range: t.range.to(close.range))
        case .identifier:
            advance()
            let lower = t.text.lowercased()
            // prefix'text': a typed literal (guid'..', datetime'..', duration'..', X'..', Namespace.Enum'Member').
            if tok.kind == .string, !tok.spaceBefore, t.text.first != "$" {
                let s = advance()
                return AST.Expr(kind: .literal(.typed(prefix: t.text, text: s.value)), range: t.range.to(s.range))
            }
            if tok.isSymbol("("), !t.text.contains(".") {
                return try functionCall(AST.Name(text: t.text, range: t.range))
            }
            if !tok.isSymbol("/") || tok.spaceBefore {
                switch lower {
                case "true": return AST.Expr(kind: .literal(.boolean(true)), range: t.range)
                case "false": return AST.Expr(kind: .literal(.boolean(false)), range: t.range)
                case "null": return AST.Expr(kind: .literal(.null), range: t.range)
                default: break
                }
            }
            return try pathOrLambda(AST.Name(text: t.text, range: t.range))
        default:
            throw unexpected("a property, a value or a function")
        }
    }

    private mutating func functionCall(_ n: AST.Name) throws -> AST.Expr {
        let open = advance()
        var args: [AST.Expr] = []
        depth += 1
        while true {
            comparedWith = nil
            try complete([.property(scope), .function, .value(comparedWith: nil)])
            if tok.isSymbol(")") && args.isEmpty { break }
            args.append(try expression())
            try complete([.keyword(","), .keyword(")"), .binaryOperator])
            if tok.isSymbol(",") { advance(); continue }
            break
        }
        depth -= 1
        let close = try expectSymbol(")", ") or , in the arguments of \(n.text)")
        return AST.Expr(kind: .call(n, args), range: n.range.to(open.range).to(close.range))
    }

    private mutating func pathOrLambda(_ first: AST.Name) throws -> AST.Expr {
        var names = [first]
        // `/` binds names only when written without spaces around it: `Customer/Country`; `Freight / 2` divides.
        while tok.isSymbol("/"), !tok.spaceBefore, peek().kind == .identifier && !peek().spaceBefore || (partial && peek().kind == .end) {
            advance()
            let base = pathScope(AST.Expr(kind: .path(names), range: first.range)) ?? scope
            // A lambda variable alone is one member of its collection, whose scope it shares.
            let member = names.count == 1 && lambdaVariables[names[0].text] != nil
            try complete(member ? [.property(base)] : [.property(base), .collectionOperator(base)])
            let n = try name("a property name after /")
            let lower = n.text.lowercased()
            if (lower == "any" || lower == "all"), tok.isSymbol("(") {
                return try lambda(names, lower == "any" ? .any : .all, n)
            }
            names.append(n)
        }
        return AST.Expr(kind: .path(names), range: first.range.to(names.last!.range))
    }

    private mutating func lambda(_ collection: [AST.Name], _ op: LambdaOperator, _ opName: AST.Name) throws -> AST.Expr {
        advance()  // (
        let suggested = collection.last.flatMap { $0.text.first.map { String($0).lowercased() } }.map { [$0] } ?? []
        try complete([.lambdaVariable(suggested)])
        if tok.isSymbol(")") {
            let close = advance()
            return AST.Expr(kind: .lambda(op, collection: collection, variable: nil, predicate: nil), range: collection[0].range.to(close.range))
        }
        let v = try name("a variable name, as in any(d: d/Quantity > 10)")
        _ = try expectSymbol(":", ": after the lambda variable")
        let collectionScope = pathScope(AST.Expr(kind: .path(collection), range: collection[0].range)) ?? scope
        let saved = lambdaVariables
        lambdaVariables[v.text] = collectionScope.navigation
        depth += 1
        let predicate = try expression()
        depth -= 1
        lambdaVariables = saved
        let close = try expectSymbol(")", ") after the lambda condition")
        _ = opName
        return AST.Expr(kind: .lambda(op, collection: collection, variable: v, predicate: predicate), range: collection[0].range.to(close.range))
    }
}

