import Testing
@testable import ODataClient
import ODataModel

/// Request bodies in both dialects, byte for byte, and the NDJSON output.
@Suite struct PayloadWriterTests {
    static let v4 = try! PayloadFixtures.model(xml: PayloadSampleModels.v4)
    static let v2 = try! PayloadFixtures.model(xml: PayloadSampleModels.v2)

    private func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    private func sampleItem(_ doc: CsdlDocument) throws -> EntityValue {
        let set = try doc.entitySet(withName: "Items")
        let t = set.entityType
        let e = EntityValue.ofType(t, in: set)
        try t.property(withName: "ID").setIntValue(in: e, to: 1)
        try t.property(withName: "Int64").setLongValue(in: e, to: 9_007_199_254_740_993)
        try t.property(withName: "Decimal").setDecimalValue(in: e, to: DecimalValue("12.50")!)
        try t.property(withName: "Double").setDoubleValue(in: e, to: .nan)
        try t.property(withName: "String").setStringValue(in: e, to: "a\"b")
        try t.property(withName: "Guid").setGuidValue(in: e, to: GuidValue("01234567-89ab-cdef-0123-456789abcdef")!)
        try t.property(withName: "Binary").setBinaryValue(in: e, to: [0xFB, 0xFF])
        try t.property(withName: "DateTimeOffset").setGlobalDateTime(in: e, to: GlobalDateTime("2024-01-01T10:00:00.5+02:00")!)
        return e
    }

    @Test func v4Bodies() throws {
        let e = try sampleItem(Self.v4)
        let t = e.entityType
        try t.property(withName: "Date").setLocalDate(in: e, to: LocalDate("1969-07-20")!)
        try t.property(withName: "TimeOfDay").setLocalTime(in: e, to: LocalTime("12:30:00.1234567")!)
        try t.property(withName: "Duration").setDuration(in: e, to: DayTimeDuration("P1DT2H")!)
        try t.property(withName: "Access").setEnumValue(in: e, to: "Read,Write")
        #expect(text(EntityBodyWriter(version: .v4).body(for: e)) == """
            {"ID":1,"Int64":9007199254740993,"Decimal":12.50,"Double":"NaN","String":"a\\"b","Guid":"01234567-89ab-cdef-0123-456789abcdef",\
            "Binary":"-_8=","Date":"1969-07-20","TimeOfDay":"12:30:00.1234567","DateTimeOffset":"2024-01-01T10:00:00.5+02:00",\
            "Duration":"P1DT2H","Access":"Read,Write"}
            """)
        #expect(text(EntityBodyWriter(version: .v4, ieee754Compatible: true).body(for: e)).hasPrefix("""
            {"ID":1,"Int64":"9007199254740993","Decimal":"12.50",
            """))
    }

    @Test func v2Bodies() throws {
        let e = try sampleItem(Self.v2)
        let t = e.entityType
        try t.property(withName: "DateTime").setLocalDateTime(in: e, to: LocalDateTime("1969-07-20T20:17:40.5")!)
        try t.property(withName: "Time").setLocalTime(in: e, to: LocalTime("08:05:00")!)
        try t.property(withName: "Single").setDoubleValue(in: e, to: 0.5)
        #expect(text(EntityBodyWriter(version: .v2).body(for: e)) == """
            {"ID":1,"Int64":"9007199254740993","Decimal":"12.50","Double":"NaN","Single":0.5,"String":"a\\"b",\
            "Guid":"01234567-89ab-cdef-0123-456789abcdef","Binary":"+/8=","DateTime":"\\/Date(-14182939500)\\/",\
            "Time":"PT08H05M00S","DateTimeOffset":"\\/Date(1704096000500+0120)\\/"}
            """)
    }

    @Test func updateBodiesCarryOnlyChanges() throws {
        // An entity as read from the service: no changes until something is set.
        let doc = Self.v4
        let items = try doc.entitySet(withName: "Items")
        let r = try PayloadFixtures.read(Array("{\"value\":[{\"ID\":1,\"String\":\"old\",\"Int16\":5,\"Address\":{\"City\":\"Berlin\",\"Zip\":\"10115\"}}]}".utf8),
                                         format: .v4JSON, model: doc, target: .entitySet(items))
        let e = r.entities[0]
        #expect(!e.hasChanges)
        #expect(text(EntityBodyWriter(version: .v4).body(for: e, content: .changes)) == "{}")
        try e.entityType.property(withName: "String").setStringValue(in: e, to: "new")
        #expect(text(EntityBodyWriter(version: .v4).body(for: e, content: .changes)) == "{\"String\":\"new\"}")
        // A complex value changed inside counts as a change of its property.
        let address = try #require(try e.entityType.property(withName: "Address").getComplexValue(from: e))
        try address.complexType.property(withName: "City").setStringValue(in: address, to: "Paris")
        #expect(text(EntityBodyWriter(version: .v4).body(for: e, content: .changes)) == "{\"String\":\"new\",\"Address\":{\"City\":\"Paris\",\"Zip\":\"10115\"}}")
        #expect(text(EntityBodyWriter(version: .v2).body(for: e, content: .changes)) == "{\"String\":\"new\",\"Address\":{\"City\":\"Paris\",\"Zip\":\"10115\"}}")
        // PUT writes everything.
        #expect(text(EntityBodyWriter(version: .v4).body(for: e)) == "{\"ID\":1,\"Int16\":5,\"String\":\"new\",\"Address\":{\"City\":\"Paris\",\"Zip\":\"10115\"}}")
        e.resetChanges()
        #expect(text(EntityBodyWriter(version: .v4).body(for: e, content: .changes)) == "{}")
    }

    @Test func bindingsAndDeepInserts() throws {
        let doc = Self.v4
        let items = try doc.entitySet(withName: "Items")
        let e = EntityValue.ofType(items.entityType, in: items)
        try items.entityType.property(withName: "ID").setIntValue(in: e, to: 3)
        let owner = try items.entityType.member(withName: "Owner") as! NavigationProperty
        let parts = try items.entityType.member(withName: "Parts") as! NavigationProperty
        e.bind(owner, to: "People(01234567-89ab-cdef-0123-456789abcdef)")
        e.bind(parts, to: "Parts(ItemID=1,PartNo='A')")
        e.bind(parts, to: "Parts(ItemID=1,PartNo='B')")
        #expect(text(EntityBodyWriter(version: .v4).body(for: e)) == """
            {"ID":3,"Owner@odata.bind":"People(01234567-89ab-cdef-0123-456789abcdef)",\
            "Parts@odata.bind":["Parts(ItemID=1,PartNo='A')","Parts(ItemID=1,PartNo='B')"]}
            """)
        #expect(text(EntityBodyWriter(version: .v2).body(for: e)) == """
            {"ID":3,"Owner":{"__metadata":{"uri":"People(01234567-89ab-cdef-0123-456789abcdef)"}},\
            "Parts":[{"__metadata":{"uri":"Parts(ItemID=1,PartNo='A')"}},{"__metadata":{"uri":"Parts(ItemID=1,PartNo='B')"}}]}
            """)

        let deep = EntityValue.ofType(items.entityType, in: items)
        try items.entityType.property(withName: "ID").setIntValue(in: deep, to: 4)
        let partSet = try doc.entitySet(withName: "Parts")
        let p = EntityValue.ofType(partSet.entityType, in: partSet)
        try partSet.entityType.property(withName: "PartNo").setStringValue(in: p, to: "X")
        try parts.setEntityValueList(in: deep, to: EntityValueList([p]))
        #expect(text(EntityBodyWriter(version: .v4).body(for: deep)) == "{\"ID\":4,\"Parts\":[{\"PartNo\":\"X\"}]}")
        #expect(throws: ValueConversionError.self) { try owner.setEntityValueList(in: deep, to: EntityValueList()) }
    }

    @Test func ndjsonOutput() throws {
        let doc = Self.v4
        let r = try PayloadFixtures.read(Array("""
            {"value":[{"@odata.etag":"W/\\"1\\"","@odata.id":"Items(1)","ID":1,"Double":"-INF","Decimal":1.50,\
            "Location":{"type":"Point","coordinates":[1,2]},"Parts":[{"ItemID":1,"PartNo":"A"}],"Owner@odata.navigationLink":"Items(1)/Owner"}]}
            """.utf8), format: .v4JSON, model: doc, target: .entitySet(try doc.entitySet(withName: "Items")))
        #expect(PayloadFixtures.dump(r.entities) == """
            {"@odata.id":"Items(1)","@odata.etag":"W/\\"1\\"","Owner@odata.navigationLink":"Items(1)/Owner","ID":1,"Decimal":1.50,\
            "Double":"-INF","Location":{"type":"Point","coordinates":[1,2]},"Parts":[{"ItemID":1,"PartNo":"A"}]}

            """)
        // Without annotations, as odsh -o ndjson writes (its NDJSONWriter puts one of these on each line).
        let out = JSONOutput()
        let w = JSONValueWriter(dialect: .output)
        w.writeEntity(r.entities[0], to: out)
        out.byte(0x0A)
        w.write(.string("x\ny"), to: out, order: nil)
        #expect(String(decoding: out.bytesView, as: UTF8.self) == """
            {"ID":1,"Decimal":1.50,"Double":"-INF","Location":{"type":"Point","coordinates":[1,2]},"Parts":[{"ItemID":1,"PartNo":"A"}]}
            "x\\ny"
            """)
    }

    @Test func actionParametersAndPropertyValues() throws {
        let w = EntityBodyWriter(version: .v4)
        #expect(text(w.body(parameters: [("pct", .int(10)), ("when", .localDate(LocalDate("2024-01-01")!))])) == "{\"pct\":10,\"when\":\"2024-01-01\"}")
        let p = try Self.v4.entityType(withName: "Item").property(withName: "Decimal")
        #expect(text(w.body(property: p, value: .decimal(DecimalValue("1.0")!))) == "{\"value\":1.0}")
        #expect(text(EntityBodyWriter(version: .v2).body(property: p, value: .decimal(DecimalValue("1.0")!))) == "{\"Decimal\":\"1.0\"}")
    }
}
