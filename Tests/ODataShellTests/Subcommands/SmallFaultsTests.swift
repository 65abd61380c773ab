import Foundation
import Testing
import TestSupport

/// Faults found by using the shell: each one-shot, as a user meets it.
@Suite("small faults", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct SmallFaultsTests {
    static func v4() throws -> String { try ReferenceServers.baseURL(.v4) + "/northwind/" }
    static func v2() throws -> String { try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/" }

    @Test(".settings: names, values and help each in a column")
    func settingsAligned() throws {
        let r = try OdshProcess.run([try Self.v4(), "-c", ".set format csv\n.settings"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 8)
        // The help column starts at the same place on every line.
        let starts = Set(lines.map { line -> Int in
            let afterName = line.dropFirst(2).drop(while: { $0 != " " }).drop(while: { $0 == " " })
            let afterValue = afterName.drop(while: { $0 != " " }).drop(while: { $0 == " " })
            return line.count - afterValue.count
        })
        #expect(starts.count == 1, "\(r.stdout)")
    }

    @Test(".refresh of unchanged metadata prints one line")
    func refreshUnchanged() throws {
        let r = try OdshProcess.run([try Self.v4(), "--no-cache", "-c", ".refresh"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "metadata unchanged\n")
    }

    @Test("count with select is refused before anything is sent; count with where and top still works")
    func countSelect() throws {
        let r = try OdshProcess.run([try Self.v4(), "-c", "count Customers top 1 select CustomerID"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("count takes no select"))
        let e = try OdshProcess.run([try Self.v4(), "-c", "count Orders expand Customer"])
        #expect(e.status == 2 && e.stderr.contains("count takes no expand"))
        let ok = try OdshProcess.run([try Self.v4(), "-c", "count Customers where Country = 'UK'"])
        #expect(ok.status == 0 && ok.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("7"), "\(ok.stdout)")
    }

    @Test("an unknown path segment is neither a property nor a navigation property; suggestions from both")
    func unknownSegment() throws {
        let r = try OdshProcess.run([try Self.v4(), "-c", "Customers('ALFKI')/Foo"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Foo is neither a property nor a navigation property of Customer"))
        let near = try OdshProcess.run([try Self.v4(), "-c", "Customers('ALFKI')/Order"])
        #expect(near.stderr.contains("did you mean Orders"))
    }

    @Test("cache clear of a name that is neither a profile nor cached exits 2")
    func cacheClearUnknown() throws {
        let r = try OdshProcess.run(["cache", "clear", "nope"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no profile named nope"))
        #expect(r.stdout.isEmpty)
        let all = try OdshProcess.run(["cache", "clear"])
        #expect(all.status == 0)
    }

    @Test("dates are checked against the calendar: 2023-02-29 is refused, 2024-02-29 taken")
    func calendarDates() throws {
        for statement in ["Orders where OrderDate = 2023-02-29", "Orders where OrderDate = 2023-02-29T10:00:00Z",
                          "Orders where OrderDate < 1997-04-31"] {
            let r = try OdshProcess.run([try Self.v4(), "--dry-run", "-c", statement])
            #expect(r.status == 2, "\(statement)")
            #expect(r.stderr.contains("is not a valid date"), "\(statement): \(r.stderr)")
        }
        let leap = try OdshProcess.run([try Self.v4(), "--dry-run", "-c", "Orders where OrderDate = 2024-02-29"])
        #expect(leap.status == 0, "\(leap.stderr)")
        let v2 = try OdshProcess.run([try Self.v2(), "--dry-run", "-c", "SalesOrderSet where CreatedAt = 2023-02-29T10:00:00"])
        #expect(v2.status == 2)
    }

    @Test("V2 Edm.DateTime: Z and +02:00 become the same instant in UTC")
    func v2Offsets() throws {
        func sent(_ literal: String) throws -> String {
            let r = try OdshProcess.run([try Self.v2(), "--dry-run", "-c", "SalesOrderSet where CreatedAt = \(literal)"])
            #expect(r.status == 0, "\(literal): \(r.stderr)")
            return r.stdout
        }
        #expect(try sent("2024-03-01T10:00:00Z").contains("datetime%272024-03-01T10:00:00%27"))
        #expect(try sent("2024-03-01T12:00:00+02:00").contains("datetime%272024-03-01T10:00:00%27"))
        #expect(try sent("2024-03-01T01:00:00+02:00").contains("datetime%272024-02-29T23:00:00%27"))
    }
}
