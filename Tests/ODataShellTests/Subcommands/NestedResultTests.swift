import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// Results with nested data in every human format, `.set expanded`, `.show` and `.output`, in scripts against
/// odatapy's Northwind and catalog.
@Suite("nested results, expanded, .show and .output", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct NestedResultTests {
    static func northwind() throws -> String { try ReferenceServers.baseURL(.v4) + "/northwind/" }
    static func catalog() throws -> String { try ReferenceServers.baseURL(.v4) + "/catalog/" }
    static let order = "Orders where OrderID le 10249 select OrderID, CustomerID expand Order_Details(select ProductID, Quantity)"

    func run(_ format: String, _ statements: [String], columns: Int = 120, service: String? = nil) throws -> OdshProcess.Result {
        let r = try OdshProcess.run([try service ?? Self.northwind(), "-o", format] + statements.flatMap { ["-c", $0] },
                                    environment: ["COLUMNS": "\(columns)"])
        #expect(r.status == 0, "\(r.stderr)")
        return r
    }

    @Test("table: an expanded collection's rows follow their row as an indented table")
    func table() throws {
        let lines = try run("table", [Self.order]).stdout.components(separatedBy: "\n")
        #expect(lines[0] == "OrderID  CustomerID  Order_Details", "\(lines)")
        #expect(lines[2] == "  10248  VINET       3 rows")
        #expect(lines[3] == "  ↳ Order_Details")
        #expect(lines[4] == "    ProductID  Quantity  OrderID")
        #expect(lines[6] == "           11        12    10248")
        #expect(lines[9] == "  10249  TOMSP       2 rows")
        #expect(lines.contains("           51        40    10249"))
    }

    @Test("vertical: nested records under the collection's line")
    func vertical() throws {
        let out = try run("vertical", [Self.order]).stdout
        #expect(out.contains("Order_Details │ 3 rows\n  -[ Order_Details 1 ]"), "\(out)")
        #expect(out.contains("  ProductID │ 72\n  Quantity  │ 5\n"), "\(out)")
    }

    @Test("csv: collections are JSON text in one cell; complex values are columns")
    func csv() throws {
        let out = try run("csv", [Self.order]).stdout
        let first = try #require(out.components(separatedBy: "\r\n").dropFirst().first)
        #expect(first.hasPrefix("10248,VINET,\"["), "\(first)")
        let cell = String(first.dropFirst("10248,VINET,".count)).dropFirst().dropLast().replacingOccurrences(of: "\"\"", with: "\"")
        let details = try #require(try JSONSerialization.jsonObject(with: Data(cell.utf8)) as? [[String: Any]])
        #expect(details.map { $0["ProductID"] as? Int } == [11, 42, 72])
        let tags = try run("csv", ["Products(1) select ID, Tags, ShipFrom"], service: Self.catalog()).stdout
        #expect(tags == "ID,Tags,ShipFrom/City,ShipFrom/Country\r\n1,\"[\"\"heavy\"\",\"\"iron\"\"]\",Chennai,IN\r\n", "\(tags)")
    }

    @Test(".set expanded: auto turns a table too wide into records with a note; off keeps it; on always records")
    func expanded() throws {
        let q = "Customers top 1 select CustomerID, CompanyName, ContactName, Address"
        let auto = try run("table", [q], columns: 40).stdout
        #expect(auto.hasPrefix("(too wide: records shown; .set expanded off for the table)\n-[ RECORD 1 ]"), "\(auto)")
        let off = try run("table", [".set expanded off", q], columns: 40).stdout
        #expect(off.hasPrefix("CustomerID  CompanyName"), "\(off)")
        #expect(!off.contains("RECORD"))
        let on = try run("table", [".set expanded on", "Shippers top 1"]).stdout
        #expect(on.hasPrefix("-[ RECORD 1 ]"), "\(on)")
        let bad = try OdshProcess.run([try Self.northwind(), "-c", ".set expanded sometimes"])
        #expect(bad.status == 2 && bad.stderr.contains("expanded takes auto, on or off, not sometimes"), "\(bad.stderr)")
    }

    @Test(".show: the last result in full, one row, one value; wrong rows and names are usage errors")
    func show() throws {
        // The table cuts the name to fit 30 columns; .show has it whole (wrapped only on a terminal).
        let r = try run("table", ["Customers top 2 select CustomerID, CompanyName", ".show 2", ".show 1 CompanyName", ".show"], columns: 30)
        #expect(r.stdout.contains("ANATR       Ana Trujillo Empa…\n"), "\(r.stdout)")
        #expect(r.stdout.contains("2 rows\n-[ RECORD 2 ]--------------------\nCustomerID  │ ANATR\n"
                                  + "CompanyName │ Ana Trujillo Emparedados y helados\nAlfreds Futterkiste\n-[ RECORD 1 ]"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("-[ RECORD 2 ]--------------------\nCustomerID  │ ANATR\nCompanyName │ Ana Trujillo Emparedados y helados\n"))
        let nested = try run("table", [Self.order, ".show 1 Order_Details"]).stdout
        #expect(nested.hasSuffix("ProductID  Quantity  OrderID\n─────────  ────────  ───────\n       11        12    10248\n"
                                 + "       42        10    10248\n       72         5    10248\n"), "\(nested)")
        // One value whole: its line breaks are line breaks (the table shows them as ⏎).
        let id = Int.random(in: 40000..<50000)
        let lines = try run("table", ["create Products {ID: \(id), Name: 'lines', Description: \"first\\nsecond\"}", ".show 1 Description",
                                      "delete Products(\(id))"], service: Self.catalog()).stdout
        #expect(lines.contains("first⏎second"), "\(lines)")
        #expect(lines.contains("1 row\nfirst\nsecond\n"), "\(lines)")
        let wrong = try OdshProcess.run([try Self.northwind(), "-c", "Shippers top 1", "-c", ".show 3"])
        #expect(wrong.status == 2 && wrong.stderr.contains("the last result has 1 row: .show 1"), "\(wrong.stderr)")
        let name = try OdshProcess.run([try Self.northwind(), "-c", "Shippers top 1", "-c", ".show 1 Phon"])
        #expect(name.status == 2 && name.stderr.contains("row 1 has no Phon (did you mean Phone?)"), "\(name.stderr)")
    }

    @Test(".output FILE: results go to the file in the format set, without colour; .output alone: back to stdout")
    func output() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/out.txt"
        let r = try OdshProcess.run([try Self.northwind(), "-o", "table", "--color", "always",
                                     "-c", ".output \(file)", "-c", "Shippers top 1 select ShipperID, CompanyName",
                                     "-c", ".format csv", "-c", "Shippers top 1 select ShipperID", "-c", ".output", "-c", "Shippers top 1 select ShipperID"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "results go to \(file) (.output alone: back to the terminal)\nShipperID\r\n1\r\n", "\(r.stdout)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text == "ShipperID  CompanyName\n─────────  ──────────────\n        1  Speedy Express\n1 row\nShipperID\r\n1\r\n", "\(text)")
        let bad = try OdshProcess.run([try Self.northwind(), "--continue-on-error", "-c", ".output \(dir.path)/no/such/file", "-c", "count Shippers"])
        #expect(bad.status == 2, "\(bad.stderr)")
        #expect(bad.stderr.contains("cannot open \(dir.path)/no/such/file for output: No such file or directory"), "\(bad.stderr)")
        #expect(bad.stdout == "3\n", "the script goes on, to stdout")
        // A file that cannot take the results (a full disk) is an error, and results go to stdout again.
        let full = try OdshProcess.run([try Self.northwind(), "-o", "csv", "--continue-on-error", "-c", ".output /dev/full", "-c", "Shippers",
                                        "-c", "count Shippers"])
        #expect(full.status == 2, "\(full.stderr)")
        #expect(full.stderr.contains("cannot write /dev/full: No space left on device; results go to the terminal again"), "\(full.stderr)")
        #expect(full.stdout.hasSuffix("\n3\n"), "\(full.stdout)")
    }
}
