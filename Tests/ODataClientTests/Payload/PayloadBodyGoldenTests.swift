import Testing
@testable import ODataClient
import ODataModel

/// Entity bodies for create and update, byte for byte, with a value of every primitive type: V4 JSON (plain and
/// IEEE754Compatible) and V2 verbose JSON as SAP Gateway reads it; type annotations for derived types.
@Suite struct PayloadBodyGoldenTests {
    /// The V4 sample with a derived type of a navigation property's target.
    static let v4 = try! PayloadFixtures.model(xml: PayloadSampleModels.v4.replacingOccurrences(of: #"<EntityType Name="Person""#, with:
        #"<EntityType Name="SpecialPart" BaseType="Test.Part"><Property Name="Note" Type="Edm.String"/></EntityType><EntityType Name="Person""#))
    /// The V2 sample with a derived entity type and a derived complex type.
    static let v2 = try! PayloadFixtures.model(xml: PayloadSampleModels.v2
        .replacingOccurrences(of: #"<Association Name="ItemParts">"#, with:
            #"<EntityType Name="SpecialItem" BaseType="SRV.Item"><Property Name="Extra" Type="Edm.String"/></EntityType>"#
            + #"<ComplexType Name="GeoAddress" BaseType="SRV.Address"><Property Name="Lat" Type="Edm.Double"/></ComplexType>"#
            + #"<Association Name="ItemParts">"#))

    private func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    /// An `Items` entity with `values` set, by property name, in the model's declaration order.
    private func item(_ doc: CsdlDocument, type: String? = nil, _ values: [(String, DataValue)]) throws -> EntityValue {
        let set = try doc.entitySet(withName: "Items")
        let t = try type.map { try doc.entityType(withName: $0) } ?? set.entityType
        let e = EntityValue.ofType(t, in: set)
        for (name, v) in values { try t.property(withName: name).setDataValue(in: e, to: v) }
        return e
    }

    /// One value of every primitive type both versions have.
    static let common: [(String, DataValue)] = [
        ("ID", .int(7)), ("Byte", .unsignedByte(255)), ("SByte", .byte(-128)), ("Int16", .short(-32768)),
        ("Int64", .long(-9_007_199_254_740_993)), ("Decimal", .decimal(DecimalValue("-1234567890.0123456789")!)),
        ("Double", .double(1.5e300)), ("Single", .float(0.25)), ("Boolean", .boolean(false)), ("String", .string("é\"\\\n/")),
        ("Guid", .guid(GuidValue("01234567-89ab-cdef-0123-456789abcdef")!)), ("Binary", .binary([0xFB, 0xFF, 0x00])),
    ]

    @Test func v4EveryPrimitiveType() throws {
        let e = try item(Self.v4, Self.common + [
            ("Date", .localDate(LocalDate("2023-11-14")!)), ("TimeOfDay", .localTime(LocalTime("23:59:59.999")!)),
            ("DateTimeOffset", .globalDateTime(GlobalDateTime("2023-11-14T22:13:20+02:00")!)),
            ("Duration", .duration(DayTimeDuration("-P1DT2H3M4.5S")!)),
        ])
        let t = e.entityType
        try t.property(withName: "Access").setEnumValue(in: e, to: "Read,Write")
        try t.property(withName: "Color").setEnumValue(in: e, to: "Blue")
        try t.property(withName: "Location").setDataValue(in: e, to: .geography(GeographyValue(type: .geographyPoint, geoJSON: #"{"type":"Point","coordinates":[1.5,2]}"#)))
        let body = """
            {"ID":7,"Byte":255,"SByte":-128,"Int16":-32768,%INT64%,%DECIMAL%,"Double":1.5e+300,"Single":0.25,\
            "Boolean":false,"String":"é\\"\\\\\\n/","Guid":"01234567-89ab-cdef-0123-456789abcdef","Binary":"-_8A",\
            "Date":"2023-11-14","TimeOfDay":"23:59:59.999","DateTimeOffset":"2023-11-14T22:13:20+02:00",\
            "Duration":"-P1DT2H3M4.5S","Access":"Read,Write","Color":"Blue","Location":{"type":"Point","coordinates":[1.5,2]}}
            """
        #expect(text(EntityBodyWriter(version: .v4).body(for: e)) == body
            .replacingOccurrences(of: "%INT64%", with: #""Int64":-9007199254740993"#)
            .replacingOccurrences(of: "%DECIMAL%", with: #""Decimal":-1234567890.0123456789"#))
        // IEEE754Compatible=true: Int64 and Decimal as strings, nothing else changes.
        #expect(text(EntityBodyWriter(version: .v4, ieee754Compatible: true).body(for: e)) == body
            .replacingOccurrences(of: "%INT64%", with: #""Int64":"-9007199254740993""#)
            .replacingOccurrences(of: "%DECIMAL%", with: #""Decimal":"-1234567890.0123456789""#))
        // Zulu and negative offsets keep their form.
        let z = try item(Self.v4, [("DateTimeOffset", .globalDateTime(GlobalDateTime("2023-11-14T22:13:20.1234567Z")!))])
        #expect(text(EntityBodyWriter(version: .v4).body(for: z)) == #"{"DateTimeOffset":"2023-11-14T22:13:20.1234567Z"}"#)
    }

    @Test func v2EveryPrimitiveType() throws {
        let e = try item(Self.v2, Self.common + [
            ("DateTime", .localDateTime(LocalDateTime("2023-11-14T22:13:20.5")!)), ("Time", .localTime(LocalTime("23:59:59")!)),
            ("DateTimeOffset", .globalDateTime(GlobalDateTime("2023-11-15T00:13:20+02:00")!)),
        ])
        #expect(text(EntityBodyWriter(version: .v2).body(for: e)) == """
            {"ID":7,"Byte":255,"SByte":-128,"Int16":-32768,"Int64":"-9007199254740993","Decimal":"-1234567890.0123456789",\
            "Double":1.5e+300,"Single":0.25,"Boolean":false,"String":"é\\"\\\\\\n/","Guid":"01234567-89ab-cdef-0123-456789abcdef",\
            "Binary":"+/8A","DateTime":"\\/Date(1700000000500)\\/","Time":"PT23H59M59S","DateTimeOffset":"\\/Date(1700000000000+0120)\\/"}
            """)
    }

    @Test("V2 DateTimeOffset: the instant in ms and the offset in minutes, four digits, also when zero or negative",
          arguments: [
            ("2023-11-14T22:13:20Z", #""\/Date(1700000000000+0000)\/""#),
            ("2023-11-14T22:13:20+00:00", #""\/Date(1700000000000+0000)\/""#),
            ("2023-11-14T18:43:20-03:30", #""\/Date(1700000000000-0210)\/""#),
            ("2023-11-15T12:13:20+14:00", #""\/Date(1700000000000+0840)\/""#),
            ("1969-12-31T23:59:59.999Z", #""\/Date(-1+0000)\/""#),
            ("2023-11-14T22:13:20.1239999Z", #""\/Date(1700000000123+0000)\/""#),
          ])
    func v2DateTimeOffset(_ iso: String, _ json: String) throws {
        let e = try item(Self.v2, [("DateTimeOffset", .globalDateTime(GlobalDateTime(iso)!))])
        #expect(text(EntityBodyWriter(version: .v2).body(for: e)) == #"{"DateTimeOffset":"# + json + "}")
        // What is written reads back as the same instant at the same offset.
        let read = try PayloadFixtures.read(Array(#"{"d":{"results":[{"DateTimeOffset":\#(json)}]}}"#.utf8), format: .v2JSON,
                                            model: Self.v2, target: .entitySet(try Self.v2.entitySet(withName: "Items")))
        guard case .globalDateTime(let back)? = read.entities.first?["DateTimeOffset"] else {
            Issue.record("not read back: \(read.entities)"); return
        }
        let given = GlobalDateTime(iso)!
        #expect(back.millisecondsSinceEpoch == given.millisecondsSinceEpoch && back.offsetMinutes == given.offsetMinutes)
    }

    @Test func v2ComplexValues() throws {
        let e = try item(Self.v2, [("ID", .int(1))])
        let address = ComplexValue.ofType(try Self.v2.complexType(withName: "SRV.Address"))
        try address.complexType.property(withName: "City").setStringValue(in: address, to: "Walldorf")
        try e.entityType.property(withName: "Address").setComplexValue(in: e, to: address)
        #expect(text(EntityBodyWriter(version: .v2).body(for: e)) == #"{"ID":1,"Address":{"City":"Walldorf"}}"#)
    }

    @Test func derivedTypesAreAnnotated() throws {
        // V4: an entity of a derived type in its base type's set, a derived complex value, a deep insert of a
        // derived type through a navigation property; not the set's own type.
        let special = try item(Self.v4, type: "Test.SpecialItem", [("ID", .int(1)), ("Extra", .string("x"))])
        let geo = ComplexValue.ofType(try Self.v4.complexType(withName: "Test.GeoAddress"))
        try geo.complexType.property(withName: "Lat").setDoubleValue(in: geo, to: 49.5)
        try special.entityType.property(withName: "Address").setComplexValue(in: special, to: geo)
        #expect(text(EntityBodyWriter(version: .v4).body(for: special)) == """
            {"@odata.type":"#Test.SpecialItem","ID":1,"Address":{"@odata.type":"#Test.GeoAddress","Lat":49.5},"Extra":"x"}
            """)
        let plain = try item(Self.v4, [("ID", .int(2))])
        #expect(text(EntityBodyWriter(version: .v4).body(for: plain)) == #"{"ID":2}"#)
        var always = EntityBodyWriter(version: .v4)
        always.alwaysWriteType = true
        #expect(text(always.body(for: plain)) == ##"{"@odata.type":"#Test.Item","ID":2}"##)

        // A deep insert: each child typed by what the navigation property declares, annotated when it differs.
        let deep = try item(Self.v4, [("ID", .int(4))])
        let part = EntityValue.ofType(try Self.v4.entityType(withName: "Test.Part"))
        try part.entityType.property(withName: "PartNo").setStringValue(in: part, to: "A")
        let specialPart = EntityValue.ofType(try Self.v4.entityType(withName: "Test.SpecialPart"))
        try specialPart.entityType.property(withName: "PartNo").setStringValue(in: specialPart, to: "B")
        try specialPart.entityType.property(withName: "Note").setStringValue(in: specialPart, to: "n")
        let parts = try #require(deep.entityType.navigationProperty(named: "Parts"))
        try parts.setEntityValueList(in: deep, to: EntityValueList([part, specialPart]))
        #expect(text(EntityBodyWriter(version: .v4).body(for: deep)) == """
            {"ID":4,"Parts":[{"PartNo":"A"},{"@odata.type":"#Test.SpecialPart","PartNo":"B","Note":"n"}]}
            """)

        // V2: __metadata with the type, for entities and complex values.
        let special2 = try item(Self.v2, type: "SRV.SpecialItem", [("ID", .int(1)), ("Extra", .string("x"))])
        let geo2 = ComplexValue.ofType(try Self.v2.complexType(withName: "SRV.GeoAddress"))
        try geo2.complexType.property(withName: "Lat").setDoubleValue(in: geo2, to: 49.5)
        try special2.entityType.property(withName: "Address").setComplexValue(in: special2, to: geo2)
        #expect(text(EntityBodyWriter(version: .v2).body(for: special2)) == """
            {"__metadata":{"type":"SRV.SpecialItem"},"ID":1,"Address":{"__metadata":{"type":"SRV.GeoAddress"},"Lat":49.5},"Extra":"x"}
            """)
        #expect(text(EntityBodyWriter(version: .v2).body(for: try item(Self.v2, [("ID", .int(2))]))) == #"{"ID":2}"#)
    }
}
