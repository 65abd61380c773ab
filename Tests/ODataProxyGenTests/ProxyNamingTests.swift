import Testing
import ODataProxyGen
import TestSupport
import Foundation

/// Names that do not depend on flags, and nothing empty emitted.
@Suite("Proxy names: stable across flags, nothing empty")
struct ProxyNamingTests {
    static let edmx = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
      <edmx:DataServices>
        <Schema Namespace="Desk" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EnumType Name="Status">
            <Member Name="Unknown" Value="0"/>
            <Member Name="Open" Value="1"/>
          </EnumType>
          <EntityType Name="Ticket">
            <Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
            <Property Name="Status" Type="Desk.Status"/>
          </EntityType>
          <EntityContainer Name="DeskService">
            <EntitySet Name="Tickets" EntityType="Desk.Ticket"/>
          </EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    @Test("--open-enumerations does not rename a member named Unknown: the case for later members takes another name")
    func openEnumerationKeepsMembers() throws {
        let closed = try #require(try ProxyGeneratorTests.generate(Self.edmx)["Status.swift"])
        #expect(closed.contains("    case unknown = \"Unknown\"\n"), "\(closed)")
        let open = try #require(try ProxyGeneratorTests.generate(Self.edmx) { $0.openEnumerations = true }["Status.swift"])
        #expect(open.contains("    case unknown\n"), "\(open)")
        #expect(open.contains("    case unknownMember(String)\n"), "\(open)")
        #expect(open.contains("default: self = .unknownMember(rawValue)"))
        #expect(!open.contains("unknown_2"))
    }

    @Test("A service without singletons has no Singletons enum")
    func noEmptySingletons() throws {
        let service = try #require(try ProxyGeneratorTests.generate(Self.edmx)["DeskService.swift"])
        #expect(!service.contains("enum Singletons"), "\(service)")
        #expect(service.contains("enum EntitySets {"))
    }
}

/// The README's rename examples are what the generator writes.
@Suite("Proxy names: the README's examples")
struct ProxyNamingReadmeTests {
    static let edmx = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
      <edmx:DataServices>
        <Schema Namespace="NW" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EntityType Name="Order_Detail">
            <Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
          </EntityType>
          <EntityType Name="String">
            <Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
          </EntityType>
          <EntityType Name="Order">
            <Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
            <Property Name="CompanyName" Type="Edm.String"/>
            <Property Name="Unit-Price" Type="Edm.Decimal"/>
            <Property Name="class" Type="Edm.String"/>
            <Property Name="3D" Type="Edm.Boolean"/>
            <Property Name="description" Type="Edm.String"/>
            <NavigationProperty Name="Order_Details" Type="Collection(NW.Order_Detail)"/>
          </EntityType>
          <EntityContainer Name="Service">
            <EntitySet Name="Orders" EntityType="NW.Order"/>
          </EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    @Test("Each `odata` is `swift` example of the README's naming paragraph is what the generator names")
    func readmeExamples() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let files = try ProxyGeneratorTests.generate(Self.edmx)
        let order = try #require(files["Order.swift"])
        let members = ["CompanyName": "companyName", "Order_Details": "orderDetails", "Unit-Price": "unitPrice", "class": "class_",
                       "3D": "_3D", "description": "description_2"]
        let types = ["Order_Detail": "OrderDetail", "String": "String_2"]
        let paragraph = readme.replacingOccurrences(of: "\n", with: " ")
        for (odata, swift) in members {
            #expect(order.contains("public var \(swift): "), "\(odata) is not \(swift) in the generated class")
            #expect(paragraph.contains("`\(odata)` is `\(swift)`"), "the README does not say `\(odata)` is `\(swift)`")
        }
        for (odata, swift) in types {
            #expect(files["\(swift).swift"] != nil, "the type \(odata) is not \(swift)")
        }
        #expect(paragraph.contains("the type `Order_Detail` is `OrderDetail`"))
        #expect(paragraph.contains("a type named `String` is `String_2`"))
    }
}

/// Derived classes from base-type queries: the metadata file's lookup and the service's registration.
@Suite("Proxy classes: the registry of derived classes")
struct ProxyRegistryGenerationTests {
    @Test("The metadata lists the derived entity classes by qualified name; the service class registers them")
    func registry() throws {
        let files = try ProxyGeneratorTests.generate()
        let metadata = try #require(files["ShopServiceMetadata.swift"])
        #expect(metadata.contains("public static func derivedClass(_ qualifiedName: String) -> (any EntityProxy.Type)? {"), "\(metadata.prefix(3000))")
        #expect(metadata.contains("case \"Shop.SpecialProduct\": return SpecialProduct.self"))
        #expect(!metadata.contains("case \"Shop.PostalAddress\""), "complex types are not entities")
        let service = try #require(files["ShopService.swift"])
        // Under the module-qualified name, so that another module's service of the same name keeps its lookup.
        #expect(service.contains("ProxyClassRegistry.register(String(reflecting: ShopServiceMetadata.self)) { ShopServiceMetadata.derivedClass($0) }"))
        let plain = try #require(try ProxyGeneratorTests.generate(ProxyNamingTests.edmx)["DeskServiceMetadata.swift"])
        #expect(!plain.contains("derivedClass"), "no lookup without derived types")
    }
}
