import Foundation
import Testing
import TestSupport

/// Issue 35's smaller faults, one-shot against the reference servers: a write that sets what the metadata says the
/// service does not take is warned about (and still sent); a batch's rows follow the select order; `profile list`
/// in a pipe shows URLs whole.
@Suite("writes, batch columns and listings", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct WritesAndListingsTests {
    static func v4() throws -> String { try ReferenceServers.baseURL(.v4) + "/northwind/" }
    static func sap() throws -> String { try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/" }

    @Test("a create or update setting a property marked sap:creatable/updatable=\"false\" warns, names it and still goes")
    func restrictedWrites() throws {
        let sap = try Self.sap()
        // Requests the service refuses (no such partner; a key it has already), so that its data stays as it is.
        let update = try OdshProcess.run([sap, "--no-cache", "--trace", "-c",
                                          "update BusinessPartnerSet('0199999999') {CompanyName: 'SAP', CreatedAt: 2020-01-01T00:00:00} force"])
        #expect(update.stderr.contains(#"odsh: warning: update sets what the metadata says the service does not change: CreatedAt (sap:updatable="false"); sent as written, the service decides"#),
                "\(update.stderr)")
        #expect(update.stderr.contains("MERGE") && update.stderr.contains("404"), "the request went: \(update.stderr)")
        let create = try OdshProcess.run([sap, "--no-cache", "--trace", "-c",
                                          "create BusinessPartnerSet {BusinessPartnerID: '0100000000', CompanyName: 'SAP', CreatedAt: 2020-01-01T00:00:00, ChangedAt: 2020-01-01T00:00:00}"])
        #expect(create.stderr.contains(#"odsh: warning: create sets what the metadata says the service does not take on create: CreatedAt (sap:creatable="false"), ChangedAt (sap:creatable="false"); sent as written, the service decides"#),
                "\(create.stderr)")
        #expect(create.status != 0 && create.stderr.contains("HTTP POST"), "the request went: \(create.stderr)")
        // Properties the service takes: no warning, and none for the key an update addresses.
        let fine = try OdshProcess.run([sap, "--no-cache", "-c", "update BusinessPartnerSet('0199999999') {CompanyName: 'SAP'} force"])
        #expect(fine.status != 0 && !fine.stderr.contains("warning"), "\(fine.stderr)")
        // A dry run and `.url` print the request without sending it, with the same warning.
        let statement = "update BusinessPartnerSet('0199999999') {CompanyName: 'SAP', CreatedAt: 2020-01-01T00:00:00} force"
        let warning = #"odsh: warning: update sets what the metadata says the service does not change: CreatedAt (sap:updatable="false")"#
        let dry = try OdshProcess.run([sap, "--no-cache", "--dry-run", "-c", statement])
        #expect(dry.status == 0 && dry.stderr.contains(warning) && dry.stdout.contains("MERGE"), "\(dry.stdout)\(dry.stderr)")
        let url = try OdshProcess.run([sap, "--no-cache", "-c", ".url " + statement])
        #expect(url.status == 0 && url.stderr.contains(warning), "\(url.stdout)\(url.stderr)")
    }

    @Test("the rows of a batch follow the select order, in every format")
    func batchColumnOrder() throws {
        let statement = "batch; Customers('ALFKI') select City, CompanyName; Orders(10248) select Freight, OrderID; end"
        let csv = try OdshProcess.run([try Self.v4(), "-o", "csv", "-c", statement])
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.first?.hasPrefix("City,CompanyName") == true, "\(csv.stdout)")
        #expect(lines.contains { $0.hasPrefix("Freight,OrderID") }, "\(csv.stdout)")
        let json = try OdshProcess.run([try Self.v4(), "-o", "ndjson", "-c", statement])
        #expect(json.stdout.contains(#""value":[{"City":"Berlin","CompanyName":"Alfreds Futterkiste""#), "\(json.stdout)")
        let table = try OdshProcess.run([try Self.v4(), "-o", "table", "-c", statement], environment: ["COLUMNS": "120"])
        let rows = table.stdout.split(whereSeparator: \.isNewline).map(String.init)
        #expect(rows.contains { $0.hasPrefix("City    CompanyName") } && rows.contains { $0.hasPrefix("Freight  OrderID") }, "\(table.stdout)")
    }

    @Test("profile list in a pipe shows URLs whole")
    func profileListWhole() throws {
        let xdg = TestXDG()
        let url = "http://127.0.0.1:8401/sap/opu/odata/sap/ZODSH_A_SERVICE_WITH_A_VERY_LONG_TECHNICAL_NAME_SRV/"
        try FileManager.default.createDirectory(atPath: (xdg.configFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "[profile.long]\nurl = \"\(url)\"\n".write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
        let r = try xdg.odsh(["profile", "list"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(url) && !r.stdout.contains("…"), "\(r.stdout)")
    }
}
