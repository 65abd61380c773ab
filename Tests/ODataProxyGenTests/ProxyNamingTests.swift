import Testing
import ODataProxyGen

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
