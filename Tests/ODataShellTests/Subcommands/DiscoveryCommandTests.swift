import Foundation
import Testing
@testable import ODataShell
import ODataClient
import TestSupport

/// `odsh services`, `odsh SYSTEM SERVICE` and `odsh verify` against mock-sap's Gateway catalog and services.
@Suite("odsh services and verify against mock-sap", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct DiscoveryCommandTests {
    static func base() throws -> String { try ReferenceServers.baseURL(.v2) }

    @Test("a system with only the V4 catalog: its service groups listed, a service opened by its ServiceId")
    func v4Catalog() throws {
        let base = "http://127.0.0.1:\(try FixtureServers.port("v4-catalog"))"
        let r = try OdshProcess.run(["services", base + "/", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("odsh: note: no V2 catalog"), "\(r.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2 && rows.allSatisfy { $0["catalog"] as? String == "V4" }, "\(rows)")
        let so = try #require(rows.first { $0["technicalName"] as? String == "API_SALES_ORDER" })
        #expect(so["version"] as? String == "1" && so["group"] as? String == "API_SALES_ORDER")
        #expect(so["url"] as? String == base + "/sap/opu/odata4/sap/api_sales_order/srvd_a2x/sap/salesorder/0001/")
        let opened = try OdshProcess.run([base, "API_SALES_ORDER", "--no-cache", "-o", "ndjson", "-c", "SalesOrders select Name"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.split(separator: "\n").count == 2 && opened.stdout.contains("\"Name\":\"First\""), "\(opened.stdout)")
    }

    @Test("services lists the V2 catalog, notes the missing V4 one, and filters by text")
    func listing() throws {
        let r = try OdshProcess.run(["services", try Self.base() + "/"], environment: ["COLUMNS": "200"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("TECHNICAL NAME"))
        let gw = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("GWSAMPLE_BASIC ") })
        let gwURL = try Self.base() + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
        #expect(gw.contains(" 1  V2 ") && gw.hasSuffix(gwURL), "\(gw)")
        #expect(r.stdout.contains("API_BUSINESS_PARTNER_SRV"))
        #expect(r.stderr.contains("odsh: note: no V4 catalog: HTTP 404"), "\(r.stderr)")

        let filtered = try OdshProcess.run(["services", try Self.base(), "partner", "--v2", "--json"])
        #expect(filtered.status == 0, "\(filtered.stderr)")
        #expect(filtered.stderr.isEmpty, "only the V2 catalog was asked for: \(filtered.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(filtered.stdout.utf8)) as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["technicalName"] as? String }) == ["API_BUSINESS_PARTNER_SRV", "api_businesspartner"])
        #expect(rows.allSatisfy { $0["catalog"] as? String == "V2" && ($0["url"] as? String)?.hasSuffix("/") == true })

        let none = try OdshProcess.run(["services", try Self.base(), "NO_SUCH_THING", "--v2"])
        #expect(none.status == 0 && none.stdout.hasSuffix("0 services\n"), "\(none.stdout)")
        // Only the V4 catalog, which mock-sap lacks: nothing could be read, a service error.
        let v4 = try OdshProcess.run(["services", try Self.base(), "--v4"])
        #expect(v4.status == 1 && v4.stderr.contains("404"), "\(v4.status) \(v4.stderr)")
        let both = try OdshProcess.run(["services", try Self.base(), "--v2", "--v4"])
        #expect(both.status == 2 && both.stderr.contains("--v2 and --v4 exclude each other"))
    }

    @Test("a system profile opens GWSAMPLE_BASIC by its technical name; an unknown name is a usage error")
    func openByTechnicalName() throws {
        let xdg = TestXDG()
        try FileManager.default.createDirectory(atPath: (xdg.configFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let config = "[profile.gw]\nurl = \"\(try Self.base())/\"\n\n[profile.gw.services]\nsample = \"GWSAMPLE_BASIC\"\n"
            + "bypath = \"/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/\"\n"
        try config.write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
        let r = try xdg.odsh(["gw", "gwsample_basic", "-o", "json", "-c", "ProductSet where ProductID = 'HT-1000' select ProductID, Category"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"ProductID\": \"HT-1000\"") || r.stdout.contains("\"ProductID\":\"HT-1000\""), "\(r.stdout)")
        let unknown = try xdg.odsh(["gw", "NO_SUCH_SRV", "-c", "ProductSet top 1"])
        #expect(unknown.status == 2, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("NO_SUCH_SRV: no service of that technical name"), "\(unknown.stderr)")
        // The profile's aliases: one for a technical name, one for a path on the system.
        for alias in ["sample", "bypath"] {
            let a = try xdg.odsh(["gw", alias, "-o", "csv", "-c", "ProductSet where ProductID = 'HT-1000' select ProductID"])
            #expect(a.status == 0 && a.stdout == "ProductID\r\nHT-1000\r\n", "\(alias): \(a.stdout) \(a.stderr)")
        }
        let show = try xdg.odsh(["profile", "show", "gw"])
        #expect(show.stdout.contains("service") && show.stdout.contains("sample = GWSAMPLE_BASIC"), "\(show.stdout)")
        // A URL on the system works as well as a profile.
        let byURL = try OdshProcess.run([try Self.base(), "GWSAMPLE_BASIC", "-o", "csv", "-c", "ProductSet where ProductID = 'HT-1000' select ProductID"])
        #expect(byURL.status == 0 && byURL.stdout.contains("HT-1000"), "\(byURL.stderr)")
    }

    @Test("verify reads every entity set: exit 0 when all answer, 1 when one fails")
    func verify() throws {
        let gw = try Self.base() + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
        let ok = try OdshProcess.run(["verify", gw])
        #expect(ok.status == 0, "\(ok.stderr)")
        for set in ["BusinessPartnerSet", "ContactSet", "ProductSet", "SalesOrderSet", "SalesOrderLineItemSet"] {
            #expect(ok.stdout.split(separator: "\n").contains { $0.hasPrefix(set + " ") && $0.contains(" OK ") && $0.contains(" 200 ") },
                    "\(set): \(ok.stdout)")
        }
        #expect(ok.stdout.hasSuffix("5 OK, 0 failed, 0 skipped\n"), "\(ok.stdout)")

        // Sets read side by side give the same report, in the metadata's order, as sets read one after another.
        func outcomes(_ jobs: String) throws -> [String] {
            let run = try OdshProcess.run(["verify", gw, "--json", "--jobs", jobs])
            #expect(run.status == 0, "\(run.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let sets = try #require(json["entitySets"] as? [[String: Any]])
            return sets.map { "\($0["name"] ?? "?") \($0["result"] ?? "?") \($0["status"] ?? "?")" }
        }
        let oneByOne = try outcomes("1")
        #expect(oneByOne.count == 5)
        #expect(try outcomes("5") == oneByOne)
        #expect(try OdshProcess.run(["verify", gw, "--jobs", "0"]).status == 2)

        // One set of another service fails once (a fault rule of mock-sap's, used up by the probe).
        let service = try Self.base() + "/sap/opu/odata/sap/API_MATERIAL_DOCUMENT_SRV/"
        let rule = #"{"method":"GET","match":"API_MATERIAL_DOCUMENT_SRV/A_MaterialDocumentItem$","status":500,"count":1,"message":"injected for odsh verify"}"#
        _ = try HTTPClient().send(HTTPRequest(method: .post, url: try Self.base() + "/_mock/faults",
                                              headers: ["Content-Type": "application/json"], body: Data(rule.utf8)))
        let failing = try OdshProcess.run(["verify", service, "--json", "--top", "2"])
        #expect(failing.status == 1, "\(failing.stdout) \(failing.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(failing.stdout.utf8)) as? [String: Any])
        #expect(json["failed"] as? Int == 1 && json["ok"] as? Int == 1)
        let sets = try #require(json["entitySets"] as? [[String: Any]])
        let item = try #require(sets.first { $0["name"] as? String == "A_MaterialDocumentItem" })
        #expect(item["result"] as? String == "FAIL" && item["status"] as? Int == 500)
        #expect((item["detail"] as? String)?.contains("injected for odsh verify") == true, "\(item)")
        #expect(try OdshProcess.run(["verify", service, "--top", "0"]).status == 2)
    }
}

extension DiscoveryCommandTests {
    @Test("an SAP error comes with a hint: a service that is not there points to /IWFND/MAINT_SERVICE")
    func sapHints() throws {
        let r = try OdshProcess.run([try Self.base() + "/sap/opu/odata/sap/ZNOT_THERE_SRV/", "-c", "Orders top 1"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("HTTP 404 Not Found"), "\(r.stderr)")
        #expect(r.stderr.contains("odsh: hint: the service is not active (or not registered) on this system: activate it in /IWFND/MAINT_SERVICE"),
                "\(r.stderr)")
        let missing = try OdshProcess.run([try Self.base() + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/", "-c", "ProductSet('NO-SUCH')"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("odsh: hint: details in /IWFND/ERROR_LOG (transaction id "), "\(missing.stderr)")
    }
}
