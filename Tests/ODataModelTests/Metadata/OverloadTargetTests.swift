import Testing
@testable import ODataModel

/// `Annotations Target="NS.f(Type, ...)"` picks one overload by its parameter types (functions: all of them; actions:
/// the binding parameter's), `NS.f()` the unbound overload without parameters, and a bare name the first overload.
@Suite("Annotation targets with overload signatures")
struct OverloadTargetTests {
    static let document = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
        <Schema Namespace="org.example" Alias="ex" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EntityType Name="Item"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
          <Function Name="f"><ReturnType Type="Edm.Int32"/></Function>
          <Function Name="f"><Parameter Name="s" Type="Edm.String"/><ReturnType Type="Edm.Int32"/></Function>
          <Function Name="f"><Parameter Name="n" Type="Edm.Int32"/><Parameter Name="items" Type="Collection(org.example.Item)"/><ReturnType Type="Edm.Int32"/></Function>
          <Function Name="f" IsBound="true"><Parameter Name="it" Type="org.example.Item"/><Parameter Name="x" Type="Edm.Int32"/><ReturnType Type="Edm.Int32"/></Function>
          <Action Name="a" IsBound="true"><Parameter Name="it" Type="org.example.Item"/><Parameter Name="why" Type="Edm.String"/></Action>
          <Action Name="a" IsBound="true"><Parameter Name="them" Type="Collection(org.example.Item)"/></Action>
          <Annotations Target="org.example.f()"><Annotation Term="Core.Description" String="none"/></Annotations>
          <Annotations Target="org.example.f(Edm.String)"><Annotation Term="Core.Description" String="string"/></Annotations>
          <Annotations Target="ex.f(Edm.Int32, Collection(ex.Item))"><Annotation Term="Core.Description" String="two"/></Annotations>
          <Annotations Target="org.example.f(org.example.Item,Edm.Int32)/x"><Annotation Term="Core.Description" String="bound x"/></Annotations>
          <Annotations Target="org.example.a(Collection(org.example.Item))"><Annotation Term="Core.Description" String="set action"/></Annotations>
          <Annotations Target="org.example.a(org.example.Item)/why"><Annotation Term="Core.Description" String="why"/></Annotations>
          <Annotations Target="org.example.f(Edm.Boolean)"><Annotation Term="Core.Description" String="no such overload"/></Annotations>
        </Schema>
        </edmx:DataServices></edmx:Edmx>
        """

    @Test("each signature lands on its overload")
    func overloads() throws {
        let doc = try Array(Self.document.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
        func text(_ e: CsdlElement) -> [String] { e.annotations.compactMap { $0.value?.text } }
        let f = doc.functions
        #expect(f.count == 4)
        #expect(text(f[0]) == ["none"])
        #expect(text(f[1]) == ["string"])
        #expect(text(f[2]) == ["two"])
        #expect(text(f[3]).isEmpty)
        #expect(text(f[3].parameters[1]) == ["bound x"])
        let a = doc.actions
        #expect(text(a[1]) == ["set action"])
        #expect(text(a[0].parameters[1]) == ["why"])
        #expect(doc.warnings.map(\.code) == ["unresolved-target"])
        #expect(doc.warnings.first?.message.contains("f(Edm.Boolean)") == true)
    }
}
