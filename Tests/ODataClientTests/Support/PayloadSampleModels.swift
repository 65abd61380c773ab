/// Small hand-written models with a property of every primitive type, for value, writer and round-trip tests.
enum PayloadSampleModels {
    /// V4: every V4 primitive type, an enum (flags), a complex type with a derived one, a derived entity type,
    /// a composite key, an open type, a media entity, navigation with bindings.
    static let v4 = """
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
     <edmx:DataServices>
      <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="Test" Alias="T">
       <EnumType Name="Access" IsFlags="true"><Member Name="None" Value="0"/><Member Name="Read" Value="1"/><Member Name="Write" Value="2"/><Member Name="Delete" Value="4"/></EnumType>
       <EnumType Name="Color"><Member Name="Red"/><Member Name="Green"/><Member Name="Blue"/></EnumType>
       <ComplexType Name="Address"><Property Name="City" Type="Edm.String"/><Property Name="Zip" Type="Edm.String"/></ComplexType>
       <ComplexType Name="GeoAddress" BaseType="Test.Address"><Property Name="Lat" Type="Edm.Double"/></ComplexType>
       <EntityType Name="Item">
        <Key><PropertyRef Name="ID"/></Key>
        <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
        <Property Name="Byte" Type="Edm.Byte"/>
        <Property Name="SByte" Type="Edm.SByte"/>
        <Property Name="Int16" Type="Edm.Int16"/>
        <Property Name="Int64" Type="Edm.Int64"/>
        <Property Name="Decimal" Type="Edm.Decimal" Precision="30" Scale="10"/>
        <Property Name="Double" Type="Edm.Double"/>
        <Property Name="Single" Type="Edm.Single"/>
        <Property Name="Boolean" Type="Edm.Boolean"/>
        <Property Name="String" Type="Edm.String"/>
        <Property Name="Guid" Type="Edm.Guid"/>
        <Property Name="Binary" Type="Edm.Binary"/>
        <Property Name="Date" Type="Edm.Date"/>
        <Property Name="TimeOfDay" Type="Edm.TimeOfDay" Precision="7"/>
        <Property Name="DateTimeOffset" Type="Edm.DateTimeOffset" Precision="7"/>
        <Property Name="Duration" Type="Edm.Duration"/>
        <Property Name="Access" Type="Test.Access"/>
        <Property Name="Color" Type="Test.Color"/>
        <Property Name="Address" Type="Test.Address"/>
        <Property Name="Tags" Type="Collection(Edm.String)"/>
        <Property Name="Location" Type="Edm.GeographyPoint"/>
        <Property Name="Untyped" Type="Edm.Untyped"/>
        <NavigationProperty Name="Parts" Type="Collection(Test.Part)"/>
        <NavigationProperty Name="Owner" Type="Test.Person"/>
       </EntityType>
       <EntityType Name="SpecialItem" BaseType="Test.Item"><Property Name="Extra" Type="Edm.String"/></EntityType>
       <EntityType Name="Part">
        <Key><PropertyRef Name="ItemID"/><PropertyRef Name="PartNo"/></Key>
        <Property Name="ItemID" Type="Edm.Int32" Nullable="false"/>
        <Property Name="PartNo" Type="Edm.String" Nullable="false"/>
        <Property Name="Quantity" Type="Edm.Int16"/>
       </EntityType>
       <EntityType Name="Person" OpenType="true">
        <Key><PropertyRef Name="Key"/></Key>
        <Property Name="Key" Type="Edm.Guid" Nullable="false"/>
        <Property Name="Name" Type="Edm.String"/>
       </EntityType>
       <EntityType Name="Photo" HasStream="true">
        <Key><PropertyRef Name="ID"/></Key>
        <Property Name="ID" Type="Edm.Int64" Nullable="false"/>
        <Property Name="Thumbnail" Type="Edm.Stream"/>
       </EntityType>
       <EntityContainer Name="Container">
        <EntitySet Name="Items" EntityType="Test.Item"><NavigationPropertyBinding Path="Parts" Target="Parts"/><NavigationPropertyBinding Path="Owner" Target="People"/></EntitySet>
        <EntitySet Name="Parts" EntityType="Test.Part"/>
        <EntitySet Name="People" EntityType="Test.Person"/>
        <EntitySet Name="Photos" EntityType="Test.Photo"/>
        <Singleton Name="Featured" Type="Test.Item"/>
       </EntityContainer>
      </Schema>
     </edmx:DataServices>
    </edmx:Edmx>
    """

    /// V2: every V2 primitive type (DateTime, Time, DateTimeOffset, ...), a complex type, a composite key with typed
    /// literals, navigation through associations.
    static let v2 = """
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
     <edmx:DataServices m:DataServiceVersion="2.0">
      <Schema Namespace="SRV" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
       <ComplexType Name="Address"><Property Name="City" Type="Edm.String"/><Property Name="Zip" Type="Edm.String"/></ComplexType>
       <EntityType Name="Item">
        <Key><PropertyRef Name="ID"/></Key>
        <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
        <Property Name="Byte" Type="Edm.Byte"/>
        <Property Name="SByte" Type="Edm.SByte"/>
        <Property Name="Int16" Type="Edm.Int16"/>
        <Property Name="Int64" Type="Edm.Int64"/>
        <Property Name="Decimal" Type="Edm.Decimal" Precision="30" Scale="10"/>
        <Property Name="Double" Type="Edm.Double"/>
        <Property Name="Single" Type="Edm.Single"/>
        <Property Name="Boolean" Type="Edm.Boolean"/>
        <Property Name="String" Type="Edm.String"/>
        <Property Name="Guid" Type="Edm.Guid"/>
        <Property Name="Binary" Type="Edm.Binary"/>
        <Property Name="DateTime" Type="Edm.DateTime" Precision="7"/>
        <Property Name="Time" Type="Edm.Time" Precision="7"/>
        <Property Name="DateTimeOffset" Type="Edm.DateTimeOffset" Precision="7"/>
        <Property Name="Address" Type="SRV.Address"/>
        <NavigationProperty Name="Parts" Relationship="SRV.ItemParts" FromRole="Item" ToRole="Part"/>
       </EntityType>
       <EntityType Name="Part">
        <Key><PropertyRef Name="Guid"/><PropertyRef Name="Valid"/><PropertyRef Name="Count"/></Key>
        <Property Name="Guid" Type="Edm.Guid" Nullable="false"/>
        <Property Name="Valid" Type="Edm.DateTime" Nullable="false"/>
        <Property Name="Count" Type="Edm.Int64" Nullable="false"/>
        <Property Name="Price" Type="Edm.Decimal" Precision="13" Scale="3"/>
       </EntityType>
       <Association Name="ItemParts"><End Type="SRV.Item" Multiplicity="1" Role="Item"/><End Type="SRV.Part" Multiplicity="*" Role="Part"/></Association>
       <EntityContainer Name="SRV_Entities" m:IsDefaultEntityContainer="true">
        <EntitySet Name="Items" EntityType="SRV.Item"/>
        <EntitySet Name="Parts" EntityType="SRV.Part"/>
        <AssociationSet Name="ItemPartsSet" Association="SRV.ItemParts"><End EntitySet="Items" Role="Item"/><End EntitySet="Parts" Role="Part"/></AssociationSet>
       </EntityContainer>
      </Schema>
     </edmx:DataServices>
    </edmx:Edmx>
    """
}
