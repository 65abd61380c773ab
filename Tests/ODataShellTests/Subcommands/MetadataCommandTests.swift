import Foundation
import Testing

/// `odsh metadata ...` as a user runs it: output, JSON, warnings and exit codes.
@Suite("odsh metadata", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("corpus", SharedCorpus.isAvailable, "corpus not found at \(SharedCorpus.root.path) (set ODSH_SHARED)"))
struct MetadataCommandTests {
    @Test("summary of a V2 and a V4 document")
    func summary() throws {
        let v2 = try OdshProcess.run(["metadata", "summary", SharedCorpus.metadata("northwind-v2.xml")])
        #expect(v2.status == 0)
        #expect(v2.stdout.contains("OData 2.0"))
        #expect(v2.stdout.contains("entity types        26"))
        let v4 = try OdshProcess.run(["metadata", "summary", "--json", SharedCorpus.metadata("trippin-v4-TripPinServiceRW.xml")])
        #expect(v4.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(v4.stdout.utf8)) as? [String: Any])
        #expect(json["version"] as? String == "4.0")
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts["entityTypes"] == 9 && counts["singletons"] == 1)
    }

    @Test("CSDL JSON reads like CSDL XML")
    func csdlJson() throws {
        let r = try OdshProcess.run(["metadata", "sets", SharedCorpus.metadata("served-odatapy-northwind-v4.json")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Customers") && r.stdout.contains("26 entity sets"))
    }

    @Test("describe shows properties, facets, keys, navigation and SAP labels")
    func describe() throws {
        let r = try OdshProcess.run(["metadata", "describe", SharedCorpus.metadata("served-mocksap-GWSAMPLE_BASIC-v2.xml"), "BusinessPartnerSet"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("key: BusinessPartnerID"))
        #expect(r.stdout.contains("Company Name"))
        #expect(r.stdout.contains("Edm.String(80)"))
        #expect(r.stdout.contains("ToSalesOrders"))
        let j = try OdshProcess.run(["metadata", "describe", "--json", SharedCorpus.metadata("northwind-v2.xml"), "Orders"])
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any])
        let type = try #require(obj["type"] as? [String: Any])
        let navs = try #require(type["navigationProperties"] as? [[String: Any]])
        #expect(navs.contains { $0["name"] as? String == "Customer" && $0["partner"] as? String == "Orders" })
    }

    @Test("an unknown name is a usage error with a suggestion (exit 2)")
    func unknownName() throws {
        let r = try OdshProcess.run(["metadata", "describe", SharedCorpus.metadata("northwind-v4.xml"), "Custmers"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("did you mean Customers"))
        #expect(!r.stderr.contains("Fatal error"))
    }

    @Test("a missing file and a bad option are usage errors (exit 2)")
    func usage() throws {
        #expect(try OdshProcess.run(["metadata", "summary", "/nonexistent/metadata.xml"]).status == 2)
        #expect(try OdshProcess.run(["metadata", "summary", "--no-such-option", "x"]).status == 2)
    }

    @Test("metadata that is not well-formed exits 4 with line:column")
    func notWellFormed() throws {
        let r = try OdshProcess.run(["metadata", "summary", SharedCorpus.metadata("sap-gw-v2-MM_PUR_CNTRL_PO_MAINTAIN_SRV.xml")])
        #expect(r.status == 4)
        #expect(r.stderr.contains(":1:64702:"))
        #expect(r.stderr.split(separator: "\n").count <= 2, "one clear line, not a dump: \(r.stderr)")
    }

    @Test("warnings are listed with path and line:column; --strict turns them into exit 4")
    func strict() throws {
        let name = SharedCorpus.metadata("sap-cloudsdk-faulty-test-service.xml")
        let lenient = try OdshProcess.run(["metadata", "summary", name])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("warning: API_TEST_SRV.A_TestEntityType/ComplexTypeProperty"))
        #expect(lenient.stderr.contains(":10:"))
        let strict = try OdshProcess.run(["metadata", "summary", "--strict", name])
        #expect(strict.status == 4)
        let quiet = try OdshProcess.run(["metadata", "summary", "-q", name])
        #expect(quiet.stderr.isEmpty)
    }

    @Test("the Entity Framework designer file is refused with exit 4")
    func efDesigner() throws {
        let r = try OdshProcess.run(["metadata", "summary", SharedCorpus.metadata("ef-designer-NorthwindModel.edmx")])
        #expect(r.status == 4)
        #expect(r.stderr.contains("Entity Framework designer"))
    }

    @Test("external entities and DTDs are never loaded; an entity bomb fails fast")
    func noEntities() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-xxe-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let secret = dir.appendingPathComponent("secret.txt")
        try "TOP-SECRET".write(to: secret, atomically: true, encoding: .utf8)
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE edmx:Edmx [ <!ENTITY xxe SYSTEM "file://\(secret.path)"> ]>
            <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>
            <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="X"><EntityType Name="T">
            <Key><PropertyRef Name="id"/></Key><Property Name="id" Type="Edm.String" DefaultValue="&xxe;"/></EntityType>
            </Schema></edmx:DataServices></edmx:Edmx>
            """
        let f1 = dir.appendingPathComponent("xxe.xml")
        try xxe.write(to: f1, atomically: true, encoding: .utf8)
        let r1 = try OdshProcess.run(["metadata", "describe", f1.path, "X.T"])
        #expect(!r1.stdout.contains("TOP-SECRET") && !r1.stderr.contains("TOP-SECRET"))
        #expect(r1.status == 4)
        var bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE edmx:Edmx [ <!ENTITY a \"aaaaaaaaaa\">"
        for i in 1...9 { bomb += "<!ENTITY \(Character(UnicodeScalar(97 + i)!)) \"" + String(repeating: "&\(Character(UnicodeScalar(96 + i)!));", count: 10) + "\">" }
        bomb += "]>\n<edmx:Edmx xmlns:edmx=\"http://docs.oasis-open.org/odata/ns/edmx\" Version=\"4.0\"><edmx:DataServices>"
        bomb += "<Schema xmlns=\"http://docs.oasis-open.org/odata/ns/edm\" Namespace=\"X\"><Annotations Target=\"X\"><Annotation Term=\"X.T\" String=\"&j;\"/></Annotations></Schema></edmx:DataServices></edmx:Edmx>"
        let f2 = dir.appendingPathComponent("bomb.xml")
        try bomb.write(to: f2, atomically: true, encoding: .utf8)
        // Refused, not expanded: expanding a billion entities would outlast the minute this run is given.
        let r2 = try OdshProcess.run(["metadata", "summary", f2.path], timeout: 60)
        #expect(r2.status == 4)
    }
}
