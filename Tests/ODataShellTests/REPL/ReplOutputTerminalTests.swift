import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// The interactive shell's output in a real terminal (tmux): wide text in line, nested rows, `.set expanded auto`,
/// `.show` wrapping to the terminal, `.output FILE`.
@Suite("REPL output in a terminal", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct ReplOutputTerminalTests {
    let home = TemporaryDirectory()

    /// The shell on `path` of the V4 reference server, in a terminal `width` columns wide.
    func start(_ path: String, width: Int) throws -> TerminalSession {
        let url = try ReferenceServers.baseURL(.v4) + path
        let env = "env -u LC_ALL -u LC_CTYPE -u PAGER -u LESS -u NO_COLOR LANG=C.UTF-8 HOME=\(home.path) "
            + "XDG_STATE_HOME=\(home.path)/state XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache"
        let s = try TerminalSession("\(env) \(TerminalSession.odsh!) \(url)", width: width, height: 50)
        try s.waitForLastLine(prompt(path), timeout: 20)
        return s
    }

    func prompt(_ path: String) -> String { "odsh:\(path.split(separator: "/").last!)>" }

    func run(_ s: TerminalSession, _ line: String) throws {
        try s.type(line)
        try s.press("Enter")
    }

    /// Display columns before `needle` in `line`.
    func column(of needle: String, in line: String) -> Int? {
        line.range(of: needle).map { DisplayWidth.of(String(line[..<$0.lowerBound])) }
    }

    @Test("CJK text and emoji sequences keep every later column in line; cutting keeps whole characters")
    func wideText() throws {
        let id = Int.random(in: 30000..<40000) * 3
        let values = [("日本語テスト", "😀👍🏽 ok"), ("été 🇯🇵 👨‍👩‍👧", "plain"), ("ascii", "1️⃣ key")]
        let catalog = try ReferenceServers.baseURL(.v4) + "/catalog/"
        let created = try OdshProcess.run([catalog] + values.enumerated().flatMap { i, v in
            ["-c", "create Products {ID: \(id + i), Name: '\(v.0)', Description: '\(v.1)', Price: \(i + 1)0.5}"]
        })
        #expect(created.status == 0, "\(created.stderr)")
        defer { _ = try? OdshProcess.run([catalog] + (0..<3).flatMap { ["-c", "delete Products(\(id + $0))"] }) }

        let s = try start("/catalog/", width: 100)
        try run(s, "Products where ID ge \(id) and ID le \(id + 2) select ID, Name, Description, Price")
        let screen = try s.waitFor("the rows") { $0.contains { $0.hasPrefix("3 rows") } }
        let header = try #require(screen.first { $0.contains("ID  Name") && $0.contains("Description") })
        let description = try #require(column(of: "Description", in: header))
        let priceEnd = try #require(column(of: "Price", in: header)) + 5
        for (i, v) in values.enumerated() {
            let line = try #require(screen.first { $0.hasPrefix("\(id + i)") }, "row \(i)")
            #expect(column(of: v.1, in: line) == description, "\(line)")
            #expect(DisplayWidth.of(line) == priceEnd, "the price ends under its heading: \(line)")
        }
        // Narrow: the name is cut with an ellipsis between whole characters, the columns still in line.
        try s.press("C-l")
        try s.resize(width: 30, height: 50)
        try run(s, "Products where ID ge \(id) and ID le \(id + 2) select ID, Name, Description")
        let narrow = try s.waitFor("the narrow rows") { $0.contains { $0.hasPrefix("3 rows") } }
        let first = try #require(narrow.first { $0.hasPrefix("\(id)") })
        #expect(first.contains("日本語テ…"), "\(narrow)")
        let narrowHeader = try #require(narrow.first { $0.contains("ID  Name") && $0.contains("Description") })
        #expect(column(of: "😀👍🏽 ok", in: first) == column(of: "Description", in: narrowHeader), "\(narrow)")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test("nested rows, expanded auto with its note, expanded off, .show wrapping to the terminal")
    func nestedAndExpanded() throws {
        let s = try start("/northwind/", width: 60)
        try run(s, "Orders where OrderID le 10249 select OrderID, CustomerID expand Order_Details(select ProductID, Quantity)")
        let nested = try s.waitFor("the nested rows") { $0.contains { $0.hasPrefix("2 rows") } }
        #expect(nested.contains("  10248  VINET       3 rows"), "\(nested)")
        #expect(nested.contains("  ↳ Order_Details"))
        #expect(nested.contains("    ProductID  Quantity  OrderID"))
        #expect(nested.contains("           72         5    10248"))
        try s.press("C-l")
        try run(s, "Customers top 1")
        let auto = try s.waitFor("the records") { $0.contains { $0.hasPrefix("1 row") } }
        #expect(auto.contains("(too wide: records shown; .set expanded off for the table)"), "\(auto)")
        #expect(auto.contains { $0.hasPrefix("-[ RECORD 1 ]") })
        try s.press("C-l")
        try run(s, ".set expanded off")
        try run(s, "Customers top 1")
        let off = try s.waitFor("the table") { $0.contains { $0.hasPrefix("1 row") } }
        #expect(off.contains { $0.hasPrefix("CustomerID  CompanyName") }, "\(off)")
        #expect(!off.contains { $0.contains("RECORD") })
        // .show wraps a long value to the terminal, under its own column.
        try s.press("C-l")
        try run(s, "Employees top 1 select EmployeeID, Notes")
        try s.waitFor("the employee") { $0.contains { $0.hasPrefix("1 row") } }
        try s.press("C-l")
        try run(s, ".show 1")
        let shown = try s.waitFor("the record") { $0.contains { $0.hasPrefix("Notes") } && $0.last(where: { !$0.isEmpty }) == "odsh:northwind>" }
        let notes = shown.drop { !$0.hasPrefix("Notes") }.prefix { $0.hasPrefix("Notes") || $0.hasPrefix("           │") }
        #expect(notes.count > 2, "\(shown)")
        #expect(notes.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(notes)")
        #expect(notes.joined(separator: " ").contains("Education includes a BA"), "\(notes)")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test(".output FILE takes the results, errors stay on the screen, .output alone brings them back")
    func output() throws {
        let file = home.path + "/results.csv"
        let s = try start("/northwind/", width: 100)
        try run(s, ".output \(file)")
        try s.waitForLine("results go to \(file) (.output alone: back to the terminal)")
        try run(s, ".format csv")
        try run(s, "Shippers select ShipperID, CompanyName")
        try run(s, "Shippers select Nope")
        try s.waitFor("the error") { $0.contains { $0.contains("Shipper has no property Nope") } }
        try run(s, ".output")
        try run(s, ".output /no/such/dir/x")
        try s.waitForLine("odsh: cannot open /no/such/dir/x for output: No such file or directory")
        try run(s, "count Shippers")
        let screen = try s.waitForLine("3")
        #expect(!screen.contains { $0.contains("Speedy Express") }, "the rows went to the file: \(screen)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text == "ShipperID,CompanyName\r\n1,Speedy Express\r\n2,United Package\r\n3,Federal Shipping\r\n", "\(text)")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }
}
