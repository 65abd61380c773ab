import Testing
@testable import ODataModel

/// `Annotations` blocks hand their annotations to their targets: each gets the block's target (and the block's
/// qualifier when it has none), in block order; the blocks keep theirs.
@Suite("Attaching Annotations blocks")
struct AnnotationAttachTests {
    static let document = """
        <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>
        <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="NS" Alias="self">
          <EntityType Name="Order"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/>
            <Property Name="Note" Type="Edm.String"><Annotation Term="Core.Description" String="inline"/></Property></EntityType>
          <Function Name="Total"><Parameter Name="o" Type="self.Order"/><ReturnType Type="Edm.Decimal"/></Function>
          <Annotations Target="self.Order">
            <Annotation Term="Core.Description" String="first"/><Annotation Term="Core.LongDescription" String="second"/>
          </Annotations>
          <Annotations Target="NS.Order" Qualifier="Phone">
            <Annotation Term="Core.Description" String="third"/><Annotation Term="Core.Description" Qualifier="Tablet" String="fourth"/>
          </Annotations>
          <Annotations Target="self.Order/Note"><Annotation Term="Core.LongDescription" String="fifth"/></Annotations>
          <Annotations Target="NS.Total(NS.Order)/$ReturnType"><Annotation Term="Measures.Scale" Int="2"/></Annotations>
        </Schema>
        </edmx:DataServices></edmx:Edmx>
        """

    static func resolved() throws -> CsdlDocument {
        let doc = try Array(document.utf8).withUnsafeBytes { try CsdlXmlReader.read(bytes: $0, source: "attach.xml") }
        ModelResolver(doc).resolve()
        return doc
    }

    @Test("targets get the blocks' annotations in order, with target and qualifier")
    func attached() throws {
        let doc = try Self.resolved()
        let order = try doc.entityType(withName: "NS.Order")
        #expect(order.annotations.compactMap { $0.value?.text } == ["first", "second", "third", "fourth"])
        #expect(order.annotations.map(\.target) == ["self.Order", "self.Order", "NS.Order", "NS.Order"])
        #expect(order.annotations.map(\.qualifier) == [nil, nil, "Phone", "Tablet"])
        let note = try #require(order.ownProperty(named: "Note"))
        #expect(note.annotations.map(\.target) == [nil, "self.Order/Note"])
        #expect(note.annotations.compactMap { $0.value?.text } == ["inline", "fifth"])
        let total = try #require(doc.functions.first)
        #expect(total.annotations.map(\.target) == ["$ReturnType"])
        // Each block keeps its own annotations, whatever its target gained after them.
        let blocks = doc.annotationsBlocks
        #expect(blocks.map(\.annotations.count) == [2, 2, 1, 1])
        #expect(blocks[0].annotations.compactMap { $0.value?.text } == ["first", "second"])
        #expect(blocks[1].annotations.map(\.qualifier) == ["Phone", "Tablet"])
        #expect(blocks[3].annotations.map(\.target) == [nil])
    }
}
