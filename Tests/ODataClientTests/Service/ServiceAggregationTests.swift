import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    /// `$apply` and `$compute` built with `DataQuery` against odatapy's Northwind (issue 54): every aggregate compared
    /// with the total computed here from the rows themselves, the columns typed by the query.
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceAggregation {
        static func all(_ service: DataService, _ q: DataQuery) throws -> [EntityValue] {
            var rows: [EntityValue] = []
            try service.executeQuery(q).forEachEntity { rows.append($0); return true }
            return rows
        }
        static func decimal(_ v: DataValue?) -> Decimal? {
            switch v {
            case .decimal(let d)?: return Decimal(string: d.description)
            case .long(let n)?: return Decimal(n)
            case .int(let n)?: return Decimal(Int(n))
            case .double(let d)?: return Decimal(d)
            default: return nil
            }
        }

        @Test func groupByCountryMatchesTheRows() throws {
            let service = try ServiceSupport.northwindV4()
            let orders = try service.entitySet(withName: "Orders")
            let t = orders.entityType
            // Grouped by employee: nine groups, one page (odatapy's next link of an $apply result repeats rows).
            let freight = try t.property(withName: "Freight"), country = try t.property(withName: "EmployeeID")
            let customer = try t.property(withName: "CustomerID")
            var total: [String: Decimal] = [:], count: [String: Int] = [:], customers: [String: Set<String>] = [:]
            var lo: [String: Decimal] = [:], hi: [String: Decimal] = [:]
            let rows = try Self.all(service, DataQuery().from(orders).select(country, freight, customer))
            #expect(rows.count > 800)
            for r in rows {
                let c = "\(r["EmployeeID"] ?? .null)", f = try #require(Self.decimal(r["Freight"]))
                total[c, default: 0] += f; count[c, default: 0] += 1
                if let id = customer.getStringValue(from: r) { customers[c, default: []].insert(id) }
                lo[c] = min(lo[c] ?? f, f); hi[c] = max(hi[c] ?? f, f)
            }
            let q = DataQuery().from(orders).groupBy([country], aggregate: [
                freight.sum(as: "Total"), .count(as: "N"), customer.countDistinct(as: "Customers"),
                freight.min(as: "Lo"), freight.max(as: "Hi"), freight.average(as: "Avg"),
            ])
            let groups = try Self.all(service, q)
            #expect(groups.count == total.count)
            for g in groups {
                let c = "\(g["EmployeeID"] ?? .null)"
                // Typed by the query: a sum of Edm.Decimal is a decimal, counts are Edm.Int64.
                guard case .decimal? = g["Total"], case .long(let n)? = g["N"], case .long(let d)? = g["Customers"] else {
                    Issue.record("\(c): untyped \(g)"); continue
                }
                #expect(Self.decimal(g["Total"]) == total[c], "\(c)")
                #expect(Int(n) == count[c], "\(c)")
                #expect(Int(d) == customers[c]?.count, "\(c)")
                #expect(Self.decimal(g["Lo"]) == lo[c], "\(c)")
                #expect(Self.decimal(g["Hi"]) == hi[c], "\(c)")
                let avg = try #require(Self.decimal(g["Avg"]))
                let exact = total[c]! / Decimal(count[c]!)
                #expect(abs(NSDecimalNumber(decimal: avg - exact).doubleValue) < 1e-9, "\(c): \(avg) vs \(exact)")
            }
            // The whole set in one row.
            let one = try Self.all(service, DataQuery().from(orders).aggregate(freight.sum(as: "Total"), .count(as: "N")))
            #expect(one.count == 1)
            #expect(Self.decimal(one.first?["Total"]) == total.values.reduce(0, +))
            #expect(Self.decimal(one.first?["N"]) == Decimal(rows.count))
        }

        @Test func topCountAndComputeMatchTheRows() throws {
            let service = try ServiceSupport.northwindV4()
            let orders = try service.entitySet(withName: "Orders")
            let t = orders.entityType
            let freight = try t.property(withName: "Freight"), customer = try t.property(withName: "CustomerID")
            var byCustomer: [String: Decimal] = [:]
            for r in try Self.all(service, DataQuery().from(orders).select(customer, freight)) {
                guard let c = customer.getStringValue(from: r) else { continue }
                byCustomer[c, default: 0] += Self.decimal(r["Freight"]) ?? 0
            }
            let top = try Self.all(service, DataQuery().from(orders)
                .groupBy([customer], aggregate: [freight.sum(as: "T")]).apply(.ranking(.topCount, .literal(.int32(3)), .path("T"))))
            let expected = byCustomer.sorted { $0.value > $1.value }.prefix(3)
            #expect(Set(top.compactMap { customer.getStringValue(from: $0) }) == Set(expected.map(\.key)))
            for r in top { #expect(Self.decimal(r["T"]) == byCustomer[customer.getStringValue(from: r) ?? ""]) }

            let products = try service.entitySet(withName: "Products")
            let price = try products.entityType.property(withName: "UnitPrice")
            let q = DataQuery().from(products).compute(.property(PropertyPath(["UnitPrice"])).mul(.literal(.decimal("1.2"))), as: "Gross",
                                                        resultType: .decimal)
                .select("ProductID", "UnitPrice", "Gross")
            let rows = try Self.all(service, q)
            #expect(rows.count == 77)
            for r in rows {
                let p = try #require(Self.decimal(r["UnitPrice"]))
                #expect(Self.decimal(r["Gross"]) == p * Decimal(string: "1.2")!, "\(r)")
                _ = price
            }
        }
    }
}
