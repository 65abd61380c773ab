import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

/// What a write sets that the metadata says the service does not take (issue 35): V2 `sap:creatable`/`sap:updatable`
/// (SAP's GWSAMPLE_BASIC) and `Core.Computed`/`Core.Immutable` (a CAP service), as a check a program calls.
@Suite(.fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct WriteRestrictionTests {
    static func entity(_ file: String, _ setName: String, _ values: [String: DataValue]) throws -> (EntityValue, DataQuery) {
        let doc = try MetadataReader.read(file: Corpus.url("metadata", file).path)
        let set = try doc.entitySet(withName: setName)
        let e = EntityValue.ofType(try set.requireEntityType(), in: set)
        for (name, v) in values.sorted(by: { $0.key < $1.key }) { try e.setValue(try set.entityType.property(withName: name), to: v) }
        return (e, DataQuery().from(set))
    }

    @Test func sapCreatableAndUpdatable() throws {
        let (e, set) = try Self.entity("served-mocksap-GWSAMPLE_BASIC-v2.xml", "SalesOrderSet",
                                       ["SalesOrderID": .string("0500000001"), "Note": .string("x"), "CreatedAt": .null])
        #expect(DataRequest.create(e, at: set).writeRestrictions
                == [WriteRestriction(property: "SalesOrderID", reason: .notCreatable), WriteRestriction(property: "CreatedAt", reason: .notCreatable)])
        // An update: the key addresses the entity and is not counted; CreatedAt is not updatable, Note is.
        let path = set.withKey(EntityKey(.string("0500000001")))
        #expect(DataRequest.update(e, at: path).writeRestrictions == [WriteRestriction(property: "CreatedAt", reason: .notUpdatable)])
        #expect(DataRequest.replace(e, at: path).writeRestrictions.map(\.description) == [#"CreatedAt (sap:updatable="false")"#])
        // Both in a batch, in order; nothing for a read or a delete.
        let batch = DataRequest(.batch([.request(.create(e, at: set)), .changeSet([.update(e, at: path)])]))
        #expect(batch.writeRestrictions.map(\.property) == ["SalesOrderID", "CreatedAt", "CreatedAt"])
        #expect(DataRequest.query(set).writeRestrictions.isEmpty && DataRequest.delete(at: path).writeRestrictions.isEmpty)
        let (fine, _) = try Self.entity("served-mocksap-GWSAMPLE_BASIC-v2.xml", "SalesOrderSet", ["Note": .string("x")])
        #expect(DataRequest.create(fine, at: set).writeRestrictions.isEmpty)
    }

    @Test func coreComputedAndImmutable() throws {
        let (e, set) = try Self.entity("cap-risk-analysis-localService.v1.xml", "Risks",
                                       ["title": .string("x"), "createdBy": .string("me"), "modifiedAt": .null])
        #expect(DataRequest.create(e, at: set).writeRestrictions.map(\.description)
                == ["createdBy (Core.Computed)", "modifiedAt (Core.Computed)"])
        let createdBy = try e.entityType.property(withName: "createdBy")
        #expect(createdBy.isImmutable && createdBy.isComputed && !createdBy.isCreatable && !createdBy.isUpdatable)
        let title = try e.entityType.property(withName: "title")
        #expect(!title.isComputed && !title.isImmutable && title.isCreatable && title.isUpdatable)
    }

    /// A fixed `Common.FieldControl` of `ReadOnly` (a Fiori elements service's `*_fc` fields) keeps a property from
    /// being written; a field control read from another property changes per entity and is not counted.
    @Test func fixedReadOnlyFieldControl() throws {
        let doc = try MetadataReader.read(file: Corpus.url("metadata", "sap-edge-v4-withTypeDef.xml").path)
        let items = try doc.entityType(withName: "RequisitionUIService.RequisitionItems")
        let fc = try items.property(withName: "Quantity_fc"), quantity = try items.property(withName: "Quantity")
        #expect(fc.fieldControl == .constant("ReadOnly") && fc.isReadOnlyByFieldControl && !fc.isCreatable && !fc.isUpdatable)
        #expect(quantity.fieldControl == .property("Quantity_fc") && !quantity.isReadOnlyByFieldControl && quantity.isCreatable)

        let model = try PayloadFixtures.model(xml: """
            <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
            <edmx:DataServices><Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="S">
              <EntityType Name="Item"><Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/><Property Name="Note" Type="Edm.String"/>
                <Property Name="Status" Type="Edm.String"/><Property Name="Flag" Type="Edm.String"/></EntityType>
              <EntityContainer Name="C"><EntitySet Name="Items" EntityType="S.Item"/></EntityContainer>
              <Annotations Target="S.Item/Status">
                <Annotation Term="com.sap.vocabularies.Common.v1.FieldControl"
                            EnumMember="com.sap.vocabularies.Common.v1.FieldControlType/ReadOnly"/></Annotations>
              <Annotations Target="S.Item/Flag">
                <Annotation Term="com.sap.vocabularies.Common.v1.FieldControl"
                            EnumMember="com.sap.vocabularies.Common.v1.FieldControlType/Mandatory"/></Annotations>
            </Schema></edmx:DataServices></edmx:Edmx>
            """)
        let set = try model.entitySet(withName: "Items")
        let e = EntityValue.ofType(try set.requireEntityType(), in: set)
        for (name, v) in [("ID", DataValue.int(1)), ("Note", .string("n")), ("Status", .string("s")), ("Flag", .string("f"))] {
            try e.setValue(try set.entityType.property(withName: name), to: v)
        }
        let query = DataQuery().from(set)
        #expect(DataRequest.create(e, at: query).writeRestrictions.map(\.description) == ["Status (Common.FieldControl ReadOnly)"])
        #expect(DataRequest.update(e, at: query.withKey(EntityKey(.int32(1)))).writeRestrictions
                == [WriteRestriction(property: "Status", reason: .readOnly)])
    }
}
