import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// What a script gets from the shell: complete results, caps that say so, counts in every format, writes with
/// ETags, the service root's query on every request, and exit statuses by category.
@Suite("complete answers in scripts", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct CompleteAnswerTests {
    static func northwind() throws -> String { try ReferenceServers.baseURL(.v4) + "/northwind/" }
    static func catalog() throws -> String { try ReferenceServers.baseURL(.v4) + "/catalog/" }

    @Test("all 91 customers in json, ndjson and csv with no flag (odatapy pages by 20)")
    func everyPageByDefault() throws {
        let q = "Customers select CustomerID"
        let json = try OdshProcess.run([try Self.northwind(), "-o", "json", "-c", q])
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 91 && Set(rows.compactMap { $0["CustomerID"] as? String }).count == 91)
        let nd = try OdshProcess.run([try Self.northwind(), "-o", "ndjson", "-c", q])
        #expect(nd.stdout.split(separator: "\n").count == 91)
        let csv = try OdshProcess.run([try Self.northwind(), "-o", "csv", "-c", q])
        #expect(csv.stdout.split(separator: "\r\n").count == 92)
        #expect(json.stderr.isEmpty && nd.stderr.isEmpty && csv.stderr.isEmpty)
        // The first page only, when asked: it says so.
        let first = try OdshProcess.run([try Self.northwind(), "--first-page", "-o", "ndjson", "-c", q])
        #expect(first.status == 0 && first.stdout.split(separator: "\n").count == 20)
        #expect(first.stderr.contains("the first page only (20 rows); the result has more"), "\(first.stderr)")
    }

    @Test(".next shows the next page of the last result that had more, top holding; then there is none")
    func nextPage() throws {
        let r = try OdshProcess.run([try Self.northwind(), "-o", "ndjson", "--first-page", "--continue-on-error",
                                     "-c", "Customers select CustomerID top 25", "-c", ".next", "-c", ".next"])
        let ids = r.stdout.split(separator: "\n")
        #expect(ids.count == 25 && Set(ids).count == 25, "\(r.stdout)")
        #expect(r.stderr.contains("no more pages"), "\(r.stderr)")
        #expect(r.status == 2)
    }

    @Test("a row limit that cuts the result says so on stderr; one that does not, says nothing")
    func rowLimitNotes() throws {
        let cut = try OdshProcess.run([try Self.northwind(), "-o", "ndjson", "--row-limit", "25", "-c", "Customers select CustomerID"])
        #expect(cut.stdout.split(separator: "\n").count == 25)
        #expect(cut.stderr.contains("stopped at the row limit (25 rows); the result has more"), "\(cut.stderr)")
        let whole = try OdshProcess.run([try Self.northwind(), "-o", "ndjson", "--row-limit", "5", "-c",
                                         "Customers where Country = 'UK' select CustomerID top 3"])
        #expect(whole.stdout.split(separator: "\n").count == 3 && whole.stderr.isEmpty, "\(whole.stderr)")
    }

    @Test("top holds across pages on pyslet, whose next links drop $top")
    func topHolds() throws {
        let r = try OdshProcess.run([try ReferenceServers.baseURL(.v2Atom) + "/northwind/", "-o", "ndjson", "--all", "-c",
                                     "Orders select OrderID top 45"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 45)
    }

    @Test("a requested count reaches every format")
    func countInEveryFormat() throws {
        let q = "Customers where Country = 'UK' select CustomerID top 2 count"
        let json = try OdshProcess.run([try Self.northwind(), "-o", "json", "-c", q])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["@odata.count"] as? Int) == 7 && (object["value"] as? [Any])?.count == 2)
        let nd = try OdshProcess.run([try Self.northwind(), "-o", "ndjson", "-c", q])
        #expect(nd.stdout.split(separator: "\n").last == "{\"@odata.count\":7}", "\(nd.stdout)")
        let csv = try OdshProcess.run([try Self.northwind(), "-o", "csv", "-c", q])
        #expect(csv.stdout.split(separator: "\r\n").count == 3 && csv.stderr.contains("odsh: count: 7"), "\(csv.stderr)")
    }

    @Test("update and delete send the ETag: the value changes; a statement after a read uses its ETag")
    func writesWithETags() throws {
        let price = "\(Int.random(in: 100..<900)).25"
        let r = try OdshProcess.run([try Self.catalog(), "-o", "json", "--trace", "-c", "Products(1) select ID, Price",
                                     "-c", "update Products(1) {Price: \(price)}", "-c", "Products(1) select Price"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"Price\":\(price)"), "\(r.stdout)")
        // Read first, so the update sent If-Match at once: no 428 came back.
        #expect(!r.stderr.contains("428"), "\(r.stderr)")
        let created = Int.random(in: 5000..<9000)
        let d = try OdshProcess.run([try Self.catalog(), "-o", "json", "-c", "create Products {ID: \(created), Name: 'tmp', Price: 1}",
                                     "-c", "delete Products(\(created))", "-c", "count Products where ID eq \(created)"])
        #expect(d.status == 0, "\(d.stderr)")
        #expect(d.stdout.hasSuffix("0\n"), "\(d.stdout)")
        #expect(d.stderr.contains("DELETE 204: done"))
    }

    @Test("force sends If-Match: *, in the dry run too; a plain update sends the ETag it read")
    func forceOverridesTheETag() throws {
        let dry = try OdshProcess.run([try Self.catalog(), "--dry-run", "-c", "update Products(1) {Price: 1.5} force", "-c", "delete Products(2) force",
                                       "-c", "delete Products(3)"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("/catalog/Products(1)\nIf-Match: *\n{\"ID\":1,\"Price\":1.5}\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains("/catalog/Products(2)\nIf-Match: *\n"), "\(dry.stdout)")
        #expect(dry.stdout.hasSuffix("DELETE \(try Self.catalog())Products(3)\n"), "\(dry.stdout)")
        let r = try OdshProcess.run([try Self.catalog(), "-o", "json", "--trace-data", "-c", "update Products(1) {Price: 45.5} force"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("If-Match: *") && !r.stderr.contains("428"), "\(r.stderr)")
    }

    @Test("the root's sap-client goes with every request: metadata, count, data, CSRF fetch, MERGE; .url shows it")
    func serviceRootQuery() throws {
        let root = try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/?sap-client=100"
        let r = try OdshProcess.run([root, "--no-cache", "--trace", "-o", "json", "-c", "count ProductSet", "-c", "ProductSet select ProductID top 1",
                                     "-c", "update ProductSet('HT-1000') {Name: 'Notebook Basic 15'}", "-c", ".url ProductSet top 1"])
        #expect(r.status == 0, "\(r.stderr)")
        let requests = r.stderr.split(separator: "\n").filter { $0.hasPrefix("HTTP ") }
        #expect(requests.count >= 5, "\(r.stderr)")
        for line in requests { #expect(line.contains("sap-client=100"), "\(line)") }
        #expect(r.stdout.contains("GWSAMPLE_BASIC/ProductSet?$top=1&sap-client=100\n"), "\(r.stdout)")
        // A root pasted as its $metadata URL.
        let m = try OdshProcess.run([try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/$metadata", "--no-cache",
                                     "-o", "json", "-c", "count ProductSet"])
        #expect(m.status == 0 && Int(m.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil, "\(m.stderr)")
    }

    @Test("answers that are not what they say: exit statuses by category")
    func unusableAnswers() throws {
        let port = try FixtureServers.port("next-links")
        let base = "http://127.0.0.1:\(port)"
        let cut = try OdshProcess.run(["\(base)/cutoff/", "--no-cache", "-o", "json", "-c", "Items"])
        #expect(cut.status == 4, "\(cut.stderr)")
        let html = try OdshProcess.run(["\(base)/html/", "--no-cache", "-o", "json", "-c", "Items"])
        #expect(html.status == 4 && html.stdout.isEmpty, "\(html.stdout)")
        #expect(html.stderr.contains("sign-in page") && html.stderr.contains("SAP NetWeaver Logon"), "\(html.stderr)")
        let moved = try OdshProcess.run(["\(base)/moved/", "--no-cache", "-o", "json", "-c", "create Items {ID: 9, Name: 'x'}"])
        #expect(moved.status == 1 && moved.stdout.isEmpty, "\(moved.stdout)")
        #expect(moved.stderr.contains("redirect (301)") && moved.stderr.contains("/moved/Elsewhere"), "\(moved.stderr)")
        // Answers without end stop at a documented limit, which an option raises: exit 4, memory bounded.
        let endless = try OdshProcess.run(["\(base)/endless/", "--no-cache", "--max-metadata-size", "2", "-c", "Items"])
        #expect(endless.status == 4 && endless.stderr.contains("limit of 2 MiB (HTTPConfiguration.maxMetadataBytes, --max-metadata-size)"),
                "\(endless.stderr)")
        // A plain body to a pipe streams as it arrives, past the limit on a kept body (which would stop it at 3 MiB):
        // 40 MiB of an endless blob reach head, and odsh ends quietly when head has enough.
        let odsh = OdshProcess.binary.path
        let blob = try Spawn.run(["/bin/sh", "-c", "'\(odsh)' '\(base)/bigbody/' --no-cache --max-body-size 3 -c 'get /blob' | head -c 41943040 | wc -c"],
                                  stdin: "", environment: Spawn.environment(OdshProcess.isolatedXDG), timeout: 120)
        #expect(blob.stdout.hasPrefix("41943040\n"), "\(blob.stdout) \(blob.stderr)")
        #expect(!blob.stderr.contains("limit of"), "\(blob.stderr)")
        let away = try OdshProcess.run(["\(base)/away/", "--no-cache", "-o", "json", "-u", "bob:pw", "-c", "Items"])
        #expect(away.status == 3 && away.stderr.contains("http://localhost:\(port)"), "\(away.stderr)")
    }
}
