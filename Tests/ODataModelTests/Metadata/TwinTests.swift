import Foundation
import Testing
@testable import ODataModel
import TestSupport

/// The same model written as CSDL XML and as CSDL JSON reads into the same model (compared as a canonical dump).
@Suite("XML and JSON twins", .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct TwinTests {
    static let pairs: [(String, String)] = {
        var out: [(String, String)] = []
        for json in Corpus.files(in: "metadata", withExtension: "json") {
            let stem = String(json.dropLast(5))
            let xml = stem + ".xml"
            if Corpus.files(in: "metadata", withExtension: "xml").contains(xml) { out.append((xml, json)) }
        }
        // Twins whose names differ (see SOURCES.md).
        out.append(("northwind-v4.xml", "served-odatapy-northwind-v4.json"))
        out.append(("oasis-vocab-Org.OData.Core.V1.v2.xml", "oasis-vocab-Org.OData.Core.V1.json"))
        return out
    }()

    /// CSDL JSON written by the reference servers deviates from the spec in one facet each; the deviation is
    /// checked on its own below, and ignored in the whole-model comparison.
    static let knownDeviations: [String: Set<String>] = [
        // odatapy leaves out `$Scale` where the XML has none (0); in CSDL JSON an absent `$Scale` means variable.
        "served-odatapy-northwind-v4.json": ["scale"],
        // mock-sap leaves out `$Nullable: true`; in CSDL JSON an absent `$Nullable` means false.
        "served-mocksap-api_salesorder-v4.json": ["null"],
    ]

    @Test("the reference servers' CSDL JSON deviates exactly where known", arguments: knownDeviations.keys.sorted())
    func knownDeviation(_ json: String) throws {
        let xmlName = json == "served-odatapy-northwind-v4.json" ? "northwind-v4.xml" : "served-mocksap-api_salesorder-v4.xml"
        let xml = CanonicalDump.dump(try MetadataReader.read(file: Corpus.url("metadata", xmlName).path))
        let js = CanonicalDump.dump(try MetadataReader.read(file: Corpus.url("metadata", json).path))
        #expect(xml != js, "the deviation is gone: remove it from knownDeviations")
    }

    @Test("each XML/JSON twin gives the same model", arguments: pairs.map { "\($0.0) | \($0.1)" })
    func sameModel(_ pair: String) throws {
        let names = pair.components(separatedBy: " | ")
        let xml = try MetadataReader.read(file: Corpus.url("metadata", names[0]).path)
        let json = try MetadataReader.read(file: Corpus.url("metadata", names[1]).path)
        // A V2/V3 document's CSDL JSON is a translation into V4 terms: compare what both still say.
        let structural = !xml.version.isV4
        #expect(xml.version == json.version)
        let ignoring = Self.knownDeviations[names[1]] ?? []
        let a = CanonicalDump.dump(xml, structuralOnly: structural, ignoring: ignoring).split(separator: "\n", omittingEmptySubsequences: false)
        let b = CanonicalDump.dump(json, structuralOnly: structural, ignoring: ignoring).split(separator: "\n", omittingEmptySubsequences: false)
        let onlyXml = a.filter { !b.contains($0) }
        let onlyJson = b.filter { !a.contains($0) }
        #expect(onlyXml.isEmpty && onlyJson.isEmpty,
                "\(pair) differ:\n- xml: \(onlyXml.prefix(8).joined(separator: "\n- xml: "))\n+ json: \(onlyJson.prefix(8).joined(separator: "\n+ json: "))")
    }
}
