import Testing
import ODataProxyGen
import TestSupport
import Foundation

/// The service class named for the service, get-by-key methods named for one entity, and argument labels that are
/// the parameters' names (issue #51's Swift API Design Guidelines names).
@Suite("Proxy names: the service class, get-by-key, argument labels")
struct ProxyServiceNamingTests {
    /// A V4 document with one entity type (`Thing`, or `typeName`) in the container `container` of `namespace`.
    static func minimal(namespace: String, container: String, typeName: String = "Thing") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="\(namespace)" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="\(typeName)"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
              <EntityContainer Name="\(container)"><EntitySet Name="Things" EntityType="\(namespace).\(typeName)"/></EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    @Test("The service class is named for the service: container words off, words capitalized, Service once",
          arguments: [
              // SAP Gateway: the service's name with _SRV and _Entities off.
              ("GWSAMPLE_BASIC", "GWSAMPLE_BASIC_Entities", "GwsampleBasicService"),
              ("API_SALES_ORDER_SRV", "API_SALES_ORDER_SRV_Entities", "ApiSalesOrderService"),
              ("SCHEMA_DATA", "api_salesorder_Container", "ApiSalesorderService"),
              // Entity Framework and Graph.
              ("NorthwindModel", "NorthwindEntities", "NorthwindService"),
              ("NorthwindModel", "NorthwindModelStoreContainer", "NorthwindModelStoreService"),
              ("microsoft.graph", "GraphService", "GraphService"),
              ("ODataDemo", "DemoService", "DemoService"),
              ("SAPB1", "ServiceLayer", "ServiceLayerService"),
              // A container named only as a container: the namespace names the service (not its version segment).
              ("RiskService", "EntityContainer", "RiskService"),
              ("Microsoft.OData.SampleService.Models.TripPin", "DefaultContainer", "TripPinService"),
              ("com.sap.gateway.srvd.c_salesordermanage_sd.v0001", "Container", "CSalesordermanageSdService"),
              ("Catalog", "Container", "CatalogService"),
              ("second", "container", "SecondService"),
          ])
    func serviceClassName(namespace: String, container: String, expected: String) throws {
        let files = try ProxyGeneratorTests.generate(Self.minimal(namespace: namespace, container: container))
        let service = try #require(files["\(expected).swift"], "\(files.keys.sorted())")
        #expect(service.contains("public final class \(expected): Sendable {"))
        #expect(files["\(expected)Metadata.swift"] != nil)
        if expected != container {
            // The OData name is stated where the Swift name differs; the descriptors keep it (the embedded metadata).
            #expect(service.contains("/// Named so in Swift: the entity container \(container), named for the service.\n"), "\(service)")
            #expect(service.contains("/// The service \(namespace).\(container) (OData"))
        }
    }

    @Test("The README's service-name and get-by-key examples are what the generator names")
    func readmeExamples() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let paragraph = readme.replacingOccurrences(of: "\n", with: " ")
        for (namespace, container, swift) in [("GWSAMPLE_BASIC", "GWSAMPLE_BASIC_Entities", "GwsampleBasicService"),
                                              ("API_SALES_ORDER_SRV", "API_SALES_ORDER_SRV_Entities", "ApiSalesOrderService")] {
            #expect(try ProxyGeneratorTests.generate(Self.minimal(namespace: namespace, container: container))["\(swift).swift"] != nil)
            #expect(paragraph.contains("`\(container)` gives `\(swift)`"), "the README does not say \(container) gives \(swift)")
        }
        let s = try #require(try ProxyGeneratorTests.generate(Self.keyed)["ShopService.swift"])
        for (swift, said) in [("customer(customerID:", "`Customers` gives `customer(customerID:)`"),
                              ("businessPartner(", "`BusinessPartnerSet` `businessPartner(businessPartnerID:)`"),
                              ("risk(id:", "`Risks` of the type `Risks` gives `risk(id:isActiveEntity:)`")] {
            #expect(s.contains("func \(swift)"), "\(swift)")
            #expect(paragraph.contains(said), "the README does not say \(said)")
        }
    }

    @Test("The service class gives way to a type of the same name; --service still names it, and dry runs list it")
    func serviceClassNameClash() throws {
        let text = Self.minimal(namespace: "Catalog", container: "Container", typeName: "CatalogService")
        let files = try ProxyGeneratorTests.generate(text)
        #expect(files["CatalogService.swift"]?.contains("public final class CatalogService: EntityProxy") == true, "\(files.keys.sorted())")
        let service = try #require(files["CatalogService_2.swift"], "\(files.keys.sorted())")
        #expect(service.contains("named for the service; CatalogService is the name of a type."), "\(service)")
        let chosen = try ProxyGeneratorTests.generate(text) { $0.serviceName = "Shop" }
        #expect(chosen["Shop.swift"]?.contains("public final class Shop: Sendable {") == true)
        let renames = try ProxyGenerator(document: try ProxyGeneratorTests.document(text), metadataText: text, source: "t.xml").renames()
        #expect(renames.contains("service Catalog.Container as CatalogService_2"), "\(renames)")
    }

    static let keyed = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
      <edmx:DataServices>
        <Schema Namespace="Shop" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EntityType Name="Customer"><Key><PropertyRef Name="CustomerID"/></Key><Property Name="CustomerID" Type="Edm.String" Nullable="false"/></EntityType>
          <EntityType Name="Category"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
          <EntityType Name="BusinessPartner"><Key><PropertyRef Name="PartnerID"/></Key><Property Name="PartnerID" Type="Edm.String" Nullable="false"/></EntityType>
          <EntityType Name="Person"><Key><PropertyRef Name="UserName"/></Key><Property Name="UserName" Type="Edm.String" Nullable="false"/></EntityType>
          <EntityType Name="Risks"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
          <EntityType Name="Product"><Key><PropertyRef Name="Key"/></Key><Property Name="Key" Type="Edm.Int32" Nullable="false"/></EntityType>
          <EntityType Name="A_OrderType"><Key><PropertyRef Name="Order"/></Key><Property Name="Order" Type="Edm.String" Nullable="false"/></EntityType>
          <Function Name="Person"><ReturnType Type="Edm.String"/></Function>
          <EntityContainer Name="ShopService">
            <EntitySet Name="Customers" EntityType="Shop.Customer"/>
            <EntitySet Name="VIPCustomers" EntityType="Shop.Customer"/>
            <EntitySet Name="Categories" EntityType="Shop.Category"/>
            <EntitySet Name="BusinessPartnerSet" EntityType="Shop.BusinessPartner"/>
            <EntitySet Name="People" EntityType="Shop.Person"/>
            <EntitySet Name="Risks" EntityType="Shop.Risks"/>
            <EntitySet Name="Product" EntityType="Shop.Product"/>
            <EntitySet Name="A_Order" EntityType="Shop.A_OrderType"/>
            <FunctionImport Name="Person" Function="Shop.Person"/>
          </EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    @Test("Get-by-key is named for the one entity it returns; when that name is taken, the set's name with WithKey",
          arguments: [
              ("customer(customerID: String", "Customers in the singular"),
              ("vipCustomer(customerID: String", "VIPCustomers in the singular"),
              ("category(id: Int32", "Categories in the singular"),
              ("businessPartner(partnerID: String", "BusinessPartnerSet in the singular"),
              ("risk(id: Int32", "Risks in the singular"),
              ("aOrderType(order: String", "for the one entity of A_Order, after its type A_OrderType"),
              // People's type name is the function import's (which keeps it), Product's the set's own.
              ("peopleWithKey(userName: String", nil),
              ("productWithKey(key key_: Int32", nil),
          ] as [(String, String?)])
    func keyLookups(signature: String, note: String?) throws {
        let s = try #require(try ProxyGeneratorTests.generate(Self.keyed)["ShopService.swift"])
        #expect(s.contains("    public func \(signature), query: DataQuery = DataQuery()) throws -> "), "\(s)")
        #expect(s.contains("    public func \(signature), query: DataQuery = DataQuery()) async throws -> "))
        if let note { #expect(s.contains("/// Named so in Swift: \(note)"), "\(s)") }
        #expect(s.contains("    public func person() throws -> String? {"))
    }

    @Test("The get-by-key name before singular names stays, deprecated, forwarding; nowhere when it is the name")
    func deprecatedKeyLookup() throws {
        let s = try #require(try ProxyGeneratorTests.generate(Self.keyed)["ShopService.swift"])
        #expect(s.contains("""
                @available(*, deprecated, renamed: "customer(customerID:query:)")
                public func customersWithKey(customerID: String, query: DataQuery = DataQuery()) async throws -> Customer {
                    try await self.customer(customerID: customerID, query: query)
                }
            """), "\(s)")
        #expect(!s.contains("renamed: \"peopleWithKey"))
        #expect(s.components(separatedBy: "func peopleWithKey(").count == 3, "the blocking and async methods, no alias")
    }

    static let labelled = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
      <edmx:DataServices>
        <Schema Namespace="Desk" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EntityType Name="Ticket"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
          <Action Name="DraftPrepare" IsBound="true">
            <Parameter Name="in" Type="Desk.Ticket" Nullable="false"/>
            <Parameter Name="parameters" Type="Edm.String"/>
            <Parameter Name="SideEffects_Qualifier" Type="Edm.String" Nullable="false"/>
            <Parameter Name="let" Type="Edm.Int32" Nullable="false"/>
            <ReturnType Type="Desk.Ticket"/>
          </Action>
          <Function Name="Count"><Parameter Name="dataService" Type="Edm.String" Nullable="false"/><ReturnType Type="Edm.Int32"/></Function>
          <EntityContainer Name="DeskService">
            <EntitySet Name="Tickets" EntityType="Desk.Ticket"/>
            <FunctionImport Name="Count" Function="Desk.Count"/>
          </EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    @Test("Argument labels are the parameters' names, a keyword's and the binding parameter's too; the body renames")
    func argumentLabels() throws {
        let s = try #require(try ProxyGeneratorTests.generate(Self.labelled)["DeskService.swift"])
        #expect(s.contains("public func draftPrepare(in in_: Ticket, parameters parameters_: String? = nil, sideEffectsQualifier: String, let_: Int32) throws -> Ticket? {"), "\(s)")
        #expect(s.contains("        if let parameters_ { parameters.append((\"parameters\", parameters_.dataValue)) }\n"))
        #expect(s.contains("        parameters.append((\"SideEffects_Qualifier\", sideEffectsQualifier.dataValue))\n"))
        #expect(s.contains("dataService.executeAction(\"Desk.DraftPrepare\", parameters: parameters, boundTo: in_.entityValue)"))
        #expect(s.contains("public func count(dataService dataService_: String) throws -> Int32? {"), "\(s)")
    }

    static let v2 = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
      <edmx:DataServices m:DataServiceVersion="2.0">
        <Schema Namespace="ZSALES_SRV" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
          <EntityType Name="Order"><Key><PropertyRef Name="OrderID"/></Key><Property Name="OrderID" Type="Edm.String" Nullable="false"/></EntityType>
          <EntityContainer Name="ZSALES_SRV_Entities" m:IsDefaultEntityContainer="true">
            <EntitySet Name="OrderSet" EntityType="ZSALES_SRV.Order"/>
            <FunctionImport Name="ConfirmOrder" ReturnType="ZSALES_SRV.Order" EntitySet="OrderSet" m:HttpMethod="POST">
              <Parameter Name="OrderID" Type="Edm.String" Mode="In" Nullable="false"/>
              <Parameter Name="Sales_Org" Type="Edm.String" Mode="In" Nullable="true"/>
            </FunctionImport>
          </EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    @Test("V2: the service named for ZSALES_SRV, get-by-key for an OrderSet, function import labels from parameters")
    func v2FunctionImport() throws {
        let files = try ProxyGeneratorTests.generate(Self.v2)
        let s = try #require(files["ZsalesService.swift"], "\(files.keys.sorted())")
        #expect(s.contains("public func order(orderID: String, query: DataQuery = DataQuery()) throws -> Order {"), "\(s)")
        #expect(s.contains("public func confirmOrder(orderID: String, salesOrg: String? = nil) throws -> Order? {"), "\(s)")
    }
}

/// What a property reads as before it is loaded, and what nil does when set, is said where it is declared.
@Suite("Proxy classes: properties not loaded")
struct ProxyUnloadedTests {
    static let edmx = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
      <edmx:DataServices>
        <Schema Namespace="Desk" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EntityType Name="Ticket">
            <Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
            <Property Name="Title" Type="Edm.String" Nullable="false"/>
            <Property Name="Note" Type="Edm.String"/>
            <Property Name="IsLoaded" Type="Edm.Boolean" Nullable="false"/>
          </EntityType>
          <EntityContainer Name="DeskService"><EntitySet Name="Tickets" EntityType="Desk.Ticket"/></EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    @Test("A property not nullable is optional too: nil unloaded, never a made-up \"\" or 0; its comment says so and how to ask")
    func unloadedNil() throws {
        let ticket = try #require(try ProxyGeneratorTests.generate(Self.edmx)["Ticket.swift"])
        #expect(ticket.contains("    /// Title: Edm.String, not nullable. nil when not loaded (`isLoaded(Ticket.title)` is false); setting nil "
                                + "removes the value, so that it is not sent.\n    public var title: String? {"), "\(ticket)")
        #expect(ticket.contains("get { entityValue.proxyValue(Ticket.title, as: String.self) }"))
        #expect(ticket.contains("key, not nullable. nil when not loaded (`isLoaded(Ticket.id)` is false); setting nil removes the value, "
                                + "so that it is not sent.\n    public var id: Int32? {"))
        #expect(ticket.contains("    /// Note: Edm.String, nullable. nil when not loaded (`isLoaded(Ticket.note)` is false) or null; setting nil "
                                + "sets null.\n    public var note: String? {"))
        #expect(ticket.contains("public var isLoaded_2: Bool? {"), "a property named IsLoaded leaves the method its name")
    }

    @Test("--disable-optionals: a property's comment says what it reads as unloaded and how to ask")
    func unloadedDefault() throws {
        let ticket = try #require(try ProxyGeneratorTests.generate(Self.edmx) { $0.disableOptionals = true }["Ticket.swift"])
        #expect(ticket.contains("    /// Title: Edm.String, not nullable. Reads as \"\" when not loaded (`isLoaded(Ticket.title)` is false).\n    public var title: String {"), "\(ticket)")
        #expect(ticket.contains("Reads as 0 when not loaded (`isLoaded(Ticket.id)` is false).\n    public var id: Int32 {"))
        #expect(ticket.contains("    /// Note: Edm.String, nullable. Reads as \"\" when not loaded (`isLoaded(Ticket.note)` is false) or null.\n    public var note: String {"))
    }
}
