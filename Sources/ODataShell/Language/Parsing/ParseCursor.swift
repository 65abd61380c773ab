import ODataModel
import ODataQuery

/// The tokens of one statement, the position in them, and the state its parsers share: nesting counts that keep
/// hostile input off the stack's end, and in partial mode (completion) what names may stand where.
///
/// A class, so that the statement, clause, value and expression parsers read one position as they call each other.
final class ParseCursor {
    /// In partial mode, the place where the text ends: what may stand there.
    struct Incomplete: Error {
        var expectations: [CompletionContext.Expectation]
        var givenClauses: [String] = []
        var aliases: [String] = []
    }

    let tokens: [Token]
    var pos = 0
    /// Completion: the text ends at the cursor, and reaching its end reports what may follow (`Incomplete`).
    let partial: Bool
    /// Inside `batch ... end`, where `;` ends a statement.
    var inBatch = false
    /// Where names are looked up, for completion: the resource path, then expand and navigation prefixes.
    var scope = CompletionContext.Scope(resource: [])
    /// Lambda variables in scope, each with the navigation path (from the resource) of its collection.
    var lambdaVariables: [String: [String]] = [:]
    /// The clause keywords that may follow a complete expression here (top level or inside an expand).
    var clauseKind: CompletionContext.Expectation = .clauseKeyword
    /// What may follow a finished clause: the next clause at the top level, `;` or `)` inside an expand item's
    /// options (which `;` separates).
    var afterClause: [CompletionContext.Expectation] {
        [clauseKind == .expandOption ? .expandOptionsEnd : clauseKind]
    }
    /// The clauses read so far in that list (`where`, `order by`, ...), which completion does not offer again.
    var givenClauses: [String] = []
    /// Names the statement gives its results so far (`as Total` of an aggregate or computed value), for completion.
    var aliases: [String] = []
    /// Parenthesis depth inside an expression (no clause keyword can follow inside one).
    var depth = 0
    /// The property on the other side of a comparison, for completing its value.
    var comparedWith: CompletionContext.Scope?
    /// How deeply the constructs being read nest (parentheses, calls, lists, lambdas, not, minus, expands, bodies).
    var nesting = 0
    /// Binary operators read so far (see `Parser.maxOperators`).
    private var operators = 0
    /// What may follow a complete expression at the top of a clause (`asc`, `desc` in order by).
    var afterExpression: [CompletionContext.Expectation] = []
    /// What may follow a complete operand inside the innermost bracket being read (`,` and `)` in a call's arguments
    /// and an `in` list, `)` after a group or a lambda, `,` and `}` in a body, `,` and `]` in an array).
    var closing: [CompletionContext.Expectation] = []
    /// True while the right side of a comparison is read: no second comparison can follow at that level.
    var rightOfComparison = false

    init(tokens: [Token], partial: Bool) {
        self.tokens = tokens
        self.partial = partial
    }

    /// The current token (the last one is always `.end`).
    var tok: Token { tokens[pos] }
    var atEnd: Bool { tok.kind == .end }
    func peek(_ n: Int = 1) -> Token { tokens[min(pos + n, tokens.count - 1)] }
    @discardableResult func advance() -> Token {
        let t = tokens[pos]
        if pos < tokens.count - 1 { pos += 1 }
        return t
    }

    /// In partial mode at the cursor: stop and report what could come here.
    func complete(_ e: [CompletionContext.Expectation]) throws {
        if partial && atEnd { throw Incomplete(expectations: e, givenClauses: givenClauses, aliases: aliases) }
    }

    /// A syntax error at the current token: what was expected, and what was found.
    func unexpected(_ expected: String) -> LanguageError {
        if atEnd { return LanguageError(.syntax, "expected \(expected) at the end of the statement", at: tok.range) }
        return LanguageError(.syntax, "expected \(expected), found \(tok.text)", at: tok.range)
    }

    /// The symbol `s`, or an error naming `what` was expected.
    func expectSymbol(_ s: String, _ what: String? = nil) throws -> Token {
        try complete([])
        guard tok.isSymbol(s) else { throw unexpected(what ?? s) }
        return advance()
    }

    /// Reads `body` with `closing` set to `symbols` (as keywords), and what was there before restored after.
    func closed<T>(by symbols: [String], _ body: () throws -> T) rethrows -> T {
        let saved = closing
        closing = symbols.map { .keyword($0) }
        defer { closing = saved }
        return try body()
    }

    /// Enters one more level of nesting; past `maxNesting` the statement is refused at the current token.
    func enterNesting() throws {
        nesting += 1
        if nesting > Parser.maxNesting {
            throw LanguageError(.syntax, "nested more than \(Parser.maxNesting) levels deep", at: tok.range)
        }
    }

    /// Counts one more binary operator; past `maxOperators` the statement is refused at the operator.
    func countOperator() throws {
        operators += 1
        if operators > Parser.maxOperators {
            throw LanguageError(.syntax, "more than \(Parser.maxOperators) operators in one statement", at: tok.range)
        }
    }

    /// A name, or an error naming `what` was expected.
    func name(_ what: String) throws -> AST.Name {
        guard tok.kind == .identifier else { throw unexpected(what) }
        let t = advance()
        return AST.Name(text: t.text, range: t.range)
    }

    /// The scope of a property path expression (for completing the value compared with it).
    func pathScope(_ e: AST.Expr) -> CompletionContext.Scope? {
        guard case .path(let names) = e.kind else { return nil }
        let texts = names.map(\.text)
        if let v = lambdaVariables[texts[0]] { return CompletionContext.Scope(resource: scope.resource, navigation: v + texts.dropFirst()) }
        return scope.appending(texts)
    }
}
