import ODataModel
import ODataQuery

/// Reads one statement of the query language into an `AST.Statement`.
///
/// The same parser answers completion: `expectation(at:)` parses the text before the cursor in partial mode, and
/// the first place where it needs a token that is not there tells what may stand at the cursor.
///
/// The grammar is read by `StatementParser` (statements, resource paths, keys), `ClauseParser` (where, select,
/// order by, expand ...), `ValueParser` (bodies and structured arguments), `ExpressionParser` (operators, calls,
/// paths, lambdas) and `LiteralParser`, over one `ParseCursor`.
struct Parser {
    let text: String

    /// The deepest nesting a statement may have: the parser and everything that walks its tree recurse once per
    /// level, so an unbounded depth would overflow the stack. Long flat chains (`a or b or ...`) do not nest.
    static let maxNesting = 200
    /// Binary operators in one statement. A chain is read in a loop, but its tree is as deep as it is long, and
    /// releasing it recurses once per term: 30,000 stays far from the stack's end (6,000 generated IDs or'ed work).
    static let maxOperators = 30_000

    init(_ text: String) { self.text = text }

    /// Parses the statement; errors carry the statement for their caret line.
    static func parse(_ text: String) throws -> AST.Statement {
        try Parser(text).parse()
    }

    /// Parses the statement.
    func parse() throws -> AST.Statement {
        do {
            if let raw = rawGet() { return raw }
            let c = ParseCursor(tokens: try Lexer(text).tokens(), partial: false)
            let s = try StatementParser(c).statement()
            guard c.atEnd else { throw c.unexpected("the end of the statement") }
            return s
        } catch var e as LanguageError {
            e.statement = text
            throw e
        }
    }

    /// What kind of thing may stand at `cursor` (a character offset into the text).
    func expectation(at cursor: Int) -> CompletionContext {
        let chars = Array(text)
        let before = String(chars[0..<max(0, min(cursor, chars.count))])
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
        do {
            _ = try StatementParser(ParseCursor(tokens: toks, partial: true)).statement()
            return CompletionContext(expectations: [], prefix: prefix, replaceFrom: from)
        } catch let i as ParseCursor.Incomplete {
            var context = CompletionContext(expectations: i.expectations, prefix: prefix, replaceFrom: from, givenClauses: i.givenClauses)
            context.aliases = i.aliases
            return context
        } catch {
            return CompletionContext(expectations: [], prefix: prefix, replaceFrom: from)
        }
    }

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
}
