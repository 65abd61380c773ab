import Foundation
import Testing
import TestSupport

/// For statements a server supports, the rows odsh returns equal those of the same query written by hand as a URL
/// and fetched with curl.
@Suite("rows equal curl's", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)),
       .fixture("curl", FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl not installed"))
struct RowsEqualCurlTests {
    /// (server, service path, statement, hand-written relative URL, key property)
    static let cases: [(ReferenceServers.Kind, String, String, String, String)] = [
        (.v4, "/northwind/", "Customers where Country = 'UK' select CustomerID, CompanyName order by CustomerID",
         "Customers?$filter=Country%20eq%20'UK'&$select=CustomerID,CompanyName&$orderby=CustomerID", "CustomerID"),
        (.v4, "/northwind/", "Orders where Freight > 500 and ShipCountry != 'USA' select OrderID, Freight order by Freight desc top 5",
         "Orders?$filter=Freight%20gt%20500%20and%20ShipCountry%20ne%20'USA'&$select=OrderID,Freight&$orderby=Freight%20desc&$top=5", "OrderID"),
        (.v4, "/northwind/", "Products where startswith(ProductName, 'Ch') or contains(ProductName, 'Chef') select ProductID, ProductName order by ProductID",
         "Products?$filter=startswith(ProductName,'Ch')%20or%20contains(ProductName,'Chef')&$select=ProductID,ProductName&$orderby=ProductID", "ProductID"),
        (.v4, "/northwind/", "Customers where Country in ('UK', 'USA') select CustomerID order by CustomerID top 10",
         "Customers?$filter=Country%20in%20('UK','USA')&$select=CustomerID&$orderby=CustomerID&$top=10", "CustomerID"),
        (.v4, "/northwind/", "Orders where OrderDate >= 1998-05-01 select OrderID order by OrderID",
         "Orders?$filter=OrderDate%20ge%201998-05-01T00:00:00Z&$select=OrderID&$orderby=OrderID", "OrderID"),
        (.v2, "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/", "BusinessPartnerSet where CompanyName != 'SAP' select BusinessPartnerID, CompanyName",
         "BusinessPartnerSet?$filter=CompanyName%20ne%20'SAP'&$select=BusinessPartnerID,CompanyName&$format=json", "BusinessPartnerID"),
        (.v2, "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/", "ProductSet where Price > 500 select ProductID, Price order by Price desc",
         "ProductSet?$filter=Price%20gt%20500M&$select=ProductID,Price&$orderby=Price%20desc&$format=json", "ProductID"),
        // pyslet filters only on selected properties (a quirk): Country is selected too.
        (.v2Atom, "/northwind/", "Customers where Country = 'Mexico' select CustomerID, City, Country order by CustomerID",
         "Customers?$filter=Country%20eq%20'Mexico'&$select=CustomerID,City,Country&$orderby=CustomerID&$format=json", "CustomerID"),
    ]

    /// The rows of a JSON answer (V4 `value`, V2 `d.results` or `d`), as key → row.
    static func rows(fromCurl data: Data, key: String) throws -> [String] {
        let obj = try JSONSerialization.jsonObject(with: data)
        var list: [[String: Any]] = []
        if let o = obj as? [String: Any] {
            if let v = o["value"] as? [[String: Any]] { list = v }
            else if let d = o["d"] as? [String: Any], let r = d["results"] as? [[String: Any]] { list = r }
            else if let d = o["d"] as? [[String: Any]] { list = d }
        }
        return list.map { "\($0[key] ?? "?")" }
    }

    @Test("odsh's rows equal curl's", arguments: 0..<cases.count)
    func same(_ i: Int) throws {
        let (kind, path, statement, url, key) = Self.cases[i]
        let base = try ReferenceServers.baseURL(kind)
        let odsh = try OdshProcess.run([base + path, "-o", "ndjson", "--all", "-c", statement])
        #expect(odsh.status == 0, "\(statement): \(odsh.stderr)")
        let mine = try odsh.stdout.split(separator: "\n").map { line -> String in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return "\(o[key] ?? "?")"
        }
        // Hand-written URLs use ' for readability; curl needs them encoded.
        let sent = (base + path + url).replacingOccurrences(of: "'", with: "%27")
        let curl = try Spawn.run(["curl", "-s", "-g", "-H", "Accept: application/json", sent])
        #expect(curl.status == 0)
        let theirs = try Self.rows(fromCurl: Data(curl.stdout.utf8), key: key)
        #expect(!theirs.isEmpty, "\(url) returned no rows")
        #expect(mine == theirs, "\(statement)\n odsh: \(mine)\n curl: \(theirs)")
    }
}
