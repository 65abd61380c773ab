import ODataModel
import ODataQuery

/// Whether a property fits as the operand after an arithmetic or comparison operator (`Freight add `, `Freight gt
/// `) or as an argument of a built-in function (`year(`, `contains(ShipCity, `): the statement typed so far is bound
/// with the property's name after it (and its open brackets closed, a call's missing arguments given as `null`), and
/// the property is offered when that binds, or fails where the statement fails with `null` there (which takes any
/// type): no `ShipCity` after `Freight add `, no `OrderDate` after `Freight gt `, no `ShipCity` in `year(` (the
/// binder's signatures decide, as they do for the statement run: `argumentKinds(of:)` and `QueryFunction`'s
/// argument types); in an argument, a failure of the expression around the call counts for nothing, since the
/// argument's type may decide the call's (`round(Freight)` is no condition, yet Freight is what `round` takes). After
/// an opening bracket that is not a call's, or after `and`, `or` or `not`, any property
/// may start a comparison, so nothing is judged there; nor navigation, complex or collection properties, which lead
/// on to a path (`Customer/Freight`, `Tags/$count`). A path before the name (`Freight gt Customer/`) is looked
/// through to the operator before it. Built-in functions are judged the same way, called with `null` for each
/// argument they need (no `contains` after `Freight add `, no `tolower` in `year(`); `cast` and `isof`, whose
/// argument is a type, are not, nor is what goes inside them.
struct OperandTrial {
    let document: CsdlDocument
    /// The statement before the word being completed.
    let typed: String
    private let closers: String?
    private let baseline: LanguageError?
    /// Where the operand starts when it is a function's argument: a failure before it (`where round(Freight)` is no
    /// condition) is the enclosing expression's, whose type the argument's may decide; nil after an operator.
    private let argumentStart: Int?

    /// Operators after which the operand's type is fixed: arithmetic (`/` is left out: it also continues a path) and
    /// comparison, in words and symbols.
    private static let fixingOperators: Set<String> = [
        "add", "sub", "mul", "div", "mod", "+", "-", "*", "%",
        "eq", "ne", "gt", "ge", "lt", "le", "=", "==", "!=", "<>", "<", "<=", ">", ">=",
    ]

    /// A trial of the operand after `typed`, nil when `typed` does not end in such an operator or the start of a
    /// function's argument (or in one and a path).
    init?(document: CsdlDocument, typed: String) {
        guard let tokens = try? Lexer(typed, partial: true).tokens() else { return nil }
        // The token before the operand: back over `Name/Name/` of a path typed so far (the last token is `.end`).
        var i = tokens.count - 2
        while i >= 1, tokens[i].kind == .symbol, tokens[i].text == "/", tokens[i - 1].kind == .identifier { i -= 2 }
        guard i >= 0, tokens[i].kind != .string else { return nil }
        if Self.startsArgument(tokens, at: i) {
            // The operand starts with the path typed before the name, if any.
            argumentStart = i + 1 < tokens.count - 1 ? tokens[i + 1].start : typed.count
        } else {
            guard Self.fixingOperators.contains(tokens[i].text.lowercased()) else { return nil }
            argumentStart = nil
        }
        self.document = document
        self.typed = typed
        closers = OperatorTrial.closers(of: typed)
        baseline = closers.flatMap { Self.failure(of: typed + "null" + $0, document) }
    }

    /// Whether `property` may stand next: judged for single primitive and enum properties, true for the rest.
    func accepts(_ property: Property) -> Bool {
        guard let closers, !property.isCollection, ExprType.of(property).structured == nil else { return true }
        return fits(Self.failure(of: typed + property.name + closers, document))
    }

    /// Whether the built-in function `function` may stand next, as far as its result tells.
    func accepts(function: QueryFunction) -> Bool {
        guard let closers, function.name != "cast", function.name != "isof" else { return true }
        // A function whose result has its argument's type (round, floor, ceiling) is tried on a number: null would
        // leave the result's type open.
        let argument = function.returnType == nil ? "1.5" : "null"
        let call = function.name + "(" + Array(repeating: argument, count: function.arity.lowerBound).joined(separator: ", ") + ")"
        return fits(Self.failure(of: typed + call + closers, document))
    }

    /// Whether the token at `i` opens or separates the arguments of a call of a built-in function (`year(`,
    /// `contains(ShipCity,`): not a bracket that groups, lists values or keys, nor a call of `cast` or `isof`.
    private static func startsArgument(_ tokens: [Token], at i: Int) -> Bool {
        guard tokens[i].kind == .symbol, tokens[i].text == "(" || tokens[i].text == "," else { return false }
        var open = i
        if tokens[i].text == "," {
            // Back to the bracket the comma stands in.
            var depth = 0
            open -= 1
            while open >= 0 {
                let t = tokens[open]
                if t.kind == .symbol, [")", "]", "}"].contains(t.text) { depth += 1 }
                if t.kind == .symbol, ["(", "[", "{"].contains(t.text) {
                    if depth == 0 { break }
                    depth -= 1
                }
                open -= 1
            }
            guard open >= 0, tokens[open].text == "(" else { return false }
        }
        guard open >= 1, tokens[open - 1].kind == .identifier else { return false }
        let name = tokens[open - 1].text.lowercased()
        return name != "cast" && name != "isof" && ExpressionParser.arity(of: name) != nil
    }

    private func fits(_ failure: LanguageError?) -> Bool {
        guard let failure else { return true }
        if let argumentStart, failure.range.start < argumentStart { return true }
        guard let baseline else { return false }
        return failure.kind == baseline.kind && failure.range.start == baseline.range.start
    }

    /// The binder's error for `text`, nil when it binds (or fails in a way that says nothing of the operand).
    private static func failure(of text: String, _ document: CsdlDocument) -> LanguageError? {
        OperatorTrial.bindingError(of: text, document) as? LanguageError
    }
}
