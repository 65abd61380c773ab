/// What may stand at a cursor, as the parser sees it: kinds of things, not the names themselves. A completer
/// turns each kind plus the model into candidates (see `CompletionContext.resolve(in:)` for the types).
struct CompletionContext: Hashable, Sendable {
    /// The place a name is looked up from: the statement's resource path (`Customers('A')/Orders` gives
    /// `["Customers", "Orders"]`) and a navigation path from there (expand items, `Customer/` prefixes, lambda
    /// variables resolved to their collection).
    struct Scope: Hashable, Sendable {
        var resource: [String]
        var navigation: [String]
        init(resource: [String], navigation: [String] = []) { self.resource = resource; self.navigation = navigation }
        func appending(_ names: [String]) -> Scope { Scope(resource: resource, navigation: navigation + names) }
    }

    enum Expectation: Hashable, Sendable {
        /// `get count search create update delete call` (and an entity set, listed apart).
        case statementKeyword
        /// An entity set or singleton.
        case entitySet
        /// The next segment of a resource path: what the binder takes after the path so far (navigation, a property,
        /// a cast, a bound function, `$count`, `$value`; with `call`, a bound action too). `keyed` says for each
        /// segment of the scope's resource whether a key followed it.
        case pathSegment(Scope, keyed: [Bool], call: Bool)
        /// A function or action import (after `call`).
        case functionImport
        /// A parameter of the function import named.
        case parameter(function: String)
        /// `where select order by top skip expand count search` after a resource.
        case clauseKeyword
        /// The options allowed inside `expand Nav(...)`.
        case expandOption
        /// After a finished option inside `expand Nav(...)`: `;` before the next one, `)` after the last.
        case expandOptionsEnd
        /// One of these keywords (`by`, `asc`, `desc`, `and`, `or`, `not`, `in`, `has`, ...).
        case keyword(String)
        /// A navigation property of the scope's type.
        case navigationProperty(Scope)
        /// A property (structural or navigation) of the scope's type.
        case property(Scope)
        /// A structural property of the scope's type (`select`: navigation is expanded, not selected).
        case structuralProperty(Scope)
        /// What `group by` takes: a single-valued property (structural or navigation) of the scope's type.
        case groupableProperty(Scope)
        /// An item after `aggregate`: `sum min max average countdistinct count` and the custom aggregates declared.
        case aggregateItem(Scope)
        /// What an aggregation method takes: a property its values fit (numbers for sum and average).
        case aggregatableProperty(Scope, method: String)
        /// A key property of the scope's type (or a parameter of the bound operation it ends in), but those given.
        case keyProperty(Scope, given: [String])
        /// A canonical function (`contains`, `year`, ...).
        case function
        /// A value; when the other side is a property, the scope ends with it (`Scope(navigation: [..., "Color"])`),
        /// so an enum property's members are the candidates.
        case value(comparedWith: Scope?)
        /// A lambda variable: the name to declare (`d` in `any(d: ...)`, from the collection's name), or the names
        /// in scope where an operand may be one.
        case lambdaVariable([String])
        /// After `Path/` in an expression: `any`, `all` and (V4) `$count` when the path is a collection.
        case collectionOperator(Scope)
        /// An operator after a complete operand (`and or in has + - * / %`, OData's `add sub mul div mod`).
        case binaryOperator
        /// A comparison after an operand that may still be compared (`= != < <= > >=`, OData's `eq ne gt ge lt le`);
        /// not on the right side of a comparison, which takes no second one.
        case comparisonOperator
    }

    var expectations: [Expectation]
    /// The part of a name already typed before the cursor.
    var prefix: String
    /// Where that part starts (character offset): a completion replaces from here to the cursor.
    var replaceFrom: Int
    /// The clauses the statement (or, inside an expand item, its options) already has, as `clauseKeyword` and
    /// `expandOption` list them (`where`, `order by`, ...): none is given twice.
    var givenClauses: [String]
    /// The names the statement gives its results before the cursor (aggregate and computed values' aliases).
    var aliases: [String] = []

    init(expectations: [Expectation], prefix: String = "", replaceFrom: Int = 0, givenClauses: [String] = []) {
        self.expectations = expectations; self.prefix = prefix; self.replaceFrom = replaceFrom
        self.givenClauses = givenClauses
    }

    func contains(_ e: Expectation) -> Bool { expectations.contains(e) }
}
