import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// OData's own path syntax in statements, against odatapy's catalog and Northwind: bound operations, casts,
/// `$count` and `$value`, raw URLs, nested expand paths.
@Suite("paths in statements", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct PathStatementTests {
    static func catalog() throws -> String { try ReferenceServers.baseURL(.v4) + "/catalog/" }
    static func northwind() throws -> String { try ReferenceServers.baseURL(.v4) + "/northwind/" }

    @Test("a bound function in a path, and a bound action through call")
    func boundOperations() throws {
        let price = try OdshProcess.run([try Self.catalog(), "-o", "json", "-c", "Products(3) select Price"])
        let f = try OdshProcess.run([try Self.catalog(), "-o", "ndjson", "-c", "Products(3)/Catalog.PriceWithTax(rate=10)"])
        #expect(f.status == 0, "\(f.stderr)")
        let base = try #require(try JSONSerialization.jsonObject(with: Data(price.stdout.utf8)) as? [[String: Any]])
        let p = try #require(base.first?["Price"] as? Double)
        let taxed = try #require(Double(f.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(abs(taxed - p * 1.1) < 0.011, "\(p) → \(taxed)")
        let wrong = try OdshProcess.run([try Self.catalog(), "-c", "Products(1)/Catalog.PriceWithTax(rat=10)"])
        #expect(wrong.status == 2 && wrong.stderr.contains("did you mean rate?"), "\(wrong.stderr)")
        let created = Int.random(in: 5000..<9000)
        let a = try OdshProcess.run([try Self.catalog(), "-o", "ndjson", "-c", "create Products {ID: \(created), Name: 'disc', Price: 100}",
                                     "-c", "call Products(\(created))/Catalog.Discount(pct=5)", "-c", "delete Products(\(created))"])
        #expect(a.status == 0, "\(a.stderr)")
        let lines = a.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[1].contains("\"Price\":95"), "\(a.stdout)")
        let dry = try OdshProcess.run([try Self.catalog(), "--dry-run", "-c", "call Products(1)/Catalog.Discount(pct=5)"])
        #expect(dry.stdout == "POST \(try Self.catalog())Products(1)/Catalog.Discount\n{\"pct\":5}\n", "\(dry.stdout)")
    }

    @Test("$count as a segment, $value byte for byte, get with blanks and with a full URL")
    func countValueAndRawGet() throws {
        let count = try OdshProcess.run([try Self.northwind(), "-c", "Customers/$count"])
        #expect(count.stdout == "91\n", "\(count.stdout) \(count.stderr)")
        let value = try OdshProcess.run([try Self.catalog(), "-c", "Photos(1)/$value"])
        let raw = try OdshProcess.run([try Self.catalog(), "-c", "get /Photos(1)/$value"])
        #expect(value.status == 0 && !value.stdout.isEmpty && value.stdout == raw.stdout)
        // The body as odatapy serves it (0x89 "PNG-not-really"), nothing added: the test reads it as UTF-8 text.
        #expect(value.stdout == "\u{FFFD}PNG-not-really", "\(value.stdout.debugDescription)")
        let blanks = try OdshProcess.run([try Self.northwind(), "-o", "ndjson", "-c", "get /Customers?$filter=Country eq 'UK'&$select=CustomerID"])
        #expect(blanks.status == 0 && blanks.stdout.split(separator: "\n").count == 7, "\(blanks.stderr)")
        let full = try OdshProcess.run([try Self.northwind(), "-o", "ndjson", "-c", "get \(try Self.northwind())Customers('ALFKI')?$select=CustomerID"])
        #expect(full.stdout == "{\"CustomerID\":\"ALFKI\"}\n", "\(full.stderr)")
    }

    @Test("writes: a deep insert, a binding to an existing entity, replace (PUT), MERGE on pyslet")
    func writes() throws {
        let c = Int.random(in: 100..<900), p = Int.random(in: 10_000..<20_000)
        let deep = try OdshProcess.run([try Self.catalog(), "-o", "ndjson",
                                        "-c", "create Categories {ID: \(c), Name: 'deep', Products: [{ID: \(p), Name: 'child', Price: 5}]}",
                                        "-c", "Categories(\(c)) select ID expand Products(select ID)",
                                        "-c", "create Products {ID: \(p + 1), Name: 'bound', Price: 6, Category: Categories(\(c))}",
                                        "-c", "Products(\(p + 1)) select ID expand Category(select ID)",
                                        "-c", "replace Products(\(p + 1)) {Name: 'replaced', Price: 7}", "-c", "Products(\(p + 1)) select Name, Price",
                                        // Leave the catalog as it was (its CheapestPrice fails on a product without a price).
                                        "-c", "delete Products(\(p)) force", "-c", "delete Products(\(p + 1)) force", "-c", "delete Categories(\(c)) force"])
        #expect(deep.status == 0, "\(deep.stderr)")
        let lines = deep.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(deep.stdout)")
        #expect(lines.contains("{\"ID\":\(c),\"Products\":[{\"ID\":\(p)}]}"), "\(deep.stdout)")
        #expect(lines.contains("{\"ID\":\(p + 1),\"Category\":{\"ID\":\(c)}}"), "\(deep.stdout)")
        #expect(lines.last?.contains("\"Name\":\"replaced\"") == true && lines.last?.contains("\"Price\":7") == true, "\(deep.stdout)")
        // pyslet answers a MERGE without the key in the body with a 500; the key goes in the body.
        let atom = try ReferenceServers.baseURL(.v2Atom) + "/northwind/"
        let merge = try OdshProcess.run([atom, "-o", "ndjson", "-c", "update Shippers(1) {Phone: '(503) 555-9831'}",
                                         "-c", "Shippers(1) select Phone"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout == "{\"Phone\":\"(503) 555-9831\"}\n", "\(merge.stdout)")
    }

    @Test("link and unlink: $ref on odatapy's catalog, $links on pyslet")
    func references() throws {
        let c = Int.random(in: 900..<999), p = Int.random(in: 30_000..<40_000)
        let v4 = try OdshProcess.run([try Self.catalog(), "-o", "ndjson",
                                      "-c", "create Categories {ID: \(c), Name: 'refs'}",
                                      "-c", "create Products {ID: \(p), Name: 'linked', Price: 3}",
                                      "-c", "link Categories(\(c))/Products to Products(\(p))",
                                      "-c", "Categories(\(c))/Products select ID",
                                      "-c", "unlink Categories(\(c))/Products(\(p))",
                                      "-c", "Categories(\(c))/Products/$count",
                                      "-c", "link Products(\(p))/Category to Categories(\(c))",
                                      "-c", "Products(\(p)) select ID expand Category(select ID)",
                                      "-c", "unlink Products(\(p))/Category",
                                      "-c", "Products(\(p)) select ID expand Category(select ID)",
                                      "-c", "delete Products(\(p)) force", "-c", "delete Categories(\(c)) force"])
        #expect(v4.status == 0, "\(v4.stderr)")
        let lines = v4.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("{\"ID\":\(p)}") && lines.contains("0"), "\(v4.stdout)")
        #expect(lines.contains("{\"ID\":\(p),\"Category\":{\"ID\":\(c)}}") && lines.contains("{\"ID\":\(p),\"Category\":null}"), "\(v4.stdout)")
        // Writes say what they did on stderr, never on stdout.
        #expect(v4.stderr.contains("POST 204") && v4.stderr.contains("PUT 204") && v4.stderr.contains("DELETE 204"), "\(v4.stderr)")

        let atom = try ReferenceServers.baseURL(.v2Atom) + "/northwind/"
        let category = "Products(76) select ProductID expand Category(select CategoryID)"
        let v2 = try OdshProcess.run([atom, "-o", "ndjson", "-c", "link Products(76)/Category to Categories(2)", "-c", category,
                                      "-c", "unlink Categories(2)/Products(76)", "-c", category,
                                      "-c", "link Categories(1)/Products to Products(76)", "-c", category])
        #expect(v2.status == 0, "\(v2.stderr)")
        #expect(v2.stdout == ["{\"ProductID\":76,\"Category\":{\"CategoryID\":2}}", "{\"ProductID\":76,\"Category\":null}",
                              "{\"ProductID\":76,\"Category\":{\"CategoryID\":1}}"].map { $0 + "\n" }.joined(), "\(v2.stdout)")
    }

    @Test("a batch with a changeset: JSON batch on odatapy's catalog (4.01), multipart with CSRF on mock-sap")
    func batches() throws {
        let id = Int.random(in: 20_000..<30_000)
        let script = """
            batch
            Products(1) select ID
            changeset
            create Products {ID: \(id), Name: 'in a batch', Price: 1}
            update Products(\(id)) {Price: 7} force
            end
            Products(\(id)) select Price
            Products(424242)
            end
            delete Products(\(id)) force
            """
        let r = try OdshProcess.run([try Self.catalog(), "-o", "ndjson", "--continue-on-error"], stdin: script)
        #expect(r.status == 1 && r.stderr.contains("1 of the batch's 5 requests failed"), "\(r.stderr)")
        let parts = r.stdout.split(separator: "\n").map(String.init)
        #expect(parts.count == 5, "\(r.stdout)")
        #expect(parts[1].hasPrefix("{\"request\":\"POST Products\",\"status\":201,\"changeset\":true"), "\(parts)")
        #expect(parts[2] == "{\"request\":\"PATCH Products(\(id))\",\"status\":204,\"changeset\":true}", "\(parts)")
        #expect(parts[3].hasPrefix("{\"request\":\"GET Products(\(id))?$select=Price\",\"status\":200,\"value\":[{") && parts[3].contains("\"Price\":7"), "\(parts)")
        #expect(parts[4].contains("\"status\":404"), "\(parts)")
        let sap = try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
        let v2 = try OdshProcess.run([sap, "--no-cache", "-o", "table", "--trace", "-c",
                                      "batch; ProductSet('HT-1000') select ProductID, Name; changeset; update ProductSet('HT-1000') {Name: 'Notebook Basic 15'}; end; end"],
                                     environment: ["COLUMNS": "100"])
        #expect(v2.status == 0, "\(v2.stderr)")
        #expect(v2.stdout.contains("1: GET ProductSet('HT-1000')?$select=ProductID,Name → 200 OK") && v2.stdout.contains("Notebook Basic 15"), "\(v2.stdout)")
        #expect(v2.stdout.contains("2 (changeset): MERGE ProductSet('HT-1000') → 204 No Content"), "\(v2.stdout)")
        // The CSRF token was fetched before the $batch POST.
        #expect(v2.stderr.contains("HTTP GET \(sap) ") || v2.stderr.contains("HTTP GET \(sap)?"), "\(v2.stderr)")
        let dry = try OdshProcess.run([sap, "--no-cache", "--dry-run", "-c", "batch; ProductSet('HT-1000'); end"])
        #expect(dry.stdout.hasPrefix("POST \(sap)$batch\nContent-Type: multipart/mixed; boundary=batch_"), "\(dry.stdout)")
        #expect(dry.stdout.contains("GET ProductSet('HT-1000') HTTP/1.1"), "\(dry.stdout)")
    }

    @Test("a V4 expand path is nested expands: the service answers it")
    func nestedExpand() throws {
        let r = try OdshProcess.run([try Self.northwind(), "-o", "json", "-c", "Orders(10248) select OrderID expand Order_Details/Product(select ProductName)"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"ProductName\":\"Queso Cabrales\""), "\(r.stdout)")
        // $levels: Employee 2's reports, and theirs.
        let levels = try OdshProcess.run([try Self.northwind(), "-o", "ndjson", "-c",
                                          "Employees(2) select EmployeeID expand Employees1(levels 2; select EmployeeID)"])
        #expect(levels.status == 0, "\(levels.stderr)")
        #expect(levels.stdout.contains("{\"EmployeeID\":5,\"Employees1\":[{\"EmployeeID\":6,"), "\(levels.stdout)")
    }
}
