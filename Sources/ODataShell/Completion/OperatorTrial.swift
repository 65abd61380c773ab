import ODataModel

/// Whether the binder takes an operator where the parser allows one: the statement typed so far is bound with the
/// operator and a placeholder operand after it (and its open brackets closed), so that completion offers only what
/// the binder accepts there: no `add` after a string, no `in` or `has` on the right of a complete comparison, no
/// `and` after an operand that is no condition. The placeholder is `null` (which takes the type of its other side),
/// `(null)` after `in` and `true` after `and`/`or`; an arithmetic operator may also be followed by a comparison
/// (`Freight add null eq null`), since its result may be compared in turn.
///
/// What was typed may already be wrong on its own (a misspelt name, a clause that is not finished): when no operator
/// makes the statement bind, an operator is refused only when it adds an error of its own, not when the statement
/// fails as it did without it. When some operator does make it bind, the statement was waiting for one (a `where`
/// whose expression is no condition yet, as in `where CompanyName`): only those are offered, and the clauses that
/// could follow a finished expression are not.
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

    /// The operator words (`and`, `in`, `add`, `eq`, ...) among `words` that the binder takes next, and whether the
    /// expression typed last is unfinished: it does not bind as it is, and some operator would make it.
    func judge(_ words: [String]) -> (accepted: Set<String>, unfinished: Bool) {
        // Text the lexer cannot read (it should not happen outside a string): no judgement.
        guard let closers else { return (Set(words), false) }
        var binding: Set<String> = [], unchanged: Set<String> = []
        for word in words {
            let trials = Self.operands(after: word).map {
                typed + (typed.last?.isWhitespace == false ? " " : "") + word + " " + $0 + closers
            }
            let failures = trials.lazy.map { Self.failure(of: $0, document) }
            if failures.contains(where: { $0 == nil }) {
                binding.insert(word)
            } else if failures.first == baseline {
                unchanged.insert(word)
            }
        }
        if baseline == nil || !binding.isEmpty { return (binding, baseline != nil && !binding.isEmpty) }
        return (unchanged, false)
    }

    /// The placeholders tried after `word`, in turn.
    private static func operands(after word: String) -> [String] {
        switch word.lowercased() {
        case "in": return ["(null)"]
        case "and", "or": return ["true"]
        case "add", "sub", "mul", "div", "mod": return ["null", "null eq null"]
        default: return ["null"]
        }
    }

    /// The binder's message for `text`, nil when it binds.
    private static func failure(of text: String, _ document: CsdlDocument) -> String? {
        bindingError(of: text, document).map { ($0 as? LanguageError)?.message ?? String(describing: $0) }
    }

    /// What binding `text` throws, nil when it binds: the one way both trials (this and `OperandTrial`) bind.
    static func bindingError(of text: String, _ document: CsdlDocument) -> Error? {
        do {
            _ = try Binder.bind(text, document: document)
            return nil
        } catch {
            return error
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
