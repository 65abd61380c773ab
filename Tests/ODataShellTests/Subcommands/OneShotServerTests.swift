import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// One-shot runs against the reference servers: every output format and every exit status, paging and limits.
@Suite("odsh one-shot against the reference servers", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct OneShotServerTests {
    static func v4() throws -> String { try ReferenceServers.baseURL(.v4) + "/northwind/" }
    static func v2() throws -> String { try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/" }
    static func atom() throws -> String { try ReferenceServers.baseURL(.v2Atom) + "/northwind/" }

    @Test("every format on the same query")
    func formats() throws {
        let q = "Customers where Country = 'UK' select CustomerID, CompanyName, City order by CustomerID top 3"
        let table = try OdshProcess.run([try Self.v4(), "-o", "table", "-c", q], environment: ["COLUMNS": "120"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("CustomerID  CompanyName"))
        #expect(table.stdout.contains("AROUT") && table.stdout.contains("3 rows"))
        let json = try OdshProcess.run([try Self.v4(), "-o", "json", "-c", q])
        let arr = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(arr.map { $0["CustomerID"] as? String } == ["AROUT", "BSBEV", "CONSH"])
        let nd = try OdshProcess.run([try Self.v4(), "-o", "ndjson", "-c", q])
        #expect(nd.stdout.split(separator: "\n").count == 3)
        let csv = try OdshProcess.run([try Self.v4(), "-o", "csv", "-c", q])
        #expect(csv.stdout.hasPrefix("CustomerID,CompanyName,City\r\nAROUT,Around the Horn,London\r\n"))
        let vertical = try OdshProcess.run([try Self.v4(), "-o", "vertical", "-c", q])
        #expect(vertical.stdout.contains("-[ RECORD 3 ]"))
        // Not a terminal and no -o: JSON.
        let dflt = try OdshProcess.run([try Self.v4(), "-c", q])
        #expect(dflt.stdout.hasPrefix("["))
    }

    @Test("dot-commands in a script: .format and .set change what the statements after them print; .quit ends it")
    func dotCommandsInScripts() throws {
        let script = """
            .format csv
            Customers where Country = 'UK' select CustomerID, City order by CustomerID top 2
            .set rowlimit 1
            .format ndjson
            Customers where Country = 'UK' select CustomerID order by CustomerID top 2
            .quit
            Customers top 1
            """
        let r = try OdshProcess.run([try Self.v4()], stdin: script)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "CustomerID,City\r\nAROUT,London\r\nBSBEV,London\r\n{\"CustomerID\":\"AROUT\"}\n", "\(r.stdout)")
        // An unknown command is a usage error naming its line, and ends the script like a bad statement.
        let bad = try OdshProcess.run([try Self.v4(), "-c", ".format csv", "-c", ".fromat json", "-c", "Customers top 1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown command .fromat (did you mean .format?)"), "\(bad.stderr)")
        #expect(bad.stdout.isEmpty)
    }

    @Test("columns follow the select order in every format: odatapy V4 (it adds the keys of expanded entities)",
          arguments: [ShellSettings.OutputFormat.table, .vertical, .csv, .json, .ndjson])
    func selectOrderV4(_ format: ShellSettings.OutputFormat) throws {
        let v4 = try Self.v4()
        let q = "Orders where OrderID eq 10248 select ShipCity, Freight, OrderID expand Employee(select LastName), Customer(select City, CompanyName)"
        let r = try OdshProcess.run([v4, "-o", format.rawValue, "-c", q], environment: ["COLUMNS": "200"])
        #expect(r.status == 0, "\(r.stderr)")
        var expected = ["ShipCity", "Freight", "OrderID", "Employee/LastName", "Employee/EmployeeID", "Customer/City",
                        "Customer/CompanyName", "Customer/CustomerID"]
        if [.json, .ndjson].contains(format) {
            expected.insert("Employee", at: 3)
            expected.insert("Customer", at: 6)
        }
        #expect(try RendererTests.columns(format, r.stdout) == expected, "\(r.stdout)")
        // The service adds the key it was not asked for: after what was selected.
        let key = try OdshProcess.run([v4, "-o", format.rawValue, "-c", "Customers select City, Country top 2"], environment: ["COLUMNS": "200"])
        #expect(try RendererTests.columns(format, key.stdout) == ["City", "Country", "CustomerID"], "\(key.stdout)")
        let both = try OdshProcess.run([v4, "-o", format.rawValue, "-c", "Customers select City, CustomerID top 2"], environment: ["COLUMNS": "200"])
        #expect(try RendererTests.columns(format, both.stdout) == ["City", "CustomerID"], "\(both.stdout)")
        // Without select: metadata order.
        let plain = try OdshProcess.run([v4, "-o", format.rawValue, "-c", "Shippers top 1"], environment: ["COLUMNS": "200"])
        #expect(try RendererTests.columns(format, plain.stdout) == ["ShipperID", "CompanyName", "Phone"], "\(plain.stdout)")
    }

    @Test("columns follow the select order in every format: mock-sap V2 (it ignores the select inside the expand)",
          arguments: [ShellSettings.OutputFormat.table, .vertical, .csv, .json, .ndjson])
    func selectOrderV2(_ format: ShellSettings.OutputFormat) throws {
        let q = "ProductSet select Price, Name, ProductID top 2 expand ToSupplier(select CompanyName, Address/City)"
        let r = try OdshProcess.run([try Self.v2(), "-o", format.rawValue, "-c", q], environment: ["COLUMNS": "2000"])
        #expect(r.status == 0, "\(r.stderr)")
        let got = try RendererTests.columns(format, r.stdout)
        let json = [.json, .ndjson].contains(format)
        let selected = json ? ["Price", "Name", "ProductID", "ToSupplier", "ToSupplier/CompanyName", "ToSupplier/Address", "ToSupplier/Address/City"]
            : ["Price", "Name", "ProductID", "ToSupplier/CompanyName", "ToSupplier/Address/City"]
        #expect(Array(got.prefix(selected.count)) == selected, "\(got)")
        // What the service sent without being asked follows: the rest of the address, then the supplier's other properties.
        let rest = Array(got.dropFirst(selected.count))
        #expect(rest.first == "ToSupplier/Address/PostalCode", "\(got)")
        #expect(rest.contains("ToSupplier/BusinessPartnerID") && rest.contains("ToSupplier/CurrencyCode"), "\(got)")
        #expect(!rest.contains { !$0.hasPrefix("ToSupplier/") }, "\(got)")
        let csv = try OdshProcess.run([try Self.v2(), "-o", format.rawValue, "-c", "BusinessPartnerSet select CompanyName, BusinessPartnerID top 2"],
                                      environment: ["COLUMNS": "200"])
        #expect(try RendererTests.columns(format, csv.stdout) == ["CompanyName", "BusinessPartnerID"], "\(csv.stdout)")
    }

    @Test("a script follows every next link: all 830 orders on odatapy (20 per page); with --first-page the first page")
    func paging() throws {
        let all = try OdshProcess.run([try Self.v4(), "-o", "ndjson", "--all", "-c", "Orders select OrderID"])
        #expect(all.status == 0)
        let ids = all.stdout.split(separator: "\n")
        #expect(ids.count == 830)
        #expect(Set(ids).count == 830)
        let count = try OdshProcess.run([try Self.v4(), "-c", "count Orders"])
        #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "830")
        let first = try OdshProcess.run([try Self.v4(), "-o", "ndjson", "--first-page", "-c", "Orders select OrderID"])
        #expect(first.stdout.split(separator: "\n").count == 20)
        let byDefault = try OdshProcess.run([try Self.v4(), "-o", "ndjson", "-c", "Orders select OrderID"])
        #expect(byDefault.stdout == all.stdout)
        let limited = try OdshProcess.run([try Self.v4(), "-o", "ndjson", "--all", "--row-limit", "45", "-c", "Orders select OrderID"])
        #expect(limited.stdout.split(separator: "\n").count == 45)
    }

    @Test("--all streams every format: the table's header once and as many rows as $count, in the same columns")
    func allPagesEveryFormat() throws {
        let v4 = try Self.v4()
        let count = try OdshProcess.run([v4, "-c", "count Orders"])
        let expected = try #require(Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(expected == 830)
        let q = "Orders select OrderID, CustomerID, ShipName, ShipCity"
        let table = try OdshProcess.run([v4, "-o", "table", "--all", "-c", q], environment: ["COLUMNS": "70"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("OrderID") }.count == 1, "the header is printed once")
        let rows = Array(lines.dropFirst(2).dropLast())
        #expect(rows.count == expected)
        #expect(lines.last == "\(expected) rows")
        // Sized from the first page (20 orders): later, longer ship names are cut, and every row keeps to 70 columns.
        #expect(rows.contains { $0.contains("…") })
        for line in lines { #expect(line.count <= 70, "\(line)") }
        let cityColumn = try #require(lines[0].range(of: "ShipCity")).lowerBound.utf16Offset(in: lines[0])
        let last = try #require(rows.last)
        #expect(last.hasPrefix("  11077") && last.range(of: "Albuquerque")?.lowerBound.utf16Offset(in: last) == cityColumn, "\(last)")

        let vertical = try OdshProcess.run([v4, "-o", "vertical", "--all", "-c", "Orders select OrderID"])
        #expect(vertical.stdout.components(separatedBy: "-[ RECORD ").count - 1 == expected)
        let csv = try OdshProcess.run([v4, "-o", "csv", "--all", "-c", "Orders select OrderID"])
        #expect(csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == expected + 1)
        let json = try OdshProcess.run([v4, "-o", "json", "--all", "-c", "Orders select OrderID"])
        let arr = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(arr.count == expected)
        // With --first-page, the first page and a note that more exist.
        let first = try OdshProcess.run([v4, "-o", "table", "--first-page", "-c", q], environment: ["COLUMNS": "70"])
        #expect(first.stdout.hasSuffix("20 rows · more: the first page only (without --first-page, all)\n"), "\(first.stdout.suffix(120))")
    }

    @Test("V2 JSON from mock-sap and Atom from pyslet")
    func v2() throws {
        let sap = try OdshProcess.run([try Self.v2(), "-o", "csv", "-c", "BusinessPartnerSet select BusinessPartnerID, CompanyName top 2"])
        #expect(sap.status == 0)
        #expect(sap.stdout.contains("0100000000,SAP"))
        let atom = try OdshProcess.run([try Self.atom(), "-o", "ndjson", "-c", "Customers('ALFKI') select CompanyName"])
        #expect(atom.status == 0, "\(atom.stderr)")
        #expect(atom.stdout.contains("Alfreds Futterkiste"))
    }

    @Test("create, update and delete through SAP's CSRF protection")
    func writes() throws {
        let v2 = try Self.v2()
        let id = "01\(String(getpid() % 100_000_000).leftPadded(8))"
        let create = try OdshProcess.run([v2, "-o", "json", "-c",
            "create BusinessPartnerSet {BusinessPartnerID: '\(id)', CompanyName: 'Test Co', EmailAddress: 'x@y.z', CurrencyCode: 'EUR', BusinessPartnerRole: '01'}"])
        #expect(create.status == 0, "\(create.stderr)")
        #expect(create.stdout.contains("Test Co"))
        let update = try OdshProcess.run([v2, "-c", "update BusinessPartnerSet('\(id)') {CompanyName: 'Renamed Co'}"])
        #expect(update.status == 0, "\(update.stderr)")
        let read = try OdshProcess.run([v2, "-o", "ndjson", "-c", "BusinessPartnerSet('\(id)') select CompanyName"])
        #expect(read.stdout.contains("Renamed Co"))
        #expect(try OdshProcess.run([v2, "-c", "delete BusinessPartnerSet('\(id)')"]).status == 0)
        let gone = try OdshProcess.run([v2, "-c", "BusinessPartnerSet('\(id)')"])
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("404"))
    }

    @Test("exit statuses: 2 unknown name, 1 server error, 3 unreachable, 4 invalid metadata; the first failure ends a script")
    func exits() throws {
        let unknown = try OdshProcess.run([try Self.v4(), "-c", "Customers where Contry = 'UK'"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean Country"))
        let server = try OdshProcess.run([try Self.v4(), "-c", "get /Nope"])
        #expect(server.status == 1)
        let refused = try OdshProcess.run(["http://127.0.0.1:9/svc/", "-c", "Customers"])
        #expect(refused.status == 3)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-bad-\(getpid()).xml")
        try "<edmx:Edmx".write(to: dir, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dir) }
        let invalid = try OdshProcess.run(["--metadata", dir.path, try Self.v4(), "-c", "Customers"])
        #expect(invalid.status == 4)
        let script = try OdshProcess.run([try Self.v4(), "-o", "ndjson", "-c", "Nope; Customers top 1"])
        #expect(script.status == 2 && script.stdout.isEmpty, "the first failing statement stops the run")
        let goOn = try OdshProcess.run([try Self.v4(), "-o", "ndjson", "--continue-on-error", "-c", "Nope; Customers top 1"])
        #expect(goOn.status == 2 && goOn.stdout.split(separator: "\n").count == 1)
        let stdin = try OdshProcess.run([try Self.v4(), "-o", "ndjson"], stdin: "Customers top 1\nOrders top 2\n")
        #expect(stdin.status == 0 && stdin.stdout.split(separator: "\n").count == 3)
    }
}

extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
