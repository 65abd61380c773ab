import Foundation
import TestSupport
import Testing

/// Statements of aggregation run by odsh against odatapy's Northwind (issue 54): every aggregate in the CSV odsh
/// prints compared with the totals computed here from the rows odsh prints for the same set.
@Suite(.fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct AggregationServiceTests {
    static func csv(_ statement: String) throws -> [[String: String]] {
        try csv(statement, at: try ReferenceServers.baseURL(.v4) + "/northwind/")
    }

    static func csv(_ statement: String, at url: String) throws -> [[String: String]] {
        let r = try OdshProcess.run([url, "-o", "csv", "-c", statement])
        #expect(r.status == 0, "\(statement): \(r.stderr)")
        var lines = r.stdout.split(whereSeparator: \.isNewline).map(String.init)
        guard !lines.isEmpty else { return [] }
        // Northwind's values in these columns hold no commas or quotes.
        let head = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.map { l in
            Dictionary(uniqueKeysWithValues: zip(head, l.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    @Test("group by with every aggregate, having, order by and top: the numbers the rows give")
    func groupBy() throws {
        // Grouped by employee: nine groups, one page (odatapy's next link of an $apply result repeats rows).
        let rows = try Self.csv("Orders select EmployeeID, ShipCountry, Freight, CustomerID")
        #expect(rows.count == 830)
        var total: [String: Decimal] = [:], count: [String: Int] = [:], customers: [String: Set<String>] = [:]
        var lo: [String: Decimal] = [:], hi: [String: Decimal] = [:]
        for r in rows {
            let c = r["EmployeeID"]!, f = Decimal(string: r["Freight"]!)!
            total[c, default: 0] += f; count[c, default: 0] += 1; customers[c, default: []].insert(r["CustomerID"]!)
            lo[c] = min(lo[c] ?? f, f); hi[c] = max(hi[c] ?? f, f)
        }
        let groups = try Self.csv("Orders group by EmployeeID aggregate sum(Freight) as Total, count as N, "
                                  + "countdistinct(CustomerID) as Customers, min(Freight) as Lo, max(Freight) as Hi, average(Freight) as Avg")
        #expect(groups.count == total.count)
        for g in groups {
            let c = g["EmployeeID"]!
            #expect(Decimal(string: g["Total"]!) == total[c], "\(c)")
            #expect(Int(g["N"]!) == count[c], "\(c)")
            #expect(Int(g["Customers"]!) == customers[c]!.count, "\(c)")
            #expect(Decimal(string: g["Lo"]!) == lo[c] && Decimal(string: g["Hi"]!) == hi[c], "\(c)")
            let avg = Decimal(string: g["Avg"]!)!, exact = total[c]! / Decimal(count[c]!)
            #expect(abs(NSDecimalNumber(decimal: avg - exact).doubleValue) < 1e-9, "\(c)")
        }
        // The aggregated rows filtered, ordered and cut as the statement says.
        var byCountry: [String: Decimal] = [:], inCountry: [String: Int] = [:]
        for r in rows { byCountry[r["ShipCountry"]!, default: 0] += Decimal(string: r["Freight"]!)!; inCountry[r["ShipCountry"]!, default: 0] += 1 }
        let big = try Self.csv("Orders group by ShipCountry aggregate sum(Freight) as Total, count as N having N gt 40 order by Total desc top 3")
        let expected = byCountry.filter { inCountry[$0.key]! > 40 }.sorted { $0.value > $1.value }.prefix(3)
        #expect(big.map { $0["ShipCountry"]! } == expected.map(\.key))
        #expect(big.first?.keys.sorted() == ["N", "ShipCountry", "Total"])
        // A filter before grouping, over the whole set.
        let one = try Self.csv("Orders where Freight gt 100 aggregate sum(Freight) as Total, count as N")
        let heavy = rows.compactMap { Decimal(string: $0["Freight"]!) }.filter { $0 > 100 }
        #expect(one.count == 1)
        #expect(Decimal(string: one.first?["Total"] ?? "") == heavy.reduce(0, +))
        #expect(Int(one.first?["N"] ?? "") == heavy.count)
    }

    @Test("top 3 customers by freight, and a computed gross price, as the rows give them")
    func rankingAndCompute() throws {
        var byCustomer: [String: Decimal] = [:]
        for r in try Self.csv("Orders select CustomerID, Freight") { byCustomer[r["CustomerID"]!, default: 0] += Decimal(string: r["Freight"]!)! }
        let top = try Self.csv("Orders group by CustomerID aggregate sum(Freight) as Total top 3 by Total")
        let expected = byCustomer.sorted { $0.value > $1.value }.prefix(3)
        #expect(Set(top.map { $0["CustomerID"]! }) == Set(expected.map(\.key)))
        for r in top { #expect(Decimal(string: r["Total"]!) == byCustomer[r["CustomerID"]!]) }

        let gross = try Self.csv("Products compute UnitPrice mul 1.2 as Gross select ProductName, UnitPrice, Gross where Gross gt 50 order by Gross desc")
        #expect(!gross.isEmpty)
        for r in gross {
            let g = Decimal(string: r["Gross"]!)!
            #expect(g == Decimal(string: r["UnitPrice"]!)! * Decimal(string: "1.2")!, "\(r)")
            #expect(g > 50)
        }
        #expect(gross.map { Decimal(string: $0["Gross"]!)! } == gross.map { Decimal(string: $0["Gross"]!)! }.sorted(by: >))
    }

    @Test("computed values and aggregates are columns the reader expects: no unknown-property warning, inside an expand too")
    func noWarnings() throws {
        let url = try ReferenceServers.baseURL(.v4) + "/northwind/"
        for statement in ["Categories select CategoryName expand Products(compute UnitPrice mul 2 as Twice; select ProductName, Twice; top 2) top 2",
                          "Orders group by ShipVia aggregate sum(Freight) as Total, count as N"] {
            let r = try OdshProcess.run([url, "-o", "json", "-c", statement])
            #expect(r.status == 0, "\(statement): \(r.stderr)")
            #expect(!r.stderr.contains("has no property"), "\(statement): \(r.stderr)")
            #expect(r.stdout.contains("\"Twice\":") || r.stdout.contains("\"Total\":"), "\(r.stdout)")
        }
    }

    /// SAP's implicit aggregation (issue 54), from the fixture server's analytical service: a group by of dimensions
    /// with sums of measures is sent as the $select Gateway expects, and each sum equals the one computed here from
    /// the service's finest rows (every dimension selected).
    @Test("V2 analytical service: group by dimensions, sums of measures, as the finest rows give them",
          .fixture("python3", Tools.hasPython, Tools.noPython))
    func sapImplicitAggregation() throws {
        let url = "http://127.0.0.1:\(try FixtureServers.port("sap-annotated"))/analytics/"
        let finest = try Self.csv("SalesFacts", at: url)
        #expect(finest.count == 7 && finest.first?.keys.contains("Category") == true, "\(finest)")
        func sums(_ key: ([String: String]) -> String, where keep: ([String: String]) -> Bool = { _ in true })
            -> [String: (Decimal, Int)] {
            var out: [String: (Decimal, Int)] = [:]
            for r in finest where keep(r) {
                let k = key(r), old = out[k] ?? (0, 0)
                out[k] = (old.0 + Decimal(string: r["Revenue"]!)!, old.1 + Int(r["Quantity"]!)!)
            }
            return out
        }
        let byCountry = sums { $0["Country"]! }
        let grouped = try Self.csv("SalesFacts group by Country aggregate sum(Revenue) as Revenue, sum(Quantity) as Quantity", at: url)
        #expect(grouped.count == byCountry.count && grouped.first?.keys.sorted() == ["Country", "Quantity", "Revenue"], "\(grouped)")
        for g in grouped {
            #expect(Decimal(string: g["Revenue"]!) == byCountry[g["Country"]!]?.0 && Int(g["Quantity"]!) == byCountry[g["Country"]!]?.1, "\(g)")
        }
        let byPair = sums { $0["Country"]! + "/" + $0["Category"]! }
        let pairs = try Self.csv("SalesFacts group by Country, Category aggregate sum(Revenue)", at: url)
        #expect(pairs.count == byPair.count)
        for g in pairs { #expect(Decimal(string: g["Revenue"]!) == byPair[g["Country"]! + "/" + g["Category"]!]?.0, "\(g)") }
        let german = sums({ $0["Category"]! }, where: { $0["Country"] == "DE" })
        let filtered = try Self.csv("SalesFacts where Country = 'DE' group by Category aggregate sum(Revenue)", at: url)
        #expect(Dictionary(uniqueKeysWithValues: filtered.map { ($0["Category"]!, Decimal(string: $0["Revenue"]!)!) })
                == german.mapValues(\.0))
        // What SAP's implicit aggregation cannot say is refused before anything is sent.
        let refused = try OdshProcess.run([url, "-c", "SalesFacts group by Country aggregate average(Revenue) as A"])
        #expect(refused.status == 2 && refused.stderr.contains("write sum(Revenue)"), "\(refused.stderr)")
    }
}
