import Testing
@testable import ODataModel

/// Facets whose values break the CSDL's own syntax (MaxLength, Precision, Scale, SRID, the booleans): a `bad-facet`
/// warning at the element's line:column, the facet left out, the document still read.
@Suite("CSDL facet syntax")
struct FacetSyntaxTests {
    static func read(_ properties: String) throws -> CsdlDocument {
        let document = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm">
            <EntityType Name="T"><Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
            \(properties)
            </EntityType>
            <EntityContainer Name="C"><EntitySet Name="Ts" EntityType="NS.T"/></EntityContainer>
            </Schema></edmx:DataServices></edmx:Edmx>
            """
        return try Array(document.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
    }

    @Test("each bad value is a warning at its element, naming the facet, the value and what is allowed")
    func badValues() throws {
        let doc = try Self.read("""
            <Property Name="A" Type="Edm.String" MaxLength="-4"/>
            <Property Name="B" Type="Edm.String" MaxLength="lots"/>
            <Property Name="C" Type="Edm.Decimal" Precision="ten" Scale="2"/>
            <Property Name="D" Type="Edm.Decimal" Precision="5" Scale="-1"/>
            <Property Name="E" Type="Edm.Decimal" Precision="4" Scale="6"/>
            <Property Name="F" Type="Edm.GeographyPoint" SRID="wgs84"/>
            <Property Name="G" Type="Edm.String" Nullable="maybe"/>
            <Property Name="H" Type="Edm.String" Unicode="True"/>
            <Property Name="I" Type="Edm.String" MaxLength="0"/>
            """)
        let bad = doc.warnings.filter { $0.code == "bad-facet" }
        let expected: [(String, Int, String)] = [
            ("NS.T/A", 5, #"MaxLength="-4" is not a value the CSDL allows (a positive integer or max)"#),
            ("NS.T/B", 6, #"MaxLength="lots" is not a value the CSDL allows"#),
            ("NS.T/C", 7, #"Precision="ten" is not a value the CSDL allows (a non-negative integer)"#),
            ("NS.T/D", 8, #"Scale="-1" is not a value the CSDL allows (a non-negative integer, variable or floating)"#),
            ("NS.T/E", 9, #"Scale="6" is greater than Precision="4""#),
            ("NS.T/F", 10, #"SRID="wgs84" is not a value the CSDL allows (a non-negative integer or variable)"#),
            ("NS.T/G", 11, #"Nullable="maybe" is not a value the CSDL allows (true or false)"#),
            ("NS.T/H", 12, #"Unicode="True" is not a value the CSDL allows (true or false)"#),
            ("NS.T/I", 13, #"MaxLength="0" is not a value the CSDL allows"#),
        ]
        #expect(bad.count == expected.count, "\(bad.map(\.description))")
        for (path, line, text) in expected {
            let w = bad.first { $0.path == path }
            #expect(w?.message.hasPrefix(text) == true, "\(path): \(w?.description ?? "no warning")")
            #expect(w?.location.line == line && (w?.location.column ?? 0) > 0, "\(path): \(w?.location.description ?? "")")
        }
        // The document is read, the bad facets left out, the good ones kept.
        let t = try doc.entityType(withName: "NS.T")
        #expect(try t.property(withName: "A").facets.maxLength == nil)
        #expect(try t.property(withName: "C").facets.precision == nil)
        #expect(try t.property(withName: "C").facets.scale == .fixed(2))
        #expect(try t.property(withName: "F").facets.srid == nil)
    }

    @Test("the values the CSDL allows, V2's Max and Variable spellings among them, give no warning")
    func goodValues() throws {
        let doc = try Self.read("""
            <Property Name="A" Type="Edm.String" MaxLength="Max" Nullable="true" Unicode="false" FixedLength="0"/>
            <Property Name="B" Type="Edm.String" MaxLength="max"/>
            <Property Name="C" Type="Edm.Decimal" Precision="10" Scale="variable"/>
            <Property Name="D" Type="Edm.Decimal" Precision="34" Scale="floating"/>
            <Property Name="E" Type="Edm.Decimal" Precision="4" Scale="4"/>
            <Property Name="F" Type="Edm.GeographyPoint" SRID="Variable"/>
            <Property Name="G" Type="Edm.GeographyPoint" SRID="4326"/>
            """)
        #expect(doc.warnings.filter { $0.code == "bad-facet" }.isEmpty, "\(doc.warnings.map(\.description))")
    }
}

/// The same warning at the same line:column is listed once.
@Suite("Metadata warnings")
struct WarningListTests {
    @Test("a warning found twice at the same place is listed once")
    func listedOnce() throws {
        let doc = try FacetSyntaxTests.read(#"<Property Name="A" Type="Edm.String" MaxLength="-1"/>"#)
        let once = try #require(doc.warnings.first { $0.code == "bad-facet" })
        doc.issues.append(once)
        #expect(doc.warnings.filter { $0 == once }.count == 1)
        #expect(doc.issues.filter { $0 == once }.count == 2)
    }
}
