import ODataModel

/// Whether the binder takes an operator where the parser allows one: the statement typed so far is bound with the
/// operator and a placeholder operand after it (and its open brackets closed), so that completion offers only what
/// the binder accepts there: no `add` after a string, no `in` or `has` on the right of a complete comparison, no
/// `and` after an operand that is no condition. The placeholder is `null` (which takes the type of its other side),
/// `(null)` after `in` and `true` after `and`/`or`.
///
/// What was typed may already be wrong on its own (a misspelt name, a clause that is not finished): an operator is
/// refused only when it adds an error of its own, not when the statement fails as it did without it.
struct OperatorTrial {
    let document: CsdlDocument
    /// The statement before the word being completed.
    let typed: String
    private let closers: String?
    private let baseline: String?

    init(document: CsdlDocument, typed: String) {
        self.document = document
        self.typed = typed
        closers = Self.closers(of: typed)
        baseline = closers.flatMap { Self.failure(of: typed + $0, document) }
    }

    /// Whether the binder takes `word` (an operator word: `and`, `in`, `add`, `eq`, ...) next.
    func accepts(_ word: String) -> Bool {
        // Text the lexer cannot read (it should not happen outside a string): no judgement.
        guard let closers else { return true }
        let operand: String
        switch word.lowercased() {
        case "in": operand = "(null)"
        case "and", "or": operand = "true"
        default: operand = "null"
        }
        let trial = typed + (typed.last?.isWhitespace == false ? " " : "") + word + " " + operand + closers
        guard let failure = Self.failure(of: trial, document) else { return true }
        return failure == baseline
    }

    /// The binder's message for `text`, nil when it binds.
    private static func failure(of text: String, _ document: CsdlDocument) -> String? {
        do {
            _ = try Binder.bind(text, document: document)
            return nil
        } catch let e as LanguageError {
            return e.message
        } catch {
            return String(describing: error)
        }
    }

    /// What closes the brackets left open in `text` (`)`, `]`, `}` innermost first), nil when it cannot be read. A
    /// call of a built-in function that has fewer arguments than it takes gets `null` for the rest
    /// (`contains(CompanyName` closes with `, null)`), so that the binder judges the operator, not the count.
    static func closers(of text: String) -> String? {
        guard let tokens = try? Lexer(text, partial: true).tokens() else { return nil }
        var open: [(closer: String, takes: Int, given: Int)] = []
        var previous: Token?
        for t in tokens {
            defer { previous = t }
            guard t.kind == .symbol else { continue }
            switch t.text {
            case "(":
                let takes = previous.flatMap { $0.kind == .identifier ? ExpressionParser.arity(of: $0.text)?.lowerBound : nil }
                open.append((")", takes ?? 0, 1))
            case "[": open.append(("]", 0, 1))
            case "{": open.append(("}", 0, 1))
            case ",":
                if !open.isEmpty { open[open.count - 1].given += 1 }
            case ")", "]", "}":
                if let last = open.last, last.closer == t.text { open.removeLast() }
            default: break
            }
        }
        return open.reversed().map { String(repeating: ", null", count: max(0, $0.takes - $0.given)) + $0.closer }.joined()
    }
}
