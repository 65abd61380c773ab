import Foundation
import Testing
import TestSupport

/// `call` on a V2 service: pyslet with function imports (scripts/testenv/pyslet_functions_server.py), which answers
/// 405 to a method other than the import's m:HttpMethod and 400 to a parameter literal not of the declared type.
@Suite("odsh call on V2 function imports (pyslet)", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct OneShotFunctionTests {
    static func url() throws -> String { try ReferenceServers.baseURL(.v2Functions) + "/northwind/" }

    func rows(_ statement: String) throws -> [[String: Any]] {
        let r = try OdshProcess.run([try Self.url(), "-o", "ndjson", "-c", statement])
        #expect(r.status == 0, "\(statement): \(r.stderr)")
        return r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func value(_ statement: String) throws -> String {
        let r = try OdshProcess.run([try Self.url(), "-o", "ndjson", "-c", statement])
        #expect(r.status == 0, "\(statement): \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("entities: an Int32, a DateTime and a string with a quote as V2 literals")
    func entities() throws {
        let products = try rows("call ProductsByCategory(CategoryID=1)")
        #expect(products.count == 12)
        #expect(products.allSatisfy { $0["CategoryID"] as? Int == 1 })
        let orders = try rows("call OrdersShippedSince(Since=1998-04-20T00:00:00, Country='USA')")
        #expect((1...20).contains(orders.count))
        #expect(orders.allSatisfy { $0["ShipCountry"] as? String == "USA" && ($0["ShippedDate"] as? String ?? "") >= "1998-04-20" })
        let chef = try rows("call ProductByName(Name='Chef Anton''s Cajun Seasoning')")
        #expect(chef.map { $0["ProductID"] as? Int } == [4])
    }

    @Test("clauses on a function's result: where, select, order by, top")
    func clausesOnTheResult() throws {
        let rows = try rows("call ProductsByCategory(CategoryID=1) where UnitPrice gt 20 select ProductName, UnitPrice order by UnitPrice desc top 3")
        #expect(rows.count == 2, "\(rows)")
        #expect(rows.map { $0["ProductName"] as? String } == ["Côte de Blaye", "Ipoh Coffee"], "\(rows)")
        let bad = try OdshProcess.run([try Self.url(), "-c", "call CustomerCount(Country='Germany') top 1"])
        #expect(bad.status == 2 && bad.stderr.contains("returns a collection of entities"), "\(bad.stderr)")
    }

    @Test("primitive results, an Int64 and a Decimal parameter, a collection of strings")
    func values() throws {
        #expect(try value("call CustomerCount(Country='Germany')") == "11")
        #expect(try value("count Customers where Country = 'Germany'") == "11")
        #expect(try value("call OrderCountAbove(OrderID=11000)") == "77")
        #expect(try value("call TotalFreight(CustomerID='ALFKI', MinFreight=10.5)") == "224.37")
        let countries = try value("call ShipCountries()").split(separator: "\n")
        #expect(countries.count == 21 && countries.first == "\"Argentina\"")
    }

    @Test("a POST function import is sent with POST; --dry-run shows the method and the typed literals")
    func methods() throws {
        let first = try OdshProcess.run([try Self.url(), "--trace", "-o", "ndjson", "-c", "call RecordVisit(CustomerID='BLONP')"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("HTTP POST "))
        let n = try #require(Int(first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try value("call RecordVisit(CustomerID='BLONP')") == String(n + 1))
        let dry = try OdshProcess.run([try Self.url(), "--dry-run", "-c", "call OrderCountAbove(OrderID=11000)", "-c", "call RecordVisit(CustomerID='X')"])
        #expect(dry.stdout.contains("GET http://127.0.0.1:") && dry.stdout.contains("/northwind/OrderCountAbove?OrderID=11000L\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains("POST http://127.0.0.1:") && dry.stdout.contains("/northwind/RecordVisit?CustomerID=%27X%27"), "\(dry.stdout)")
    }

    @Test("arguments that do not fit the metadata are usage errors (exit 2)")
    func usage() throws {
        let wrongType = try OdshProcess.run([try Self.url(), "-c", "call ProductsByCategory(CategoryID='one')"])
        #expect(wrongType.status == 2, "\(wrongType.stderr)")
        let unknown = try OdshProcess.run([try Self.url(), "-c", "call CustomerCount(Contry='UK')"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Country"))
    }
}
