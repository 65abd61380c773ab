import Testing
import TestSupport
@testable import ODataModel

/// `CsdlElement.recordValue(of:property:)`, the one reader of a vocabulary record's property (Capabilities
/// restrictions, the shell's warnings, `odsh mcp`'s descriptions, `verify`): the term written with its namespace, a
/// declared alias or the vocabulary's conventional alias, and the unqualified annotation before a qualified one.
@Suite struct RecordValueTests {
    static let xml = """
        <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
          <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml">
            <edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capa"/>
          </edmx:Reference>
          <edmx:DataServices>
            <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="Lab">
              <EntityType Name="Item"><Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/><Property Name="Note" Type="Edm.String"/>
              </EntityType>
              <EntityContainer Name="C">
                <EntitySet Name="Declared" EntityType="Lab.Item">
                  <Annotation Term="Capa.FilterRestrictions"><Record>
                    <PropertyValue Property="NonFilterableProperties"><Collection><PropertyPath>Note</PropertyPath></Collection></PropertyValue>
                  </Record></Annotation>
                </EntitySet>
                <EntitySet Name="Conventional" EntityType="Lab.Item">
                  <Annotation Term="Capabilities.CountRestrictions"><Record><PropertyValue Property="Countable" Bool="false"/></Record></Annotation>
                </EntitySet>
                <EntitySet Name="Qualified" EntityType="Lab.Item">
                  <Annotation Term="Org.OData.Capabilities.V1.CountRestrictions" Qualifier="Phone"><Record><PropertyValue Property="Countable" Bool="true"/></Record></Annotation>
                  <Annotation Term="Org.OData.Capabilities.V1.CountRestrictions"><Record><PropertyValue Property="Countable" Bool="false"/></Record></Annotation>
                </EntitySet>
                <EntitySet Name="OnlyQualified" EntityType="Lab.Item">
                  <Annotation Term="Org.OData.Capabilities.V1.CountRestrictions" Qualifier="Phone"><Record><PropertyValue Property="Countable" Bool="false"/></Record></Annotation>
                </EntitySet>
                <EntitySet Name="Plain" EntityType="Lab.Item"/>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    @Test("a record's property, whichever way the term is written, unqualified first")
    func recordValueOfEachSpelling() throws {
        let doc = try Array(Self.xml.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0, source: "lab.xml") }
        let filter = VocabularyTerm.capabilities("FilterRestrictions"), count = VocabularyTerm.capabilities("CountRestrictions")
        let declared = try doc.entitySet(withName: "Declared")
        #expect(declared.recordValue(of: filter, property: "NonFilterableProperties")?.items.compactMap(\.text) == ["Note"])
        #expect(declared.recordValue(of: filter, property: "RequiresFilter") == nil)
        #expect(try doc.entitySet(withName: "Conventional").recordValue(of: count, property: "Countable")?.text == "false")
        #expect(try doc.entitySet(withName: "Qualified").recordValue(of: count, property: "Countable")?.text == "false")
        #expect(try doc.entitySet(withName: "OnlyQualified").recordValue(of: count, property: "Countable")?.text == "false")
        #expect(try doc.entitySet(withName: "Plain").recordValue(of: count, property: "Countable") == nil)
    }

    @Test("S/4HANA's sales order service: the restrictions it declares with the alias Capabilities",
          .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
    func salesOrderRestrictions() throws {
        let doc = try MetadataReader.read(file: Corpus.url("metadata", "s4-API_SALES_ORDER_SRV.xml").path)
        let texts = try doc.entitySet(withName: "A_SalesOrderItemText")
        let paths = texts.recordValue(of: VocabularyTerm.capabilities("FilterRestrictions"), property: "NonFilterableProperties")
        #expect(paths?.items.compactMap(\.text).contains("LongText") == true)
    }
}
