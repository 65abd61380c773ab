import Testing
@testable import ODataModel

/// Base types that form a cycle (a type its own base, or two types each other's) are named in a warning; the rest
/// of the document stays usable and look-ups through the cycle end.
@Suite("Base type cycles")
struct BaseTypeCycleTests {
    static let document = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
        <Schema Namespace="NS" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EntityType Name="Self" BaseType="NS.Self"><Property Name="A" Type="Edm.String"/></EntityType>
          <EntityType Name="Ping" BaseType="NS.Pong"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
          <EntityType Name="Pong" BaseType="NS.Ping"><Property Name="B" Type="Edm.String"/></EntityType>
          <EntityType Name="Fine"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
          <EntityType Name="Child" BaseType="NS.Fine"><Property Name="C" Type="Edm.String"/></EntityType>
        </Schema>
        </edmx:DataServices></edmx:Edmx>
        """

    @Test("each type in a cycle is warned about, and only those")
    func cycles() throws {
        let doc = try Array(Self.document.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        let cyclic = doc.warnings.filter { $0.code == "base-type-cycle" }.map(\.path).sorted()
        #expect(cyclic == ["NS.Ping", "NS.Pong", "NS.Self"])
        // Using a type of the cycle is a clear error; walking it (as validation does) ends.
        #expect(throws: ModelLookupError.self) { try doc.entityType(withName: "NS.Ping") }
        let ping = try #require(doc.schemaElement(named: "NS.Ping") as? EntityType)
        #expect(ping.structuralProperty(named: "B") != nil)
        #expect(ping.structuralProperty(named: "missing") == nil)
        let child = try doc.entityType(withName: "NS.Child")
        #expect(child.structuralProperty(named: "ID") != nil && child.baseTypeChain.count == 1)
    }
}
