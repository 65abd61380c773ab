import Testing
@testable import ODataClient
import ODataModel
import ODataQuery

/// An entity's identity: made from its key properties or read from the link a service gave it, in V2 or V4
/// spelling, one value either way; links that do not name an entity by set and key are refused.
@Suite struct EntityIdentityTests {
    let v4: CsdlDocument
    let v2: CsdlDocument
    let root = ServiceRoot("https://example.com/svc/?sap-client=100")
    init() throws {
        v4 = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        v2 = try PayloadFixtures.model(xml: PayloadSampleModels.v2)
    }

    private func entity(_ model: CsdlDocument, _ setName: String, _ values: [String: DataValue]) throws -> EntityValue {
        let set = try model.entitySet(withName: setName)
        let e = EntityValue.ofType(set.entityType, in: set)
        for (name, v) in values { try e.setValue(try set.entityType.property(withName: name), to: v) }
        return e
    }

    @Test func v4LinksAndKeysAreOneIdentity() throws {
        let read = try EntityIdentity(link: "Items(7)", root: root, metadata: v4)
        #expect(read == EntityIdentity(keysOf: try entity(v4, "Items", ["ID": .int(7)])))
        #expect(read.description == "Items(7)")
        #expect(try EntityIdentity(link: "https://example.com/svc/Items(ID=7)?$select=Name#x", root: root, metadata: v4) == read)
        #expect(try EntityIdentity(link: "/svc/Items(7)", root: root, metadata: v4) == read)
        #expect(try EntityIdentity(link: "Items(8)", root: root, metadata: v4) != read)
    }

    @Test func compoundKeysInAnyOrderAndStringsWithQuotes() throws {
        let read = try EntityIdentity(link: "Parts(ItemID=1,PartNo='it''s%20(a),b=c')", root: root, metadata: v4)
        #expect(read.key == [.int32(1), .string("it's (a),b=c")])
        #expect(try EntityIdentity(link: "Parts(PartNo='it''s (a),b=c',ItemID=1)", root: root, metadata: v4) == read)
        #expect(read == EntityIdentity(keysOf: try entity(v4, "Parts", ["ItemID": .int(1), "PartNo": .string("it's (a),b=c")])))
        #expect(read.description == "Parts(ItemID=1,PartNo='it''s (a),b=c')")
        let guid = try EntityIdentity(link: "People(01234567-89ab-cdef-0123-456789abcdef)", root: root, metadata: v4)
        #expect(guid.key == [.guid("01234567-89ab-cdef-0123-456789abcdef")])
    }

    @Test func v2TypedLiteralsReadAsTheirValues() throws {
        let link = "Parts(Guid=guid'01234567-89AB-CDEF-0123-456789ABCDEF',Valid=datetime'2024-05-01T10:00:00',Count=10L)"
        let read = try EntityIdentity(link: "https://example.com/svc/" + link, root: root, metadata: v2)
        let guid = try #require(GuidValue("01234567-89ab-cdef-0123-456789abcdef"))
        let valid = try #require(PrimitiveTextReader.parse("2024-05-01T10:00:00", as: .dateTime))
        let e = try entity(v2, "Parts", ["Guid": .guid(guid), "Valid": valid, "Count": .long(10)])
        #expect(EntityIdentity(keysOf: e) == read)
        #expect(try EntityIdentity(link: "Items(7)", root: root, metadata: v2) == EntityIdentity(keysOf: try entity(v2, "Items", ["ID": .int(7)])))
    }

    @Test func linksThatNameNoEntityAreRefused() {
        for link in ["Items(1)/Parts(ItemID=1,PartNo='a')", "Items(1)/Owner", "Categories/Items(1)", "Items(1)/$value",
                     "https://other.example.com/svc/Items(1)", "(1)", "Items", "Nothing(1)", "Items('x')", "Items(1,2)",
                     "Parts(ItemID=1)", "Parts(ItemID=1,ItemID=2)", "Parts(ItemID=1,Other='a')", "Parts(ItemID=1,PartNo='a)"] {
            #expect(throws: (any Error).self, "\(link)") { try EntityIdentity(link: link, root: root, metadata: v4) }
        }
    }

    @Test func keysOfAnEntityWithoutSetOrKeyGiveNone() throws {
        #expect(EntityIdentity(keysOf: try entity(v4, "Parts", ["ItemID": .int(1)])) == nil)
        let set = try v4.entitySet(withName: "Items")
        let e = EntityValue.ofType(set.entityType)
        try e.setValue(try set.entityType.property(withName: "ID"), to: .int(7))
        #expect(EntityIdentity(keysOf: e) == nil)
    }

    @Test func keyPredicateReaderReadsBothSpellings() throws {
        let v2Part = try v2.entitySet(withName: "Parts").entityType
        #expect(KeyPredicateReader.literal("10L", as: .int64) == .int64(10))
        #expect(KeyPredicateReader.literal("10", as: .int64) == .int64(10))
        #expect(KeyPredicateReader.literal("12.50M", as: .decimal) == .decimal("12.50"))
        #expect(KeyPredicateReader.literal("1.5d", as: .double) == .double(1.5))
        #expect(KeyPredicateReader.literal("-INF", as: .double) == .double(-.infinity))
        #expect(KeyPredicateReader.literal("INF", as: .single) == .single(.infinity))
        #expect(KeyPredicateReader.literal("2.5f", as: .single) == .single(2.5))
        #expect(KeyPredicateReader.literal("X'0A1B'", as: .binary) == .binary([10, 27]))
        #expect(KeyPredicateReader.literal("binary'Chs='", as: .binary) == .binary([10, 27]))
        #expect(KeyPredicateReader.literal("time'PT12H30M'", as: .time) == .time("PT12H30M"))
        #expect(KeyPredicateReader.literal("'a'", as: .int32) == nil)
        #expect(KeyPredicateReader.literal("a", as: .string) == nil)
        #expect(KeyPredicateReader.literal("guid'x'", as: .dateTime) == nil)
        let key = try KeyPredicateReader.read("(Count=1L, Valid=datetime'2024-05-01T10:00:00',Guid=guid'01234567-89ab-cdef-0123-456789abcdef')", keysOf: v2Part)
        #expect(key.values.map(\.name) == ["Guid", "Valid", "Count"])
        #expect(key.values.map(\.value) == [.guid("01234567-89ab-cdef-0123-456789abcdef"), .dateTime("2024-05-01T10:00:00"), .int64(1)])
        #expect(throws: KeyPredicateError.self) { try KeyPredicateReader.read("(1)x", keysOf: v2Part) }
    }
}
