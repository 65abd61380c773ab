import Foundation
@testable import ODataShell
import Testing

/// What the parser's partial mode says may stand at a cursor (marked `|` in each text).
@Suite("Completion context")
struct CompletionContextTests {
    typealias E = CompletionContext.Expectation
    typealias Scope = CompletionContext.Scope

    static func context(_ marked: String) -> CompletionContext {
        let cursor = marked.distance(from: marked.startIndex, to: marked.firstIndex(of: "|")!)
        let text = marked.replacingOccurrences(of: "|", with: "")
        return Parser(text).expectation(at: cursor)
    }

    static let customers = Scope(resource: ["Customers"])
    static let orders = Scope(resource: ["Orders"])

    @Test("expected kinds at the cursor", arguments: [
        ("|", [E.statementKeyword, .entitySet], ""),
        ("Cus|", [.statementKeyword, .entitySet], "Cus"),
        ("count |", [.entitySet], ""),
        ("count Cu|", [.entitySet], "Cu"),
        ("delete |", [.entitySet], ""),
        ("call |", [.functionImport, .entitySet], ""),
        ("call GetItems|", [.functionImport, .entitySet], "GetItems"),
        ("call TopItems(|", [.parameter(function: "TopItems")], ""),
        ("call TopItems(count=3, s|", [.parameter(function: "TopItems")], "s"),
        ("call TopItems(count=|", [.value(comparedWith: nil)], ""),
        ("Customers |", [.clauseKeyword], ""),
        ("Customers wh|", [.clauseKeyword], "wh"),
        ("Customers('ALFKI')/|", [.pathSegment(Scope(resource: ["Customers"]), keyed: [true], call: false)], ""),
        ("Customers('ALFKI')/Or|", [.pathSegment(Scope(resource: ["Customers"]), keyed: [true], call: false)], "Or"),
        ("Customers/|", [.pathSegment(Scope(resource: ["Customers"]), keyed: [false], call: false)], ""),
        ("call Customers('A')/Orders(1)/|", [.pathSegment(Scope(resource: ["Customers", "Orders"]), keyed: [true, true], call: true)], ""),
        ("Customers('ALFKI')/Orders |", [.clauseKeyword], ""),
        ("Customers(|", [.keyProperty(customers, given: []), .value(comparedWith: nil)], ""),
        ("Order_Details(OrderID=1, |", [.keyProperty(Scope(resource: ["Order_Details"]), given: ["OrderID"]), .value(comparedWith: nil)], ""),
        ("Customers where |", [.property(customers), .function, .value(comparedWith: nil)], ""),
        ("Customers where Coun|", [.property(customers), .function, .value(comparedWith: nil)], "Coun"),
        ("Orders where Customer/|", [.property(Scope(resource: ["Orders"], navigation: ["Customer"])), .collectionOperator(Scope(resource: ["Orders"], navigation: ["Customer"]))], ""),
        ("Orders where Customer/Ci|", [.property(Scope(resource: ["Orders"], navigation: ["Customer"])), .collectionOperator(Scope(resource: ["Orders"], navigation: ["Customer"]))], "Ci"),
        ("Order_Details where Order/Customer/|", [.property(Scope(resource: ["Order_Details"], navigation: ["Order", "Customer"])), .collectionOperator(Scope(resource: ["Order_Details"], navigation: ["Order", "Customer"]))], ""),
        ("Customers where Country = |", [.property(customers), .function, .value(comparedWith: Scope(resource: ["Customers"], navigation: ["Country"]))], ""),
        ("Items where Color = R|", [.property(Scope(resource: ["Items"])), .function, .value(comparedWith: Scope(resource: ["Items"], navigation: ["Color"]))], "R"),
        ("Items where Color in (Red, |", [.value(comparedWith: Scope(resource: ["Items"], navigation: ["Color"]))], ""),
        ("Items where Perms has |", [.property(Scope(resource: ["Items"])), .function, .value(comparedWith: Scope(resource: ["Items"], navigation: ["Perms"]))], ""),
        ("Customers where Country = 'UK' |", [.binaryOperator, .clauseKeyword], ""),
        ("Customers where Country = 'UK' an|", [.binaryOperator, .clauseKeyword], "an"),
        ("Customers where Country = 'UK' and |", [.property(customers), .function, .value(comparedWith: nil)], ""),
        ("Customers where (Country = 'UK' |", [.binaryOperator, .keyword(")")], ""),
        // After an operand that may still be compared: OData's words too (eq ne gt ge lt le); not after a comparison.
        ("Customers where Country |", [.binaryOperator, .comparisonOperator, .clauseKeyword], ""),
        ("Customers where Country e|", [.binaryOperator, .comparisonOperator, .clauseKeyword], "e"),
        ("Customers where Country eq|", [.binaryOperator, .comparisonOperator, .clauseKeyword], "eq"),
        ("Customers where Country eq |", [.property(customers), .function, .value(comparedWith: Scope(resource: ["Customers"], navigation: ["Country"]))], ""),
        ("Customers where Country EQ 'UK' |", [.binaryOperator, .clauseKeyword], ""),
        ("Orders where Freight gt 10 and Freight |", [.binaryOperator, .comparisonOperator, .clauseKeyword], ""),
        ("Orders where Freight mul 2 |", [.binaryOperator, .comparisonOperator, .clauseKeyword], ""),
        ("Orders where (Freight gt 10) |", [.binaryOperator, .comparisonOperator, .clauseKeyword], ""),
        ("Orders where Freight gt (Freight |", [.binaryOperator, .comparisonOperator, .keyword(")")], ""),
        ("Orders where Order_Details/any(d: d/Quantity |", [.binaryOperator, .comparisonOperator, .keyword(")")], ""),
        // Inside a call: `,` while the function takes more arguments, `)` once it has enough; in a list both.
        ("Customers where contains(CompanyName |", [.binaryOperator, .comparisonOperator, .keyword(",")], ""),
        ("Customers where contains(CompanyName, 'x' |", [.binaryOperator, .comparisonOperator, .keyword(")")], ""),
        ("Customers where Country in ('UK' |", [.binaryOperator, .comparisonOperator, .keyword(","), .keyword(")")], ""),
        ("Orders where contains(ShipName, 'x') |", [.binaryOperator, .comparisonOperator, .clauseKeyword], ""),
        ("Customers where not |", [.property(customers), .function, .value(comparedWith: nil)], ""),
        // A property named Not, compared with OData's word: what follows is its value.
        ("Words where Not eq |", [.property(Scope(resource: ["Words"])), .function, .value(comparedWith: Scope(resource: ["Words"], navigation: ["Not"]))], ""),
        ("Words where not eq |", [.property(Scope(resource: ["Words"])), .function, .value(comparedWith: Scope(resource: ["Words"], navigation: ["not"]))], ""),
        ("Customers where contains(|", [.property(customers), .function, .value(comparedWith: nil)], ""),
        ("Customers where contains(CompanyName, |", [.property(customers), .function, .value(comparedWith: nil)], ""),
        ("Orders where Order_Details/any(|", [.lambdaVariable(["o"])], ""),
        ("Orders where Order_Details/any(d: d/|", [.property(Scope(resource: ["Orders"], navigation: ["Order_Details"]))], ""),
        ("Orders where Order_Details/any(d: d/Product/|", [.property(Scope(resource: ["Orders"], navigation: ["Order_Details", "Product"])), .collectionOperator(Scope(resource: ["Orders"], navigation: ["Order_Details", "Product"]))], ""),
        ("Customers select |", [.structuralProperty(customers)], ""),
        ("Customers select CustomerID, Comp|", [.structuralProperty(customers)], "Comp"),
        ("Customers order |", [.keyword("by")], ""),
        ("Customers order by |", [.property(customers), .function, .value(comparedWith: nil)], ""),
        ("Customers order by Country |", [.binaryOperator, .comparisonOperator, .keyword("asc"), .keyword("desc"), .keyword(","), .clauseKeyword], ""),
        ("Customers order by Country desc |", [.keyword(","), .clauseKeyword], ""),
        ("Customers top |", [.value(comparedWith: nil)], ""),
        ("Customers top 5 |", [.keyword("by"), .keyword("percent"), .keyword("sum"), .clauseKeyword], ""),
        ("Orders expand |", [.navigationProperty(orders)], ""),
        ("Orders expand Cust|", [.navigationProperty(orders)], "Cust"),
        ("Orders expand Order_Details/|", [.navigationProperty(Scope(resource: ["Orders"], navigation: ["Order_Details"]))], ""),
        ("Orders expand Customer(|", [.expandOption], ""),
        ("Orders expand Customer(select |", [.structuralProperty(Scope(resource: ["Orders"], navigation: ["Customer"]))], ""),
        ("Orders expand Order_Details(where Quantity > 1; |", [.expandOption], ""),
        ("Orders expand Order_Details(where |", [.property(Scope(resource: ["Orders"], navigation: ["Order_Details"])), .function, .value(comparedWith: nil)], ""),
        ("Orders expand Order_Details(expand Product(select Pro|", [.structuralProperty(Scope(resource: ["Orders"], navigation: ["Order_Details", "Product"]))], "Pro"),
        ("Orders expand Customer |", [.keyword("("), .keyword(","), .clauseKeyword], ""),
        ("create Customers {|", [.property(customers)], ""),
        ("create Customers {CustomerID: 'X', Comp|", [.property(customers)], "Comp"),
        ("update Customers('X') {Country: |", [.value(comparedWith: Scope(resource: ["Customers"], navigation: ["Country"]))], ""),
        ("search Products |", [.value(comparedWith: nil)], ""),
        ("get /Customers?$to|", [], ""),
    ])
    func expectations(_ marked: String, _ expected: [E], _ prefix: String) {
        let c = Self.context(marked)
        #expect(c.expectations == expected, "\(marked)")
        #expect(c.prefix == prefix, "\(marked)")
    }

    @Test("the replaced part starts at the typed prefix")
    func replaceFrom() {
        let c = Self.context("Orders where Customer/Ci|")
        #expect(c.replaceFrom == 22)
        let d = Self.context("Customers where Country = 'U|")
        #expect(d.prefix == "U" && d.replaceFrom == 26)
        #expect(d.expectations.contains(.value(comparedWith: Scope(resource: ["Customers"], navigation: ["Country"]))))
    }

    @Test("a cursor in the middle looks only at the text before it")
    func middle() {
        let text = "Customers where Country = 'UK' top 5"
        let c = Parser(text).expectation(at: 16)
        #expect(c.expectations == [.property(Self.customers), .function, .value(comparedWith: nil)])
    }
}

/// Scopes resolved against the model: the types whose names a completer offers.
@Suite("Completion scopes in the model")
struct CompletionScopeTests {
    @Test("navigation prefixes, lambda variables and expand paths reach their types")
    func types() throws {
        let doc = try TestModels.document("lab-v4")
        let c = CompletionContextTests.context("Items where Owner/|")
        guard case .property(let scope)? = c.expectations.first else { Issue.record("no property expectation"); return }
        #expect(scope.structuredType(in: doc)?.name == "Person")
        let l = CompletionContextTests.context("Items where Parts/any(p: p/Item/|")
        guard case .property(let ls)? = l.expectations.first else { Issue.record("no property expectation"); return }
        #expect(ls.structuredType(in: doc)?.name == "Item")
        let e = CompletionContextTests.context("Items expand Parts(select |")
        guard case .structuralProperty(let es)? = e.expectations.first else { Issue.record("no property expectation"); return }
        #expect(es.structuredType(in: doc)?.name == "Part")
        let a = CompletionContextTests.context("Items where Address/|")
        guard case .property(let asc)? = a.expectations.first else { Issue.record("no property expectation"); return }
        #expect(asc.structuredType(in: doc)?.name == "Address")
    }

    @Test("the value compared with an enum property offers its members")
    func enumMembers() throws {
        let doc = try TestModels.document("lab-v4")
        let c = CompletionContextTests.context("Items where Color = |")
        let scope = c.expectations.compactMap { e -> CompletionContext.Scope? in
            if case .value(let s?) = e { return s } else { return nil }
        }.first
        #expect(scope?.enumType(in: doc)?.members.map(\.name) == ["Red", "Green", "Blue"])
        #expect(CompletionContext.Scope(resource: ["Items"], navigation: ["Name"]).enumType(in: doc) == nil)
    }
}
