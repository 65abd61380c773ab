import Foundation
@testable import ODataShell
import Testing

/// Completion at the places of aggregation (issue 54): the clause words, dimensions after `group by`, methods and
/// custom aggregates after `aggregate`, what a method takes inside its parentheses, `as` after an aggregate or a
/// computed value, the aliases where a property may stand, and `by`/`percent`/`sum` after `top N`.
@Suite("Aggregation completion", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
struct AggregationCompletionTests {
    @Test("what is offered at each new position", arguments: [
        ("northwind-v4", "Orders ", ["group by", "aggregate", "having", "compute", "bottom", "where"], []),
        ("northwind-v4", "Orders gr", ["group by"], []),
        ("northwind-v2", "Orders ", ["where"], ["having", "compute", "bottom"]),
        ("northwind-v4", "Orders group ", ["by"], []),
        ("northwind-v4", "Orders group by ", ["ShipCountry", "OrderDate", "Customer"], ["Order_Details"]),
        ("northwind-v4", "Orders group by Customer/", ["Country", "CompanyName"], ["Orders"]),
        ("northwind-v4", "Orders group by ShipCountry ", [",", "aggregate", "order by"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate ", ["sum", "min", "max", "average", "countdistinct", "count"], ["Freight"]),
        ("northwind-v4", "Orders group by ShipCountry aggregate su", ["sum"], ["min"]),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(", ["Freight", "EmployeeID"], ["ShipName", "OrderDate"]),
        ("northwind-v4", "Orders group by ShipCountry aggregate max(", ["Freight", "ShipName", "OrderDate"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate countdistinct(", ["CustomerID", "ShipName"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight ", [")"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight) ", ["as"], ["where"]),
        ("northwind-v4", "Orders group by ShipCountry aggregate count ", ["as"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight) as Total ", [",", "having", "order by", "top", "select"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight) as Total having ", ["Total", "ShipCountry"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight) as Total having To", ["Total"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight) as Total, count as N order by ", ["Total", "N"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight) as Total select ", ["Total", "ShipCountry"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight) as Total top 3 ", ["by", "percent", "sum"], []),
        ("northwind-v4", "Orders group by ShipCountry aggregate sum(Freight) as Total top 3 by ", ["Total"], []),
        ("northwind-v4", "Orders bottom 3 ", ["by", "percent", "sum"], []),
        ("northwind-v4", "Products compute UnitPrice mul 1.2 ", ["as"], []),
        ("northwind-v4", "Products compute UnitPrice mul 1.2 as Gross where ", ["Gross", "UnitPrice"], []),
        ("northwind-v4", "Products compute UnitPrice mul 1.2 as Gross select ProductName, ", ["Gross", "UnitPrice"], []),
    ])
    func offered(_ model: String, _ line: String, _ expected: [String], _ absent: [String]) throws {
        let got = try ModelCompleterTests.names(model, line)
        for e in expected { #expect(got.contains(e), "\(line): expected \(e) in \(got)") }
        for a in absent { #expect(!got.contains(a), "\(line): did not expect \(a) in \(got)") }
    }

    @Test("custom aggregates the service declares are offered after aggregate, and bind")
    func customAggregates() throws {
        let doc = try AggregationFixture.document()
        let completer = ReplSession.completer(for: doc)
        let got = completer.complete(line: "Sales aggregate ", cursor: 16).candidates.map(\.insertText)
        #expect(got.contains("Revenue"), "\(got)")
        #expect(got.contains("sum"))
    }
}
