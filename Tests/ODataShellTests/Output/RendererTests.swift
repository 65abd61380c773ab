import Foundation
import ODataClient
import ODataModel
import Testing
@testable import ODataShell

/// Every output format on the same rows: table fitting, null apart from empty, numbers right, CSV quoting, JSON.
@Suite("Renderers", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
struct RendererTests {
    final class Collected {
        var out = ""
        var notes = ""
        lazy var output = TextOutput(write: { self.out += $0 }, writeNote: { self.notes += $0 })
    }

    /// A Northwind customer with these four properties set (the others unset).
    static func customer(_ id: String, _ name: String, _ city: String?, _ fax: String?) throws -> EntityValue {
        let doc = try TestModels.document("northwind-v4")
        let set = try doc.entitySet(withName: "Customers")
        let t = set.entityType
        let e = EntityValue.ofType(t, in: set)
        try t.property(withName: "CustomerID").setStringValue(in: e, to: id)
        try t.property(withName: "CompanyName").setStringValue(in: e, to: name)
        let c = try t.property(withName: "City")
        if let city = city { try c.setStringValue(in: e, to: city) } else { try c.setNullValue(in: e) }
        let f = try t.property(withName: "Fax")
        if let fax = fax { try f.setStringValue(in: e, to: fax) } else { try f.setNullValue(in: e) }
        return e
    }

    static func customers() throws -> [EntityValue] {
        [try customer("ALFKI", "Alfreds Futterkiste", "Berlin", ""),
         try customer("AROUT", "Around the Horn, \"Ltd\"", nil, "(171) 555-6750")]
    }

    static func render(_ format: ShellSettings.OutputFormat, width: Int = 120) throws -> Collected {
        let c = Collected()
        let r = ResultRenderers.make(format, terminalWidth: width, color: false, footer: true, out: c.output)
        for e in try customers() { try r.entity(e) }
        try r.finish(ResultSummary(rows: 2, morePages: true, limited: false, count: 91, elapsedMilliseconds: nil))
        return c
    }

    @Test("table: aligned columns, null apart from empty, footer with count and more pages")
    func table() throws {
        let c = try Self.render(.table)
        let lines = c.out.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("CustomerID  CompanyName"))
        #expect(lines[1].hasPrefix("──────────"))
        #expect(lines[2].contains("Berlin"))
        #expect(lines[3].contains("null"), "a null City shows as null")
        #expect(!lines[2].contains("null"), "an empty Fax is not null")
        #expect(lines.last?.contains("2 rows (of 91)") == true)
        #expect(lines.last?.contains("more: .next shows the next page") == true)
        // Columns line up: the City values start where the City header does.
        let column = try #require(lines[0].range(of: "City")).lowerBound.utf16Offset(in: lines[0])
        #expect(lines[2].range(of: "Berlin")?.lowerBound.utf16Offset(in: lines[2]) == column)
        #expect(lines[3].range(of: "null")?.lowerBound.utf16Offset(in: lines[3]) == column)
    }

    @Test("table: narrow terminals cut long values with an ellipsis, or switch to records")
    func narrow() throws {
        let c = try Self.render(.table, width: 50)
        #expect(c.out.contains("…") || c.out.contains("-[ RECORD 1 ]"))
        for line in c.out.split(separator: "\n") where !line.contains("rows") { #expect(line.count <= 50, "\(line)") }
        let tiny = try Self.render(.table, width: 20)
        #expect(tiny.out.contains("-[ RECORD 1 ]"), "too narrow for columns: vertical records")
    }

    @Test("vertical: one record per block")
    func vertical() throws {
        let c = try Self.render(.vertical)
        #expect(c.out.contains("-[ RECORD 1 ]") && c.out.contains("-[ RECORD 2 ]"))
        #expect(c.out.contains("CompanyName │ Alfreds Futterkiste"))
    }

    @Test("csv: RFC 4180 quoting, a header row, CR LF, empty for null")
    func csv() throws {
        let c = try Self.render(.csv)
        let lines = c.out.components(separatedBy: "\r\n")
        #expect(lines[0].hasPrefix("CustomerID,CompanyName,"))
        #expect(lines[2].contains("\"Around the Horn, \"\"Ltd\"\"\""))
        #expect(c.notes.contains("2 rows"), "the footer goes to stderr for machine formats")
        #expect(!c.out.contains("rows"))
    }

    @Test("json and ndjson parse and keep nulls")
    func json() throws {
        let j = try Self.render(.json)
        let arr = try #require(try JSONSerialization.jsonObject(with: Data(j.out.utf8)) as? [[String: Any]])
        #expect(arr.count == 2)
        #expect(arr[1]["City"] is NSNull)
        #expect(arr[0]["Fax"] as? String == "")
        let n = try Self.render(.ndjson)
        let lines = n.out.split(separator: "\n")
        #expect(lines.count == 2)
        for l in lines { _ = try JSONSerialization.jsonObject(with: Data(l.utf8)) }
    }

    @Test("table streams like psql's FETCH_COUNT: sized from the first page, later rows printed as they come, cut to fit")
    func tableStreams() throws {
        let c = Collected()
        let r = TableRenderer(width: 120, color: false, footer: true, out: c.output)
        for e in try Self.customers() { try r.entity(e) }
        #expect(r.heldRows == 2)
        #expect(c.out.isEmpty, "the first page is held to size the columns")
        try r.pageEnd()
        #expect(r.heldRows == 0)
        let first = c.out.split(separator: "\n").map(String.init)
        #expect(first.count == 4, "header, rule and the two rows: \(first)")
        let nameColumn = try #require(first[1].split(separator: " ", omittingEmptySubsequences: true).dropFirst().first).count
        // Later pages: each row goes out at once, in the same columns; a wider value is cut with the ellipsis.
        for page in 1...3 {
            for i in 0..<5 {
                try r.entity(try Self.customer("C\(page)\(i)", "A company name much wider than the first page's widest one", "Köln", nil))
                #expect(r.heldRows == 0)
            }
            try r.pageEnd()
        }
        try r.finish(ResultSummary(rows: 17, morePages: false, limited: false, count: nil, elapsedMilliseconds: nil))
        let lines = c.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 + 17 + 1)
        #expect(lines.filter { $0.hasPrefix("CustomerID") }.count == 1, "the header is printed once")
        let late = try #require(lines.first { $0.hasPrefix("C10") })
        #expect(late.contains("A company name much wider th".prefix(nameColumn - 1) + "…"), "\(late)")
        let column = try #require(lines[0].range(of: "City")).lowerBound.utf16Offset(in: lines[0])
        #expect(late.range(of: "Köln")?.lowerBound.utf16Offset(in: late) == column)
        #expect(lines.last == "17 rows")
    }

    @Test("table: a service that does not page is sized from its first rows only, so memory stays bounded")
    func tableSizingRows() throws {
        let c = Collected()
        let r = TableRenderer(width: 120, color: false, footer: false, sizingRows: 3, out: c.output)
        for i in 0..<3 { try r.entity(try Self.customer("X\(i)", "Name", "Bonn", nil)) }
        #expect(r.heldRows == 0)
        #expect(c.out.hasPrefix("CustomerID"))
        try r.entity(try Self.customer("LATE1", "Name", "Bonn", nil))
        #expect(c.out.contains("LATE1"))
    }

    // MARK: Column order

    /// Order 10248 with its customer and employee expanded (the properties a service sends for the statement below,
    /// and the order's CustomerID, which it was not asked for).
    static func expandedOrder() throws -> EntityValue {
        let doc = try TestModels.document("northwind-v4")
        let orders = try doc.entitySet(withName: "Orders"), customers = try doc.entitySet(withName: "Customers")
        let employees = try doc.entitySet(withName: "Employees")
        let ot = orders.entityType, ct = customers.entityType, et = employees.entityType
        let o = EntityValue.ofType(ot, in: orders)
        try o.setValue(ot.property(withName: "OrderID"), to: .int(10248))
        try o.setValue(ot.property(withName: "CustomerID"), to: .string("VINET"))
        try o.setValue(ot.property(withName: "ShipCity"), to: .string("Reims"))
        let c = EntityValue.ofType(ct, in: customers)
        try c.setValue(ct.property(withName: "CustomerID"), to: .string("VINET"))
        try c.setValue(ct.property(withName: "CompanyName"), to: .string("Vins et alcools Chevalier"))
        try c.setValue(ct.property(withName: "City"), to: .string("Reims"))
        let e = EntityValue.ofType(et, in: employees)
        try e.setValue(et.property(withName: "EmployeeID"), to: .int(5))
        try e.setValue(et.property(withName: "LastName"), to: .string("Buchanan"))
        try o.setValue(try #require(ot.navigationProperty(named: "Customer")), to: .entity(c))
        try o.setValue(try #require(ot.navigationProperty(named: "Employee")), to: .entity(e))
        return o
    }

    static func renderOrdered(_ format: ShellSettings.OutputFormat, _ statement: String, _ entities: [EntityValue]) throws -> Collected {
        let bound = try Binder.bind(statement, document: try TestModels.document("northwind-v4"))
        let c = Collected()
        let r = ResultRenderers.make(format, terminalWidth: 200, color: false, footer: false, order: bound.columnOrder, out: c.output)
        for e in entities { try r.entity(e) }
        try r.finish(ResultSummary(rows: entities.count, morePages: false, limited: false, count: nil, elapsedMilliseconds: nil))
        return c
    }

    /// The column names each format shows, in order (for JSON: the members, nested ones as Parent/Name).
    static func columns(_ format: ShellSettings.OutputFormat, _ c: Collected) throws -> [String] { try columns(format, c.out) }

    /// The column names in the output of a format, in order: of the first row, record or object.
    static func columns(_ format: ShellSettings.OutputFormat, _ out: String) throws -> [String] {
        switch format {
        case .table: return out.split(separator: "\n")[0].split(separator: " ").map(String.init)
        case .csv: return out.components(separatedBy: "\r\n")[0].components(separatedBy: ",")
        case .vertical:
            let first = out.components(separatedBy: "-[ RECORD 2 ]")[0]
            return first.split(separator: "\n").filter { $0.contains("│") }.map { String($0.split(separator: " ")[0]) }
        case .json, .ndjson:
            // Member names in the order written: a small scan of the first object (no JSON library keeps the order).
            var names: [String] = [], stack: [String] = [], key: String?
            var text = Substring(out.drop(while: { $0 != "{" }).dropFirst())
            while let ch = text.first {
                switch ch {
                case "\"":
                    let end = text.dropFirst().firstIndex(of: "\"")!
                    let str = String(text[text.index(after: text.startIndex)..<end])
                    text = text[text.index(after: end)...]
                    if text.first == ":" { key = str; names.append((stack + [str]).joined(separator: "/")) }
                    continue
                case "{": if let k = key { stack.append(k) }; key = nil
                case "}": if stack.isEmpty { return names }; stack.removeLast()
                default: break
                }
                text = text.dropFirst()
            }
            return names
        }
    }

    @Test("columns follow the select order in every format: selected, then expanded in expand order, then the rest",
          arguments: [ShellSettings.OutputFormat.table, .vertical, .csv, .json, .ndjson])
    func selectOrder(_ format: ShellSettings.OutputFormat) throws {
        let c = try Self.renderOrdered(format, "Orders select ShipCity, OrderID expand Employee(select LastName), Customer(select City, CompanyName)",
                                       [try Self.expandedOrder()])
        let flat = ["ShipCity", "OrderID", "Employee/LastName", "Employee/EmployeeID", "Customer/City", "Customer/CompanyName",
                    "Customer/CustomerID", "CustomerID"]
        let nested = ["ShipCity", "OrderID", "Employee", "Employee/LastName", "Employee/EmployeeID", "Customer", "Customer/City",
                      "Customer/CompanyName", "Customer/CustomerID", "CustomerID"]
        #expect(try Self.columns(format, c) == ([.json, .ndjson].contains(format) ? nested : flat), "\(c.out)")
    }

    @Test("without select: metadata order (properties, then expanded navigation in metadata order)",
          arguments: [ShellSettings.OutputFormat.table, .vertical, .csv, .json, .ndjson])
    func metadataOrder(_ format: ShellSettings.OutputFormat) throws {
        let c = try Self.renderOrdered(format, "Orders expand Employee, Customer", [try Self.expandedOrder()])
        let names = try Self.columns(format, c).filter { $0 != "Customer" && $0 != "Employee" }
        #expect(names == ["OrderID", "CustomerID", "ShipCity", "Customer/CustomerID", "Customer/CompanyName", "Customer/City",
                          "Employee/EmployeeID", "Employee/LastName"], "\(c.out)")
    }

    @Test("a select only inside an expand orders that entity's columns; * stands for the properties not named",
          arguments: [ShellSettings.OutputFormat.csv, .ndjson])
    func nestedAndStar(_ format: ShellSettings.OutputFormat) throws {
        let nested = try Self.renderOrdered(format, "Orders expand Customer(select City, CustomerID)", [try Self.expandedOrder()])
        #expect(try Self.columns(format, nested).filter { $0 != "Customer" && $0 != "Employee" }
                == ["OrderID", "CustomerID", "ShipCity", "Customer/City", "Customer/CustomerID", "Customer/CompanyName",
                    "Employee/EmployeeID", "Employee/LastName"], "\(nested.out)")
        let star = try Self.renderOrdered(format, "Customers select City, *, CustomerID", try Self.customers())
        #expect(try Self.columns(format, star) == ["City", "CompanyName", "Fax", "CustomerID"], "\(star.out)")
        let first = try Self.renderOrdered(format, "Customers select *", try Self.customers())
        #expect(try Self.columns(format, first) == ["CustomerID", "CompanyName", "City", "Fax"])
    }

    @Test("MemberOrder: names first, * for the unnamed properties, navigation never in *, the rest after")
    func memberOrder() {
        let members = [("A", true), ("B", true), ("C", true), ("Nav", false), ("Dyn", true)]
        func arranged(_ names: [String]) -> [String] {
            MemberOrder(names: names).arrange(members, name: { $0.0 }, isProperty: { $0.1 }).map(\.0)
        }
        #expect(arranged([]) == ["A", "B", "C", "Nav", "Dyn"])
        #expect(arranged(["C", "A"]) == ["C", "A", "B", "Nav", "Dyn"])
        #expect(arranged(["C", "*", "A"]) == ["C", "B", "Dyn", "A", "Nav"])
        #expect(arranged(["Nav", "B", "Missing", "B"]) == ["Nav", "B", "A", "C", "Dyn"])
    }

    @Test("csv: the columns come from the first page; one first seen later is left out and named on stderr at the end")
    func csvLateColumns() throws {
        let c = Collected()
        let r = CSVRenderer(footer: false, out: c.output)
        // The first row has a null City and no Fax; the second has both: the first page gives all four columns.
        let first = try Self.customer("ALFKI", "Alfreds Futterkiste", nil, nil)
        let f = try first.entityType.property(withName: "Fax")
        first.unsetValue(for: f)
        try r.entity(first)
        try r.entity(try Self.customer("AROUT", "Around the Horn", "London", "(171) 555-6750"))
        #expect(r.heldRows == 2 && c.out.isEmpty, "the first page is held to find the columns")
        try r.pageEnd()
        #expect(c.out.hasPrefix("CustomerID,CompanyName,City,Fax\r\nALFKI,Alfreds Futterkiste,,\r\nAROUT,"), "\(c.out)")
        // A later page brings a column the header does not have: the row keeps to the header, the column is named.
        let late = try Self.customer("BONAP", "Bon app'", "Marseille", nil)
        try late.entityType.property(withName: "Country").setStringValue(in: late, to: "France")
        try r.entity(late)
        try r.pageEnd()
        try r.finish(ResultSummary(rows: 3, morePages: false, limited: false, count: nil, elapsedMilliseconds: nil))
        #expect(c.out.hasSuffix("BONAP,Bon app',Marseille,\r\n"), "\(c.out)")
        #expect(c.notes == "odsh: warning: csv: columns first seen after the header was written are left out: Country\n")
        // Nothing left out: no warning.
        let plain = try Self.render(.csv)
        #expect(!plain.notes.contains("warning"))
    }

    @Test("vertical, csv, json and ndjson write each page out when it ends")
    func otherFormatsStream() throws {
        for format in [ShellSettings.OutputFormat.vertical, .csv, .json, .ndjson] {
            let c = Collected()
            var flushes = 0
            let output = TextOutput(write: { c.out += $0 }, writeNote: { c.notes += $0 }, flush: { flushes += 1 })
            let r = ResultRenderers.make(format, terminalWidth: 120, color: false, footer: true, out: output)
            try r.entity(try Self.customer("ALFKI", "Alfreds Futterkiste", "Berlin", nil))
            try r.pageEnd()
            #expect(c.out.contains("ALFKI"), "\(format): the first page is out before the second is read")
            #expect(flushes >= 1)
            let before = c.out.count
            try r.entity(try Self.customer("BONAP", "Bon app'", "Marseille", nil))
            try r.pageEnd()
            #expect(c.out.count > before && c.out.contains("BONAP"))
            try r.finish(ResultSummary(rows: 2, morePages: false, limited: false, count: nil, elapsedMilliseconds: nil))
        }
    }
}
