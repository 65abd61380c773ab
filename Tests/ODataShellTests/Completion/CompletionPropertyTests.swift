import Foundation
import ODataModel
import Testing
@testable import ODataShell

/// Completion never offers what the binder rejects where it is offered: at every name of a set of statements, each
/// candidate completion offers there is put in that name's place, and the statement is bound. It may fail for
/// what follows (a literal of another type, a clause that cannot follow), but never at the candidate itself: no
/// unknown name, no syntax error, nothing the version cannot do. Keywords and function names are the parser's
/// business (a function needs its arguments after it), so names of the model are what is put in place.
@Suite("completion offers only what binds", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
struct CompletionPropertyTests {
    static let statements: [String: [String]] = [
        "northwind-v4": [
            "Customers where Country eq 'UK' select CustomerID, CompanyName order by CompanyName desc top 3",
            "Customers('ALFKI')/Orders where Freight gt 10 expand Order_Details(select Quantity) top 2",
            "Orders where Customer/Country eq 'UK' and Order_Details/any(d: d/Quantity gt 10) select OrderID",
            "Orders(10248)/Order_Details(OrderID=10248, ProductID=11)/Product",
            "Orders where Order_Details/$count gt 2 expand Customer(select CompanyName)",
            "count Products where Discontinued eq false",
            "Customers/$count",
            "Products where contains(ProductName, 'Chai') order by UnitPrice",
            "update Customers('ALFKI') {ContactName: 'x'}",
            "create Products {ProductName: 'x', Category: Categories(1)}",
            "link Categories(1)/Products to Products(5)",
            "unlink Products(5)/Category",
        ],
        "served-odatapy-catalog": [
            "Products(1)/Catalog.PriceWithTax(rate=10)",
            "call Products(1)/Catalog.Discount(pct=5)",
            "Products where Tags/any(t: t eq 'x') select Name",
            "Products where Tags/$count gt 1",
            "Products where Grade eq Premium and ShipFrom/City eq 'Oslo'",
            "TopProduct/Category",
            "Photos(1)/$value",
            "Categories(1)/Products/$count",
            "call CheapestPrice",
        ],
        "served-mocksap-GWSAMPLE_BASIC-v2": [
            "ProductSet where Category eq 'Notebooks' select ProductID, Name order by Price desc top 5",
            "SalesOrderSet('0500000000')/ToLineItems expand ToProduct top 2",
            "BusinessPartnerSet where substringof('SAP', CompanyName) select BusinessPartnerID",
            "update ProductSet('HT-1000') {Name: 'x'}",
        ],
        "msgraph-v1.0-Prod.v2": [
            "users('a')/memberOf/microsoft.graph.group select displayName",
            "users where startswith(displayName, 'A') select id, mail top 5",
            "groups('g')/members/$count",
            "me/messages where isRead eq false order by receivedDateTime desc top 10",
        ],
    ]

    /// Words of the language rather than of the model (`order` is offered as `order by`).
    static let keywords: Set<String> = ["where", "select", "order", "by", "top", "skip", "expand", "count", "search", "and", "or",
                                        "not", "eq", "ne", "gt", "ge", "lt", "le", "in", "has", "asc", "desc", "to", "force",
                                        "call", "create", "update", "replace", "delete", "link", "unlink", "get"]
    static let structural: Set<String> = ["function", "clause", "option", "statement", "keyword", "command", "operator",
                                          "separator", "closes"]

    /// What a candidate is, from its annotation: `→ Type` a navigation property, `entity set ...`, `cast`, ...;
    /// a type name is a property.
    static func kind(_ c: CompletionCandidate) -> String {
        let a = c.annotation ?? ""
        if a.hasPrefix("→ Collection(") { return "→ many" }
        for k in ["→", "entity set", "singleton", "cast", "bound function", "bound action", "function", "action", "the number", "the media",
                  "variable", "lambda"] + structural
            where a.hasPrefix(k) { return k }
        return "property"
    }

    @Test("each candidate at each name binds, or fails only for what follows it", arguments: statements.keys.sorted())
    func candidatesBind(_ model: String) throws {
        guard FileManager.default.fileExists(atPath: TestModels.path(model)) else { return }
        let doc = try TestModels.document(model)
        let completer = ReplSession.completer(for: doc)
        var checked = 0
        for statement in Self.statements[model]! {
            // The statement itself binds: the property is about the candidates, not a broken seed.
            #expect(throws: Never.self, "\(model): \(statement)") { _ = try Binder.bind(statement, document: doc) }
            let chars = Array(statement)
            for token in try Lexer(statement).tokens() where token.kind == .identifier {
                let result = completer.complete(line: String(chars[..<token.start]), cursor: token.start)
                // What was written there is offered; the others of its kind stand in its place (a property for a
                // property, a navigation property for one, a set for a set).
                let written = result.candidates.first { $0.insertText == token.text }
                // (Where a lambda variable is declared any name will do: one is suggested.)
                let declaresVariable = result.candidates.contains { $0.annotation == "variable" } && chars[token.end...].first == ":"
                #expect(written != nil || declaresVariable || Self.keywords.contains(token.text.lowercased()), "\(model): \(token.text) is not offered at column \(token.start + 1) of \(statement)")
                guard let written, !Self.structural.contains(written.annotation ?? "") else { continue }
                for c in result.candidates where Self.kind(c) == Self.kind(written) && !c.insertText.hasPrefix(".") {
                    let text = String(chars[..<result.replacing.lowerBound]) + c.insertText + String(chars[token.end...])
                    let at = result.replacing.lowerBound..<(result.replacing.lowerBound + c.insertText.count)
                    checked += 1
                    do {
                        _ = try Binder.bind(text, document: doc)
                    } catch let e as LanguageError {
                        let blamed = e.kind != .typeMismatch && e.range.start >= at.lowerBound && e.range.start < at.upperBound
                        #expect(!blamed, "\(model): \(c.insertText) offered at column \(at.lowerBound + 1) of \(statement): \(e.message)")
                    }
                }
            }
        }
        #expect(checked > 50, "\(model): only \(checked) candidates checked")
    }
}
