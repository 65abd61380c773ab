import Testing
@testable import ODataModel

/// The reader reuses the string it made for a long attribute value when the same bytes come again: values that differ
/// in one byte, share a length or a hash slot must still come out exactly as written.
@Suite("Attribute values")
struct AttributeValueTests {
    @Test("thousands of long, similar and repeated values read back exactly")
    func exact() throws {
        var names: [String] = []
        for i in 0..<6_000 {
            // Same length, differing in one digit; every third repeats an earlier one; some non-ASCII.
            names.append(i % 3 == 0 && i > 0 ? names[i - 3] : "Org.Example.Vocabulary.Long\(String(format: "%05d", i))\(i % 7 == 0 ? "ä" : "")")
        }
        var xml = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm"><EntityType Name="T"><Key><PropertyRef Name="P0"/></Key>
            """
        for (i, n) in names.enumerated() { xml += "<Property Name=\"P\(i)\" Type=\"Edm.String\"><Annotation Term=\"\(n)\"/></Property>\n" }
        xml += "</EntityType></Schema></edmx:DataServices></edmx:Edmx>"
        let doc = try Array(xml.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        let t = try doc.entityType(withName: "NS.T")
        #expect(t.ownProperties.count == names.count)
        for (i, p) in t.ownProperties.enumerated() {
            #expect(p.annotations.first?.term == names[i], "P\(i)")
        }
    }
}
