import Foundation
import ODataClient
import ODataModel
import Testing
import TestSupport
@testable import ODataShell

/// Listings on a terminal are fitted to its width (long cells cut with an ellipsis, the widest column first), and
/// whole in a pipe (issue 35): `.sets`, `.annotations`, `.services`, `profile list`.
@Suite struct ListingWidthTests {
    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func aTableFitsTheWidthGivenAndIsWholeWithout() {
        var t = TextTable(headers: ["NAME", "URL", "AUTH"])
        t.maxCellWidth = nil
        let url = "http://127.0.0.1:8401/sap/opu/odata/sap/" + String(repeating: "VERY_LONG_", count: 8) + "SRV/"
        t.add(["nw", url, "basic"])
        let whole = t.render()
        #expect(whole.contains(url) && !whole.contains("…"))
        let fitted = Self.lines(t.render(width: 50))
        #expect(fitted.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(fitted)")
        // The widest column gave way; the others are whole, the row is one line.
        #expect(fitted[2].hasPrefix("nw    http://127.0.0.1") && fitted[2].contains("…") && fitted[2].hasSuffix("basic"), "\(fitted)")
        // Columns narrow no further than their heading: a width too small leaves them at that.
        #expect(Self.lines(t.render(width: 5))[2].hasSuffix("basic"))
        // A flexible column gives way first: here the last one, while the URL stays whole.
        var flexible = TextTable(headers: ["URL", "DESCRIPTION"])
        flexible.maxCellWidth = nil
        flexible.flexible = [1]
        flexible.add([url, String(repeating: "words ", count: 20)])
        let narrow = Self.lines(flexible.render(width: url.count + 20))
        #expect(narrow[2].hasPrefix(url + "  words") && narrow[2].hasSuffix("…"), "\(narrow)")
    }

    @Test(.fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
    func setsAndAnnotations() throws {
        let doc = try MetadataReader.read(file: Corpus.url("metadata", "sap-gw-v2-FAR_MANAGE_BS_SRV.xml").path)
        let labels = doc.entitySets.compactMap(\.sap.label)
        let longest = try #require((doc.entitySets.map(\.name) + labels).max { $0.count < $1.count })
        #expect(longest.count > 20)
        let whole = EntitySetListing(doc: doc).text(width: nil)
        #expect(whole.contains(longest))
        for width in [60, 100] {
            let fitted = Self.lines(EntitySetListing(doc: doc).text(width: width))
            #expect(fitted.allSatisfy { DisplayWidth.of($0) <= width }, "\(fitted.filter { DisplayWidth.of($0) > width })")
        }
        let annotations = try AnnotationListing(doc: doc).text(width: nil)
        let widest = Self.lines(annotations).map { DisplayWidth.of($0) }.max() ?? 0
        #expect(widest > 100, "values are whole in a pipe")
        #expect(!annotations.contains("…"))
        let fitted = Self.lines(try AnnotationListing(doc: doc).text(width: 80))
        #expect(fitted.allSatisfy { DisplayWidth.of($0) <= 80 })
        #expect(fitted.contains { $0.contains("…") })
    }

    @Test func services() {
        let s = GatewayCatalog.Service(catalog: .v2, technicalName: "ZAPI_BUSINESS_PARTNER_SRV", version: "0001",
                                       title: "Business partner, with a description much longer than any terminal column should be",
                                       url: "http://127.0.0.1:8401/sap/opu/odata/sap/ZAPI_BUSINESS_PARTNER_SRV/")
        let whole = CatalogListing.text([s], width: nil)
        #expect(whole.contains(s.title) && whole.contains(s.url))
        let fitted = Self.lines(CatalogListing.text([s], width: 80))
        #expect(fitted.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(fitted)")
        #expect(fitted[2].hasPrefix("ZAPI_BUSINESS_PARTNER_SRV") && fitted[2].contains("…"))
    }

    /// `.functions` and `.find` (issue 35's note: they cut cells at 48 characters even in a pipe): whole without a
    /// terminal, fitted to one.
    @Test(.fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
    func functionsAndFind() throws {
        let doc = try MetadataReader.read(file: Corpus.url("metadata", "msgraph-v1.0-GovSG.v1.xml").path)
        let functions = FunctionListing(doc: doc).text(width: nil)
        let widest = Self.lines(functions).map { DisplayWidth.of($0) }.max() ?? 0
        #expect(widest > 200 && !functions.contains("…"), "parameter lists are whole in a pipe")
        let fitted = Self.lines(FunctionListing(doc: doc).text(width: 100))
        #expect(fitted.allSatisfy { DisplayWidth.of($0) <= 100 } && fitted.contains { $0.contains("…") })

        let find = ModelSearchListing(doc: doc, text: "user")
        let whole = find.textOutput(width: nil)
        #expect(!whole.contains("…") && Self.lines(whole).contains { DisplayWidth.of($0) > 120 }, "descriptions are whole in a pipe")
        #expect(Self.lines(find.textOutput(width: 90)).allSatisfy { DisplayWidth.of($0) <= 90 })
    }
}
