import Testing
@testable import ODataModel

/// Paths in annotations may name the dynamic properties that aggregation annotations declare: the names of
/// `Analytics.AggregatedProperties` / `Analytics.AggregatedProperty` records on an entity type, and the qualifiers of
/// `Aggregation.CustomAggregate` on a set, a type or the container. Other names that no property has are still warned of.
@Suite("Aggregates in annotation paths")
struct AggregatePathTests {
    /// A chart on Order whose measures are the aggregates declared below it (and one that nothing declares).
    static let document = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:Reference Uri="https://sap.github.io/odata-vocabularies/vocabularies/UI.xml">
            <edmx:Include Alias="UI" Namespace="com.sap.vocabularies.UI.v1"/>
          </edmx:Reference>
          <edmx:Reference Uri="https://sap.github.io/odata-vocabularies/vocabularies/Analytics.xml">
            <edmx:Include Alias="Analytics" Namespace="com.sap.vocabularies.Analytics.v1"/>
          </edmx:Reference>
          <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Aggregation.V1.xml">
            <edmx:Include Alias="Aggregation" Namespace="Org.OData.Aggregation.V1"/>
          </edmx:Reference>
          <edmx:DataServices>
            <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="Order">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <Property Name="Amount" Type="Edm.Decimal"/>
                <NavigationProperty Name="Customer" Type="NS.Customer"/>
              </EntityType>
              <EntityType Name="Customer">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              </EntityType>
              <EntityContainer Name="Container">
                <EntitySet Name="Orders" EntityType="NS.Order">
                  <Annotation Term="Aggregation.CustomAggregate" Qualifier="onSet" String="Edm.Decimal"/>
                </EntitySet>
                <EntitySet Name="Customers" EntityType="NS.Customer"/>
              </EntityContainer>
              <Annotations Target="NS.Order">
                <Annotation Term="UI.Chart">
                  <Record Type="UI.ChartDefinitionType">
                    <PropertyValue Property="Measures">
                      <Collection>
                        <PropertyPath>sumAmount</PropertyPath>
                        <PropertyPath>maxAmount</PropertyPath>
                        <PropertyPath>onSet</PropertyPath>
                        <PropertyPath>onContainer</PropertyPath>
                        <PropertyPath>sumNothing</PropertyPath>
                        <PropertyPath>Customer/customerCount</PropertyPath>
                        <PropertyPath>Customer/sumAmount</PropertyPath>
                      </Collection>
                    </PropertyValue>
                    <PropertyValue Property="MeasureAttributes">
                      <Collection>
                        <Record Type="UI.ChartMeasureAttributeType">
                          <PropertyValue Property="Measure" PropertyPath="sumAmount"/>
                        </Record>
                      </Collection>
                    </PropertyValue>
                  </Record>
                </Annotation>
              </Annotations>
              <Annotations Target="NS.Order">
                <Annotation Term="Analytics.AggregatedProperties">
                  <Collection>
                    <Record Type="Analytics.AggregatedPropertyType">
                      <PropertyValue Property="Name" String="sumAmount"/>
                      <PropertyValue Property="AggregationMethod" String="sum"/>
                      <PropertyValue Property="AggregatableProperty" PropertyPath="Amount"/>
                    </Record>
                  </Collection>
                </Annotation>
                <Annotation Term="Analytics.AggregatedProperty" Qualifier="maxAmount">
                  <Record Type="Analytics.AggregatedPropertyType">
                    <PropertyValue Property="Name" String="maxAmount"/>
                    <PropertyValue Property="AggregationMethod" String="max"/>
                    <PropertyValue Property="AggregatableProperty" PropertyPath="Amount"/>
                  </Record>
                </Annotation>
              </Annotations>
              <Annotations Target="NS.Customer">
                <Annotation Term="Aggregation.CustomAggregate" Qualifier="customerCount" String="Edm.Int32"/>
              </Annotations>
              <Annotations Target="NS.Container">
                <Annotation Term="Aggregation.CustomAggregate" Qualifier="onContainer" String="Edm.Decimal"/>
              </Annotations>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    @Test("aggregates declared on the type, a set of it or the container are paths; other names are warned of")
    func aggregatesResolve() throws {
        let doc = try Array(Self.document.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        let paths = doc.warnings.filter { $0.code == "unresolved-path" }.map(\.message)
        // The declarations come after the chart that names them; an aggregate of Order is none of Customer's.
        #expect(paths == ["PropertyPath sumNothing does not exist on NS.Order", "PropertyPath Customer/sumAmount does not exist on NS.Order"])
        #expect(doc.warnings.count == paths.count, "\(doc.warnings)")
    }

    @Test("the names an annotation declares, by term")
    func declaredNames() {
        let properties = CsdlAnnotation(term: VocabularyTerm.aggregatedProperties, value: .collection([
            .record(type: nil, properties: [.init(property: "Name", value: .constant(kind: "String", value: "a"))]),
            .record(type: nil, properties: [.init(property: "Name", value: .constant(kind: "String", value: "b"))]),
        ]))
        #expect(ModelResolver.dynamicPropertyNames(declaredBy: properties) == ["a", "b"])
        let custom = CsdlAnnotation(term: "Aggregation.CustomAggregate", qualifier: "c", value: .constant(kind: "String", value: "Edm.Int32"))
        #expect(ModelResolver.dynamicPropertyNames(declaredBy: custom) == ["c"])
        let label = CsdlAnnotation(term: "com.sap.vocabularies.Common.v1.Label", qualifier: "d", value: .constant(kind: "String", value: "x"))
        #expect(ModelResolver.dynamicPropertyNames(declaredBy: label).isEmpty)
    }
}
