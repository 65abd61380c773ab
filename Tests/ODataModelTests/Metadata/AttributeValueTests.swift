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

    @Test("repeated long values among thousands that come once, and collection types taken apart on the bytes")
    func repeatedAmongUnique() throws {
        // Each property: a long name that comes once, a type that repeats (every fifth a collection of it), and a
        // flag; the repeated types must survive the unique names competing for the same table.
        var xml = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm"><ComplexType Name="C">
            """
        func typeName(_ i: Int) -> String { "NS.RepeatedComplexType\(i % 40)" }
        for i in 0..<5_000 {
            let type = i % 5 == 0 ? "Collection(\(typeName(i)))" : typeName(i)
            xml += "<Property Name=\"aPropertyNameThatComesOnce\(i)\" Type=\"\(type)\" Nullable=\"\(i % 2 == 0 ? "false" : "true")\"/>\n"
        }
        xml += "</ComplexType>"
        for i in 0..<40 { xml += "<ComplexType Name=\"RepeatedComplexType\(i)\"/>" }
        // Blanks around a collection, and a collection of nothing: read as `TypeReference` reads the string.
        xml += """
            <EntityType Name="E"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.String" Nullable="false"/>
            <Property Name="Padded" Type=" Collection(Edm.String) "/><Property Name="Empty" Type="Collection()"/>
            <Property Name="Inner" Type="Collection( NS.RepeatedComplexType1 )"/></EntityType>
            </Schema></edmx:DataServices></edmx:Edmx>
            """
        let doc = try Array(xml.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        let c = try #require(doc.complexTypes.first { $0.name == "C" })
        #expect(c.ownProperties.count == 5_000)
        for (i, p) in c.ownProperties.enumerated() {
            #expect(p.name == "aPropertyNameThatComesOnce\(i)")
            #expect(p.type.nameAsWritten == typeName(i) && p.type.qualifiedName == typeName(i) && p.type.isCollection == (i % 5 == 0))
            #expect(p.facets.nullable == (i % 2 != 0))
            guard case .complex(let t) = p.resolvedType else { Issue.record("P\(i) unresolved"); continue }
            #expect(t.qualifiedName == typeName(i))
        }
        let e = try doc.entityType(withName: "NS.E")
        for name in ["Padded", "Empty", "Inner"] {
            let p = try #require(e.structuralProperty(named: name))
            let written = ["Padded": " Collection(Edm.String) ", "Empty": "Collection()", "Inner": "Collection( NS.RepeatedComplexType1 )"][name]!
            #expect(p.type == TypeReference(written).withQualifiedName(p.type.qualifiedName), "\(name)")
        }
    }
}

private extension TypeReference {
    func withQualifiedName(_ q: String) -> TypeReference { var r = self; r.qualifiedName = q; return r }
}

