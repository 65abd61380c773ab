import Foundation
import Testing

/// `odsh metadata find` and `.find`: names, SAP labels and descriptions of the whole model, ranked.
@Suite("model search", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("corpus", SharedCorpus.isAvailable, "corpus not found at \(SharedCorpus.root.path) (set ODSH_SHARED)"))
struct ModelSearchCommandTests {
    static func json(_ args: [String]) throws -> [[String: Any]] {
        let r = try OdshProcess.run(["metadata", "find", "--json", "-q"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
    }

    @Test("names first (exact, prefix, word), with kind, owner and type")
    func names() throws {
        let m = try Self.json([SharedCorpus.metadata("northwind-v4.xml"), "ship"])
        let first = m.prefix(3).map { "\($0["kind"]!) \($0["name"]!)" }
        #expect(first == ["entitySet Shippers", "entityType Shipper", "navigationProperty Shipper"])
        let via = try #require(m.first { $0["name"] as? String == "ShipVia" })
        #expect(via["kind"] as? String == "property" && via["owner"] as? String == "NorthwindModel.Order")
        #expect(via["type"] as? String == "Edm.Int32" && via["match"] as? String == "name")
        // Order: exact name before everything else.
        let exact = try Self.json([SharedCorpus.metadata("northwind-v4.xml"), "customer"])
        #expect(exact.first?["name"] as? String == "Customer" && exact.first?["rank"] as? Int == 0)
    }

    @Test("SAP labels (sap:label) of a V2 service; several words")
    func sapLabels() throws {
        let m = try Self.json([SharedCorpus.metadata("served-mocksap-GWSAMPLE_BASIC-v2.xml"), "bus. part."])
        #expect(!m.isEmpty)
        #expect(m.allSatisfy { $0["match"] as? String == "label" })
        #expect(m.contains { $0["name"] as? String == "CustomerID" && $0["label"] as? String == "Bus. Part. ID" })
        let words = try Self.json([SharedCorpus.metadata("served-mocksap-GWSAMPLE_BASIC-v2.xml"), "gross amount"])
        #expect(words.contains { $0["name"] as? String == "GrossAmount" })
    }

    @Test("Common.Label and Core.Description of a V4 service")
    func vocabularies() throws {
        let label = try Self.json([SharedCorpus.metadata("cap-risk-analysis-localService.v1.xml"), "mitigation"])
        #expect(label.contains { $0["name"] as? String == "miti" && $0["match"] as? String == "label"
            && $0["kind"] as? String == "navigationProperty" })
        let described = try Self.json([SharedCorpus.metadata("msgraph-v1.0-cleanMetadata.xml"), "tracked internally"])
        #expect(described.contains { $0["match"] as? String == "description"
            && ($0["description"] as? String)?.contains("tracked internally") == true })
    }

    @Test("text output; nothing found exits 2 with one line")
    func textAndNothing() throws {
        let r = try OdshProcess.run(["metadata", "find", "-q", SharedCorpus.metadata("northwind-v2.xml"), "freight"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("KIND"))
        #expect(r.stdout.contains("property") && r.stdout.contains("NorthwindModel.Order") && r.stdout.contains("Freight"))
        let none = try OdshProcess.run(["metadata", "find", "-q", SharedCorpus.metadata("northwind-v2.xml"), "xyzzy"])
        #expect(none.status == 2)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.split(separator: "\n").count == 1 && none.stderr.contains("xyzzy"))
    }

    @Test(".find in the shell; .describe of a member's name says whose it is")
    func inTheShell() throws {
        let metadata = SharedCorpus.metadata("northwind-v4.xml")
        let r = try OdshProcess.run(["--metadata", metadata, "http://127.0.0.1:9/northwind/", "-c", ".find fax"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("NorthwindModel.Customer") && r.stdout.contains("NorthwindModel.Supplier"))
        let d = try OdshProcess.run(["--metadata", metadata, "http://127.0.0.1:9/northwind/", "-c", ".describe Fax"])
        #expect(d.status == 2)
        #expect(d.stderr.contains("it is a property of NorthwindModel.Customer"))
        let far = try OdshProcess.run(["--metadata", metadata, "http://127.0.0.1:9/northwind/", "-c", ".describe Zzzq"])
        #expect(far.status == 2 && far.stderr.contains(".find Zzzq"))
        let near = try OdshProcess.run(["--metadata", metadata, "http://127.0.0.1:9/northwind/", "-c", ".describe Custmers"])
        #expect(near.status == 2 && near.stderr.contains("did you mean Customers"))
    }
}
