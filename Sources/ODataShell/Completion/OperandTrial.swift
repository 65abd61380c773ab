import ODataModel
import ODataQuery

/// Whether a property fits as the operand after an arithmetic or comparison operator (`Freight add `, `Freight gt
/// `): the statement typed so far is bound with the property's name after it (and its open brackets closed), and the
/// property is offered when that binds, or fails where the statement fails with `null` there (which takes any type):
/// no `ShipCity` after `Freight add `, no `OrderDate` after `Freight gt `. After `and`, `or` or `not` any property
/// may start a comparison, so nothing is judged there; nor navigation, complex or collection properties, which lead
/// on to a path (`Customer/Freight`, `Tags/$count`). A path before the name (`Freight gt Customer/`) is looked
/// through to the operator before it. Built-in functions are judged the same way, called with `null` for each
/// argument they need (no `contains` after `Freight add `); `cast` and `isof`, whose argument is a type, are not.
struct OperandTrial {
    let document: CsdlDocument
    /// The statement before the word being completed.
    let typed: String
    private let closers: String?
    private let baseline: LanguageError?

    /// Operators after which the operand's type is fixed: arithmetic (`/` is left out: it also continues a path) and
    /// comparison, in words and symbols.
    private static let fixingOperators: Set<String> = [
        "add", "sub", "mul", "div", "mod", "+", "-", "*", "%",
        "eq", "ne", "gt", "ge", "lt", "le", "=", "==", "!=", "<>", "<", "<=", ">", ">=",
    ]

    /// A trial of the operand after `typed`, nil when `typed` does not end in such an operator (or in one and a path).
    init?(document: CsdlDocument, typed: String) {
        guard let tokens = try? Lexer(typed, partial: true).tokens() else { return nil }
        // The token before the operand: back over `Name/Name/` of a path typed so far (the last token is `.end`).
        var i = tokens.count - 2
        while i >= 1, tokens[i].kind == .symbol, tokens[i].text == "/", tokens[i - 1].kind == .identifier { i -= 2 }
        guard i >= 0, tokens[i].kind != .string, Self.fixingOperators.contains(tokens[i].text.lowercased()) else { return nil }
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

    private func fits(_ failure: LanguageError?) -> Bool {
        guard let failure else { return true }
        guard let baseline else { return false }
        return failure.kind == baseline.kind && failure.range.start == baseline.range.start
    }

    /// The binder's error for `text`, nil when it binds (or fails in a way that says nothing of the operand).
    private static func failure(of text: String, _ document: CsdlDocument) -> LanguageError? {
        OperatorTrial.bindingError(of: text, document) as? LanguageError
    }
}
