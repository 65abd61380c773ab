import Testing
@testable import ODataModel

/// Small inline CSDL documents for the compatibility tests: a base model, and edits of it.
enum CompatibilityFixtures {
    /// A V4 model with one of each kind of element the rules talk about.
    static let base = """
        <EntityType Name="Customer">
          <Key><PropertyRef Name="ID"/></Key>
          <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
          <Property Name="Name" Type="Edm.String" MaxLength="40"/>
          <Property Name="Price" Type="Edm.Decimal" Precision="10" Scale="2"/>
          <NavigationProperty Name="Orders" Type="Collection(NS.Order)" Partner="Customer"/>
          <NavigationProperty Name="LastOrder" Type="NS.Order"/>
        </EntityType>
        <EntityType Name="Order">
          <Key><PropertyRef Name="ID" /></Key>
          <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
          <Property Name="CustomerID" Type="Edm.Int32"/>
          <NavigationProperty Name="Customer" Type="NS.Customer" Partner="Orders">
            <ReferentialConstraint Property="CustomerID" ReferencedProperty="ID"/>
          </NavigationProperty>
        </EntityType>
        <EntityType Name="Special" BaseType="NS.Customer">
          <Property Name="Bonus" Type="Edm.Int32"/>
        </EntityType>
        <ComplexType Name="Address">
          <Property Name="City" Type="Edm.String"/>
        </ComplexType>
        <EnumType Name="Color">
          <Member Name="Red" Value="0"/>
          <Member Name="Green" Value="1"/>
        </EnumType>
        <TypeDefinition Name="Code" UnderlyingType="Edm.String"/>
        <Term Name="Tag" Type="Edm.Boolean"/>
        <Function Name="GetTop">
          <Parameter Name="top" Type="Edm.Int32"/>
          <ReturnType Type="Collection(NS.Customer)"/>
        </Function>
        <Action Name="Reset">
          <Parameter Name="force" Type="Edm.Boolean" Nullable="false"/>
        </Action>
        <EntityContainer Name="Container">
          <EntitySet Name="Customers" EntityType="NS.Customer">
            <NavigationPropertyBinding Path="Orders" Target="Orders"/>
          </EntitySet>
          <EntitySet Name="Orders" EntityType="NS.Order"/>
          <FunctionImport Name="GetTop" Function="NS.GetTop"/>
          <ActionImport Name="Reset" Action="NS.Reset"/>
        </EntityContainer>
        """

    /// A whole V4 document around a schema body.
    static func v4(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml">
            <edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/>
          </edmx:Reference>
          <edmx:DataServices>
            <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm" xmlns:sap="http://www.sap.com/Protocols/SAPData">
        \(body)
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    /// A whole V2 document around a schema body.
    static func v2(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"
            xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
          <edmx:DataServices m:DataServiceVersion="2.0">
            <Schema Namespace="NS" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
        \(body)
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    static func read(_ xml: String) throws -> CsdlDocument {
        let bytes = Array(xml.utf8)
        return try bytes.withUnsafeBytes { try MetadataReader.read(bytes: $0, source: "inline") }
    }

    /// The base model with one piece of text replaced; the replacement must happen.
    static func edited(_ find: String, _ replacement: String, in body: String = base) -> String {
        precondition(body.contains(find), "fixture text not found: \(find)")
        return body.replacingOccurrences(of: find, with: replacement)
    }

    static func compare(_ a: String, _ b: String, options: MetadataComparison.Options = .init(),
                        prepare: (CsdlDocument) -> Void = { _ in }) throws -> MetadataComparisonReport {
        let old = try read(v4(a)), new = try read(v4(b))
        #expect(old.warnings.isEmpty, "fixture warnings: \(old.warnings)")
        #expect(new.warnings.isEmpty, "fixture warnings: \(new.warnings)")
        prepare(old)
        return MetadataComparison.compare(old, new, options: options)
    }
}
