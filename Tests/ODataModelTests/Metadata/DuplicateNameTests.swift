import Testing
@testable import ODataModel

/// A qualified name declared twice: the first declaration counts, in the resolver's order (entity types, then complex
/// types, enums, type definitions, terms, containers, associations), whichever came first in the document, and the
/// other is named in a warning. The XML reader files names as it reads (in document order); it must leave such
/// documents to the resolver, and a document without repeats must give the same look-ups either way.
@Suite("Duplicate schema element names")
struct DuplicateNameTests {
    static func read(_ schema: String) throws -> CsdlDocument {
        let document = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm">\(schema)</Schema>
            </edmx:DataServices></edmx:Edmx>
            """
        return try Array(document.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
    }

    @Test("an entity type wins over a complex type of the same name declared before it")
    func kindOrder() throws {
        let doc = try Self.read("""
            <ComplexType Name="Thing"><Property Name="C" Type="Edm.String"/></ComplexType>
            <EntityType Name="Thing"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
            <EntityType Name="Other"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/><Property Name="T" Type="NS.Thing"/></EntityType>
            """)
        #expect(doc.schemaElement(named: "NS.Thing") is EntityType)
        let duplicates = doc.warnings.filter { $0.code == "duplicate-name" }
        #expect(duplicates.count == 1)
        #expect(duplicates.first?.message.hasPrefix("complex type NS.Thing is declared twice") == true)
        // The property typed NS.Thing resolves to the entity type, which a structural property cannot have.
        #expect(doc.warnings.contains { $0.code == "bad-property-type" && $0.path == "NS.Other/T" })
    }

    @Test("an enum member repeated, or with a value that is not an integer, keeps its name and gets a warning")
    func enumMembers() throws {
        let doc = try Self.read("""
            <EnumType Name="Colour"><Member Name="SomewhatLongRed" Value="1"/><Member Name="SomewhatLongGreen" Value="two"/><Member Name="SomewhatLongRed" Value="3"/></EnumType>
            """)
        let colour = try #require(doc.schemaElement(named: "NS.Colour") as? EnumType)
        #expect(colour.members.map(\.name) == ["SomewhatLongRed", "SomewhatLongGreen", "SomewhatLongRed"])
        #expect(colour.member(named: "SomewhatLongRed")?.value == 1)
        let bad = doc.warnings.filter { $0.code == "bad-enum-value" }
        #expect(bad.map(\.path) == ["NS.Colour/SomewhatLongGreen"])
        #expect(doc.warnings.filter { $0.code == "duplicate-name" }.map(\.path) == ["NS.Colour/SomewhatLongRed"])
    }

    @Test("of two entity types with one name, the first is used")
    func sameKind() throws {
        let doc = try Self.read("""
            <EntityType Name="E"><Key><PropertyRef Name="A"/></Key><Property Name="A" Type="Edm.Int32" Nullable="false"/></EntityType>
            <EntityType Name="E"><Key><PropertyRef Name="B"/></Key><Property Name="B" Type="Edm.Int32" Nullable="false"/></EntityType>
            """)
        let e = try #require(doc.schemaElement(named: "NS.E") as? EntityType)
        #expect(e.structuralProperty(named: "A") != nil && e.structuralProperty(named: "B") == nil)
        #expect(doc.warnings.filter { $0.code == "duplicate-name" }.count == 1)
    }

    @Test("without repeats every kind is found by its qualified name")
    func noRepeats() throws {
        let doc = try Self.read("""
            <EnumType Name="Color"><Member Name="Red"/></EnumType>
            <TypeDefinition Name="Code" UnderlyingType="Edm.String"/>
            <ComplexType Name="Address"><Property Name="City" Type="Edm.String"/></ComplexType>
            <EntityType Name="Person"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              <Property Name="Home" Type="NS.Address"/><Property Name="Favourite" Type="NS.Color"/><Property Name="Ref" Type="NS.Code"/></EntityType>
            <Term Name="Note" Type="Edm.String"/>
            <EntityContainer Name="C"><EntitySet Name="People" EntityType="NS.Person"/></EntityContainer>
            """)
        #expect(doc.warnings.isEmpty, "\(doc.warnings)")
        #expect(doc.schemaElement(named: "NS.Color") is EnumType)
        #expect(doc.schemaElement(named: "NS.Code") is TypeDefinition)
        #expect(doc.schemaElement(named: "NS.Address") is ComplexType)
        #expect(doc.schemaElement(named: "NS.Person") is EntityType)
        #expect(doc.schemaElement(named: "NS.Note") is Term)
        #expect(doc.schemaElement(named: "NS.C") is EntityContainer)
        #expect(doc.schemaElements.count == 6)
    }
}
