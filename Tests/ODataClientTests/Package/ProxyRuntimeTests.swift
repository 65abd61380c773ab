import ODataClient
import ODataModel
import Testing

/// What generated proxy classes call in the library: the descriptor tables of `EmbeddedMetadata` and the typed
/// reads of `StructureBase`.
@Suite("Proxy runtime: descriptor tables and typed reads")
struct ProxyRuntimeTests {
    static let edmx = #"""
    <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
      <edmx:DataServices>
        <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="Shop">
          <EntityType Name="Base">
            <Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
          </EntityType>
          <EntityType Name="Product" BaseType="Shop.Base">
            <Property Name="Name" Type="Edm.String" Nullable="false"/>
            <Property Name="Rating" Type="Edm.Int16"/>
            <NavigationProperty Name="Parts" Type="Collection(Shop.Product)"/>
            <NavigationProperty Name="Maker" Type="Shop.Base"/>
          </EntityType>
          <EntityContainer Name="Container">
            <EntitySet Name="Products" EntityType="Shop.Product"/>
          </EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    @Test("A table holds the type's properties in the order asked, inherited ones too, stand-ins for unknown names")
    func propertyTable() throws {
        let metadata = EmbeddedMetadata(text: Self.edmx, source: "shop.xml")
        try metadata.checkLoaded()
        let product = metadata.entityType("Shop.Product")
        let table = metadata.descriptors(product, properties: ["Rating", "ID", "Name", "Gone"],
                                         navigation: [("Maker", "Shop.Base", false), ("Parts", "Shop.Product", true), ("Gone", "Shop.Base", true)])
        #expect(table.properties.map(\.name) == ["Rating", "ID", "Name", "Gone"])
        #expect(table.property(0) === product.structuralProperty(named: "Rating"))
        #expect(table.property(1) === metadata.entityType("Shop.Base").structuralProperty(named: "ID"), "inherited: the base type's own")
        #expect(table.property(3).type.qualifiedName == "Edm.Untyped", "a stand-in for a name the type lacks")
        #expect(table.navigation.map(\.name) == ["Maker", "Parts", "Gone"])
        #expect(table.navigation(1) === product.navigationProperty(named: "Parts"))
        #expect(table.navigation(2).type.qualifiedName == "Shop.Base" && table.navigation(2).isCollection, "a stand-in of the target given")
    }

    @Test("A required read gives the value, or the type's default when it is missing or null")
    func requiredRead() throws {
        let metadata = EmbeddedMetadata(text: Self.edmx, source: "shop.xml")
        let product = metadata.entityType("Shop.Product")
        let name = try #require(product.structuralProperty(named: "Name"))
        let rating = try #require(product.structuralProperty(named: "Rating"))
        let entity = EntityValue.ofType(product)
        #expect(entity.requiredProxyValue(name, as: String.self) == "")
        #expect(entity.proxyValue(rating, as: Int16.self) == nil)
        entity.setProxyValue(name, to: "Anvil")
        entity.setProxyValue(rating, to: Int16(4))
        #expect(entity.requiredProxyValue(name, as: String.self) == "Anvil")
        #expect(entity.requiredProxyValue(rating, as: Int16.self) == 4)
        entity.setProxyValue(rating, to: Int16?.none)
        #expect(entity.requiredProxyValue(rating, as: Int16.self) == 0, "null reads as the default")
    }
}
