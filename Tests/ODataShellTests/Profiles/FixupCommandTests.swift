import Foundation
import Testing

/// Metadata fix-ups from the command line and from profiles: applied after every load, shown by describe, and
/// a fix that names a missing element is a usage error (exit 2) with suggestions.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("corpus", SharedCorpus.isAvailable, "corpus not found (set ODSH_SHARED)"))
struct FixupCommandTests {
    let xdg = TestXDG()

    func write(_ text: String, _ name: String) throws -> String {
        let path = xdg.root.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func describeShowsWhatWasFixed() throws {
        let fix = try write("# local fixes\nNorthwindModel.Order/Freight: Scale=2 Precision=19\nCustomers/CompanyName: MaxLength=40 sap:label=\"Company\"\n", "nw.fix")
        let text = try xdg.odsh(["metadata", "describe", SharedCorpus.metadata("northwind-v4.xml"), "Orders", "--metadata-fix", fix])
        #expect(text.status == 0, "\(text.stderr)")
        let freight = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Freight ") })
        #expect(freight.contains("Edm.Decimal(19,2)") && freight.hasSuffix("fixed: Precision, Scale"))
        let json = try xdg.odsh(["metadata", "describe", "--json", SharedCorpus.metadata("northwind-v4.xml"), "Customers", "--metadata-fix", fix])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let properties = (object?["type"] as? [String: Any])?["properties"] as? [[String: Any]]
        let company = properties?.first { $0["name"] as? String == "CompanyName" }
        #expect(company?["fixedFacets"] as? [String] == ["MaxLength", "sap:label"])
        #expect(company?["maxLength"] as? String == "40" && (company?["sap"] as? [String: String])?["label"] == "Company")
    }

    @Test func aFixForAMissingElementExits2WithSuggestions() throws {
        let fix = try write("Customers/CompnyName: MaxLength=40\n", "bad.fix")
        let r = try xdg.odsh(["metadata", "summary", SharedCorpus.metadata("northwind-v4.xml"), "--metadata-fix", fix])
        #expect(r.status == 2)
        #expect(r.stderr == "odsh: metadata fix \(fix):1: NorthwindModel.Customer has no property CompnyName (did you mean Customers/CompanyName?)\n")
        let missingType = try write("Custmers: sap:label=\"x\"\n", "type.fix")
        let t = try xdg.odsh(["metadata", "summary", SharedCorpus.metadata("northwind-v4.xml"), "--metadata-fix", missingType])
        #expect(t.status == 2 && t.stderr.contains("no entity set, singleton, entity type or complex type named Custmers")
                && t.stderr.contains("did you mean Customers"))
    }

    @Test func aProfilesLocalMetadataAndFixupNeedNoServer() throws {
        let fix = try write("Orders/Freight: Scale=4\n", "p.fix")
        let add = try xdg.odsh(["profile", "add", "local", "http://127.0.0.1:9/svc/", "--metadata", SharedCorpus.metadata("northwind-v4.xml"),
                                "--metadata-fix", fix])
        #expect(add.status == 0, "\(add.stderr)")
        let r = try xdg.odsh(["metadata", "describe", "local", "Orders"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("fixed: Scale"))
        let bad = try write("Orders/Fright: Scale=4\n", "p2.fix")
        let flag = try xdg.odsh(["metadata", "describe", "local", "Orders", "--metadata-fix", bad])
        #expect(flag.status == 2 && flag.stderr.contains("did you mean Orders/Freight?"), "the option wins over the profile's file")
        let shell = try xdg.odsh(["local", "--dry-run", "-c", "Orders top 1"])
        #expect(shell.stdout == "GET http://127.0.0.1:9/svc/Orders?$top=1\n", "\(shell.stderr)")
    }
}
