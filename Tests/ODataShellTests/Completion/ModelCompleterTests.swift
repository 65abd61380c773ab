import Foundation
import ODataModel
import Testing
@testable import ODataShell

/// TAB in real statements on real models: what is offered where, with the model's spelling and types.
@Suite("Model completer", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
struct ModelCompleterTests {
    static func completer(_ model: String) throws -> ModelCompleter {
        ReplSession.completer(for: try TestModels.document(model))
    }

    static func names(_ model: String, _ line: String, cursor: Int? = nil) throws -> [String] {
        try completer(model).complete(line: line, cursor: cursor ?? line.count).candidates.map(\.insertText)
    }

    @Test("what is offered at typical positions", arguments: [
        ("northwind-v4", "Cust", ["Customers", "CustomerDemographics"], []),
        ("northwind-v4", "cust", ["Customers"], []),                              // case-insensitive, model spelling
        ("northwind-v4", "Customers wh", ["where"], []),
        ("northwind-v4", "Customers where Comp", ["CompanyName"], []),
        ("northwind-v4", "Orders where Customer/Ci", ["City"], []),
        ("northwind-v4", "Orders where Customer/", ["City", "Country", "Orders"], ["Freight"]),
        // After a path: what the binder takes there (issue 27). One entity: navigation, properties; a collection:
        // $count, and no navigation (the binder wants a key first).
        ("northwind-v4", "Customers('ALFKI')/", ["Orders", "City", "CustomerDemographics"], ["$count"]),
        ("northwind-v4", "Customers/", ["$count"], ["Orders", "City"]),
        ("northwind-v4", "Customers('ALFKI')/Orders/", ["$count"], ["Customer", "Freight"]),
        ("northwind-v4", "Customers('ALFKI')/Orders(1)/", ["Customer", "Freight"], ["$count"]),
        ("lab-v4", "Items/", ["$count", "Lab.SpecialItem"], ["Name"]),
        ("lab-v4", "Items(1)/", ["Lab.SpecialItem", "Name"], ["$count"]),
        ("northwind-v4", "Orders expand Cus", ["Customer"], ["CustomerID"]),
        ("northwind-v4", "Orders expand Order_Details(", ["select", "where", "top"], []),
        ("northwind-v4", "Orders expand Order_Details(where Qua", ["Quantity"], []),
        ("northwind-v4", "Orders order by Freight d", ["desc"], []),
        ("northwind-v4", "Orders select Ship", ["ShipName", "ShipCity", "ShipCountry"], ["CustomerID"]),
        ("northwind-v4", "Orders where Order_Details/any(d: d/Qu", ["Quantity"], []),
        ("northwind-v4", "Customers where contains(Comp", ["CompanyName"], []),
        ("northwind-v4", "Customers where sta", ["startswith"], []),
        ("northwind-v4", "co", ["count"], ["create"]),
        ("northwind-v4", "cre", ["create"], []),
        ("northwind-v4", "count Cust", ["Customers"], []),
        ("northwind-v4", ".des", [".describe"], []),
        ("northwind-v4", ".describe Ord", ["Orders", "Order", "Order_Details"], []),
        ("northwind-v4", ".format j", ["json"], []),
        ("northwind-v4", ".curl Cust", ["Customers"], []),
        ("northwind-v4", ".curl --with-secrets Customers wh", ["where"], []),
        ("northwind-v4", ".curl --w", ["--with-secrets"], []),
        ("northwind-v2", "Orders where Customer/Co", ["CompanyName", "ContactName", "ContactTitle", "Country"], []),
        ("northwind-v2", "Products where Category/Categ", ["CategoryID", "CategoryName"], []),
        // OData's operator words after an operand; a second comparison is not offered after the first.
        ("northwind-v4", "Orders where Freight g", ["gt", "ge"], ["eq", "GetProductsByRating"]),
        ("northwind-v4", "Orders where Freight ", ["eq", "ne", "gt", "ge", "lt", "le", "in", "mul", "div"], ["and", "or", "top"]),
        ("northwind-v4", "Orders where Freight L", ["lt", "le"], ["ge"]),
        ("northwind-v4", "Orders where Freight gt 100 ", ["and", "or", "top", "order by"], ["eq", "gt"]),
        ("northwind-v4", "Orders where Freight gt 100 a", ["and", "add"], ["eq"]),
        ("northwind-v2", "Customers where Country n", ["ne"], ["not"]),
        // Only the operators the binder takes there (issue 35): after a complete comparison with a string, no
        // arithmetic and no `in`/`has` (they would bind tighter than the comparison); after a string, no arithmetic
        // and no `and`; `has` after a flags enum only; inside brackets and bodies too.
        ("northwind-v4", "Customers where Country = 'UK' ", ["and", "or", "top", "order by"], ["in", "has", "add", "sub", "mul", "div", "mod", "eq"]),
        ("northwind-v4", "Customers where (Country eq 'UK' ", ["and", "or"], ["in", "has", "add", "mod"]),
        ("northwind-v4", "Customers where Country ", ["eq", "ne", "in"], ["add", "mul", "has", "and", "or"]),
        ("northwind-v4", "Orders where Freight gt 100 ", ["and", "or", "add", "mul"], ["in", "has"]),
        ("northwind-v4", "Orders where Freight gt 100 add 5 ", ["and", "sub"], ["in", "eq"]),
        ("northwind-v4", "Products where Discontinued ", ["and", "or", "eq"], ["add", "has"]),
        ("northwind-v4", "Customers where contains(CompanyName, 'A' ", [], ["add", "and", "in"]),
        // Inside a call that lacks arguments still: judged as if they were there (a string takes no operator there).
        ("northwind-v4", "Customers where contains(CompanyName ", [","], ["and", "or", "add", "has", "eq", "in"]),
        ("northwind-v4", "Customers where substring(CompanyName ", [","], ["and", "add", "eq"]),
        ("northwind-v4", "Products where substring(ProductName, UnitsInStock ", [",", ")", "add", "sub"], ["and", "eq"]),
        ("northwind-v2", "Customers where substringof('A' ", [","], ["and", "add"]),
        ("northwind-v4", "Customers where startswith(tolower(CompanyName ", [")"], ["and", "add"]),
        ("northwind-v2", "Customers where Country eq 'UK' ", ["and", "or"], ["in", "add"]),
        ("lab-v4", "Items where Perms ", ["has", "eq", "in"], ["add", "and"]),
        ("lab-v4", "Items where Name eq 'x' ", ["and"], ["has", "in", "add"]),
        ("lab-v4", "Items where Day ", ["add", "sub", "eq"], ["has", "and"]),
        ("lab-v4", "update Items(1) {Name: 'x' ", [], ["add", "in", "eq"]),
        // What was typed is wrong already (no such property): the operators are not to blame and stay.
        ("northwind-v4", "Customers where Countri ", ["eq", "in", "top"], []),
        // An expression that is no condition yet takes what would make it one, and no clause or option after it;
        // an arithmetic operator may be compared in turn.
        ("northwind-v4", "Customers where CompanyName ", ["eq", "in"], ["where", "top", "select", "order by", "and", "add"]),
        ("northwind-v4", "Orders where ShipCity eq 'x' and Freight ", ["gt", "add"], ["and", "or", "top"]),
        ("northwind-v4", "Orders expand Order_Details(where Quantity ", ["gt"], ["top", "select", "and", ";", ")"]),
        ("northwind-v4", "Orders expand Order_Details(where (Quantity ", ["gt", ")"], [";", "top"]),
        ("northwind-v4", "Orders order by Freight ", ["desc", "top", "add"], ["and"]),
        ("northwind-v4", "Orders where Order_Details/any(d: d/Quantity g", ["gt", "ge"], []),
        // any, all and $count follow a collection only; lambda variables are offered where they are in scope.
        ("northwind-v4", "Orders where Customer/", ["City"], ["any", "all", "$count"]),
        ("northwind-v4", "Orders where Order_Details/", ["any", "all", "$count"], []),
        ("northwind-v2", "Orders where Order_Details/", ["any", "all"], ["$count"]),
        ("northwind-v4", "Orders where Order_Details/any(", ["o"], []),
        ("northwind-v4", "Orders where Order_Details/any(d: ", ["d", "Freight"], []),
        ("northwind-v4", "Orders where Order_Details/any(d: d/", ["Quantity"], ["any", "Freight"]),
        ("northwind-v4", "Products where Discontinued eq ", ["true", "false"], []),
        ("northwind-v4", "Orders select ", ["Freight"], ["Customer", "Order_Details"]),
        ("northwind-v4", "create Products {ProductName: 'x', Category: ", ["Categories"], ["Customers"]),
        ("northwind-v4", "Order_Details(OrderID=1, ", ["ProductID"], ["OrderID"]),
        ("northwind-v4", "link Categories(1)/", ["Products"], ["CategoryName"]),
        ("northwind-v4", "link Categories(1)/Products ", ["to"], []),
        ("northwind-v4", "link Categories(1)/Products to ", ["Products"], []),
        ("northwind-v4", "batch; Customers; ", ["changeset", "end", "create"], ["batch", ".help"]),
        ("northwind-v4", "ba", ["batch"], []),
        ("northwind-v2", "Customers where sub", ["substringof", "substring"], []),
        ("lab-v4", "Items where Lab.", ["Lab.SpecialItem"], ["Lab.Part"]),
        ("lab-v4", "Items where Lab.SpecialItem/", ["Extra", "Name"], []),
        ("lab-v4", "Items select Lab.SpecialItem/", ["Extra"], ["Bonus"]),
        ("lab-v2", "Items where Lab.", [], ["Lab.SpecialItem"]),
        // After an operand inside brackets: what separates the items there or closes them, not the clauses that
        // follow a whole expression; a call takes `,` while its function takes more arguments, `)` once it has enough.
        ("northwind-v4", "Customers where contains(CompanyName ", [","], [")", "top", "order by"]),
        ("northwind-v4", "Customers where contains(CompanyName, 'A' ", [")"], [",", "top"]),
        ("northwind-v4", "Customers where substring(CompanyName, 1 ", [",", ")"], []),
        ("northwind-v4", "Customers where substring(CompanyName, 1, 2 ", [")"], [","]),
        ("northwind-v2", "Customers where substringof('A' ", [","], [")"]),
        ("northwind-v4", "Customers where Country in ('UK' ", [",", ")"], ["top", "where"]),
        ("northwind-v4", "Customers where (Country eq 'UK' ", [")"], [",", "top"]),
        ("northwind-v4", "Orders where Order_Details/any(d: d/Quantity gt 5 ", [")", "and"], [",", "top"]),
        ("northwind-v4", "Customers('ALFKI' ", [")", ","], ["where", "top"]),
        ("northwind-v4", "create Customers {CustomerID: 'X' ", [",", "}"], [")", "where"]),
        ("lab-v4", "update Items(1) {Name: 'x' ", [",", "}"], []),
        // A clause that may not come twice is not offered again; top and skip may (the last one counts).
        ("northwind-v4", "Orders top 5 where Freight gt 1 ", ["and", "select", "skip", "top"], ["where"]),
        ("northwind-v4", "Orders select Freight ", [",", "where", "order by"], ["select"]),
        ("northwind-v4", "search Products 'x' ", ["where", "top"], ["search"]),
        ("northwind-v4", "Orders expand Order_Details(top 1; ", ["select", "where"], []),
        ("northwind-v4", "Orders expand Order_Details(where Quantity gt 5; ", ["select", "top"], ["where"]),
        // Inside an expand item's options, a finished option is followed by `;` or `)`, not by the next option.
        ("northwind-v4", "Orders expand Order_Details(where Quantity gt 5 ", [";", ")", "and"], ["select", "top", "where"]),
        ("northwind-v4", "Orders expand Order_Details(order by Quantity desc ", [",", ";", ")"], ["top", "select"]),
        ("northwind-v4", "Orders expand Order_Details(select Quantity ", [",", ";", ")"], ["select", "where"]),
        ("northwind-v4", "Orders expand Order_Details(expand Product ", ["(", ",", ";", ")"], ["top"]),
        // After an arithmetic or comparison operator, the properties and functions whose type fits there; paths
        // (navigation, complex, collections) stay, since what follows them may fit; after and/or anything goes.
        ("northwind-v4", "Orders where Freight add ", ["OrderID", "Freight", "Customer", "length", "round", "cast"], ["ShipCity", "OrderDate", "contains"]),
        ("northwind-v4", "Orders where ShipCity eq ", ["ShipName", "Customer", "tolower"], ["Freight", "length", "round"]),
        ("northwind-v4", "Orders where OrderDate gt ", ["ShippedDate", "now", "date"], ["Freight", "time"]),
        ("northwind-v4", "Orders where Freight gt Customer/", ["Orders"], ["CompanyName"]),
        ("northwind-v4", "Products where Discontinued and ", ["ProductName", "UnitPrice", "contains"], []),
        ("northwind-v4", "Orders where Freight gt Sh", ["ShipVia"], ["ShipCity"]),
        ("lab-v4", "Items where Color eq ", ["Color", "Red"], ["Name", "Perms"]),
        ("lab-v4", "Items where Stamp sub ", ["Stamp", "Day", "Span", "now"], ["At", "Color", "Price"]),
    ])
    func offered(_ model: String, _ line: String, _ expected: [String], _ absent: [String]) throws {
        let got = try Self.names(model, line)
        for e in expected { #expect(got.contains(e), "\(line): expected \(e) in \(got)") }
        for a in absent { #expect(!got.contains(a), "\(line): did not expect \(a) in \(got)") }
    }

    /// Inside a call of a built-in function, what the binder takes as that argument (issue 49): `year(` wants a
    /// date, `contains(` text, `round(` a number; nested calls judge their own argument. Paths stay, as after an
    /// operator; a bracket that only groups, and the arguments of `isof` and `cast`, take anything.
    @Test("inside a function's argument, the operands whose type fits it", arguments: [
        ("northwind-v4", "Orders where year(", ["OrderDate", "ShippedDate", "Customer", "now", "date"], ["ShipCity", "Freight", "tolower", "length", "time"]),
        ("northwind-v4", "Orders where year(Sh", ["ShippedDate"], ["ShipCity", "ShipName"]),
        ("northwind-v4", "Orders where hour(", ["OrderDate", "now", "time"], ["ShipCity", "Freight", "date"]),
        ("northwind-v4", "Orders where contains(", ["ShipCity", "ShipName", "Customer", "tolower", "concat"], ["Freight", "OrderDate", "year", "length"]),
        ("northwind-v4", "Orders where contains(ShipCity, ", ["ShipName", "toupper"], ["Freight", "OrderDate", "round"]),
        ("northwind-v4", "Orders where startswith(Employee/", ["LastName", "City", "Orders"], ["BirthDate", "EmployeeID"]),
        ("northwind-v4", "Orders where round(", ["Freight", "OrderID", "length"], ["ShipCity", "OrderDate", "tolower"]),
        ("northwind-v4", "Orders where substring(ShipCity, ", ["OrderID", "length"], ["ShipName", "OrderDate"]),
        ("northwind-v4", "Orders where year(date(", ["OrderDate", "now"], ["ShipCity", "Freight"]),
        ("northwind-v4", "Orders where contains(tolower(", ["ShipCity"], ["Freight", "OrderDate"]),
        ("northwind-v4", "Orders where length(ShipCity) gt round(", ["Freight"], ["ShipCity", "OrderDate"]),
        ("northwind-v4", "Orders where (", ["ShipCity", "Freight", "OrderDate", "contains", "year"], []),
        ("northwind-v4", "Orders where isof(", ["ShipCity", "Freight"], []),
        ("northwind-v2", "Orders where substringof(", ["ShipCity"], ["Freight", "OrderDate"]),
        ("northwind-v2", "Orders where year(", ["OrderDate"], ["ShipCity", "Freight"]),
    ])
    func functionArguments(_ model: String, _ line: String, _ expected: [String], _ absent: [String]) throws {
        let got = try Self.names(model, line)
        for e in expected { #expect(got.contains(e), "\(line): expected \(e) in \(got)") }
        for a in absent { #expect(!got.contains(a), "\(line): did not expect \(a) in \(got)") }
    }

    @Test("candidates carry types and the part they replace")
    func annotations() throws {
        let c = try Self.completer("northwind-v2")
        let r = c.complete(line: "Customers where CompanyNa", cursor: 25)
        let name = try #require(r.candidates.first { $0.insertText == "CompanyName" })
        #expect(name.annotation == "Edm.String(40)")
        #expect(r.replacing == 16..<25)
        let nav = c.complete(line: "Orders expand Custo", cursor: 19)
        #expect(nav.candidates.map(\.insertText) == ["Customer"])
        #expect(nav.candidates.first?.annotation == "→ Customer")
        #expect(!nav.appendsSpace, "a navigation property goes on with / or (")
    }

    @Test("the operator words carry the symbol they stand for; a property named like one is still offered as a name")
    func operatorWords() throws {
        let c = try Self.completer("northwind-v4")
        let r = c.complete(line: "Orders where Freight g", cursor: 22)
        #expect(r.candidates.map(\.insertText) == ["gt", "ge"])
        #expect(r.candidates.map(\.annotation) == ["operator >", "operator >="])
        #expect(r.replacing == 21..<22)
        let lab = ModelCompleter(document: try TestModels.document("lab-v4"))
        // Where an operand goes, `eq` is a property of Word; after one, it is the operator.
        #expect(lab.complete(line: "Words where e", cursor: 13).candidates.map(\.insertText).contains("eq"))
        #expect(lab.complete(line: "Words where e", cursor: 13).candidates.first { $0.insertText == "eq" }?.annotation == "Edm.Int32")
        #expect(lab.complete(line: "Words where eq e", cursor: 16).candidates.first?.annotation == "operator =")
        let right = lab.complete(line: "Words where eq eq D", cursor: 19).candidates
        #expect(right.contains { $0.insertText == "Div" } && !right.contains { $0.annotation?.hasPrefix("operator") == true })
    }

    @Test("enum members after a comparison with an enum property (lab model)")
    func enumMembers() throws {
        let doc = try TestModels.document("lab-v4")
        let c = ModelCompleter(document: doc)
        let enums = doc.entityTypes.flatMap { t in t.properties.compactMap { p -> (String, String, EnumType)? in
            if case .enumeration(let e) = p.resolvedType, let set = doc.entitySets.first(where: { $0.entityTypeIfResolved === t }) {
                return (set.name, p.name, e)
            }
            return nil
        } }
        let (set, prop, e) = try #require(enums.first, "the lab model has an enum property")
        let line = "\(set) where \(prop) = "
        let got = c.complete(line: line, cursor: line.count).candidates.map(\.insertText)
        #expect(Set(e.members.map(\.name)).isSubset(of: Set(got)), "\(got)")
    }

    /// Every cursor position of real statements: no crash, every candidate fits what is typed, the range is sane.
    @Test("every cursor position of real statements", arguments: ["northwind-v4", "northwind-v2"])
    func sweep(_ model: String) throws {
        let c = try Self.completer(model)
        let statements = [
            "Customers where Country = 'Germany' and City != 'Berlin' select CustomerID, CompanyName order by CompanyName top 10 skip 20",
            "Orders where OrderDate >= 1997-01-01 and Customer/Country in ('UK', 'USA') expand Customer(select CompanyName), Order_Details(where Quantity > 10; top 3) count",
            "Customers('ALFKI')/Orders where Freight > 20 order by OrderDate desc top 5",
            "Products where contains(ProductName, 'Chef') or startswith(ProductName, 'Ch')",
            "count Customers where Country = 'UK'",
            "create Customers {CustomerID: 'NEWCO', CompanyName: 'New Co'}",
            "Order_Details(OrderID=10248, ProductID=11)",
            ".describe Orders",
        ]
        var positions = 0
        for s in statements {
            let chars = Array(s)
            for cursor in 0...chars.count {
                let r = c.complete(line: s, cursor: cursor)
                positions += 1
                #expect(r.replacing.lowerBound >= 0 && r.replacing.upperBound == cursor && r.replacing.lowerBound <= cursor)
                let typed = String(chars[r.replacing.lowerBound..<cursor]).lowercased()
                for cand in r.candidates {
                    #expect(cand.insertText.lowercased().hasPrefix(typed), "\(s) @\(cursor): \(cand.insertText) does not start with \(typed)")
                }
            }
        }
        #expect(positions > 500)
    }
}
