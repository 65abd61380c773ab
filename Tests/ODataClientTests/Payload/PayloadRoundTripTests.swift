import Testing
@testable import ODataClient
import ODataModel

/// Every primitive type, edge values included, written as a request body and read back, in both JSON dialects.
@Suite struct PayloadRoundTripTests {
    static let v4 = try! PayloadFixtures.model(xml: PayloadSampleModels.v4)
    static let v2 = try! PayloadFixtures.model(xml: PayloadSampleModels.v2)

    /// Property name and the values to try.
    static let v4Values: [(String, [DataValue])] = [
        ("ID", [.int(.min), .int(.max), .int(0)]),
        ("Byte", [.unsignedByte(0), .unsignedByte(255)]),
        ("SByte", [.byte(-128), .byte(127)]),
        ("Int16", [.short(.min), .short(.max)]),
        ("Int64", [.long(.min), .long(.max), .long(0), .long(-1)]),
        ("Decimal", ["12345678901234567890.1234567890", "-0.0000000001", "0", "100.00", "-99999999999999999999.9999999999"].map { .decimal(DecimalValue($0)!) }),
        ("Double", [.double(-0.0), .double(0.0), .double(.infinity), .double(-.infinity), .double(.nan), .double(.leastNonzeroMagnitude),
                    .double(.greatestFiniteMagnitude), .double(0.1), .double(123.456), .double(-1e-300), .double(1e21)]),
        ("Single", [.float(-0.0), .float(.infinity), .float(-.infinity), .float(.nan), .float(.greatestFiniteMagnitude),
                    .float(.leastNonzeroMagnitude), .float(0.25), .float(3.14159)]),
        ("Boolean", [.boolean(true), .boolean(false)]),
        ("String", [.string(""), .string("Grüße 東京 🎉 \"quoted\" \\ back\nslash\t\u{1}\u{7F}"), .string(String(repeating: "x", count: 10_000)), .null]),
        ("Guid", [.guid(GuidValue("01234567-89ab-cdef-0123-456789abcdef")!), .guid(GuidValue(high: 0, low: 0))]),
        ("Binary", [.binary((0...255).map { UInt8($0) }), .binary([]), .binary([0xFF])]),
        ("Date", ["1969-07-20", "0001-01-01", "9999-12-31", "2024-02-29", "-0044-03-15"].map { .localDate(LocalDate($0)!) }),
        ("TimeOfDay", ["00:00:00", "23:59:59.1234567", "12:00:00.5"].map { .localTime(LocalTime($0)!) }),
        ("DateTimeOffset", ["2024-01-01T10:00:00.1234567+14:00", "1969-07-20T20:17:40-12:00", "2000-02-29T00:00:00Z",
                            "1600-01-01T00:00:00.000000001+05:45"].map { .globalDateTime(GlobalDateTime($0)!) }),
        ("Duration", ["PT0S", "-P1DT2H3M4.5S", "P12DT23H59M59.999999999999S", "PT0.0000001S"].map { .duration(DayTimeDuration($0)!) }),
    ]

    static let v2Values: [(String, [DataValue])] = [
        ("ID", [.int(.min), .int(.max)]),
        ("Byte", [.unsignedByte(255)]),
        ("SByte", [.byte(-128)]),
        ("Int16", [.short(.min), .short(.max)]),
        ("Int64", [.long(.min), .long(.max)]),
        ("Decimal", ["12345678901234567890.1234567890", "-0.0000000001", "100.00"].map { .decimal(DecimalValue($0)!) }),
        ("Double", [.double(-0.0), .double(.infinity), .double(-.infinity), .double(.nan), .double(.greatestFiniteMagnitude), .double(0.1)]),
        ("Single", [.float(-0.0), .float(.nan), .float(.infinity), .float(0.25)]),
        ("Boolean", [.boolean(true), .boolean(false)]),
        ("String", [.string(""), .string("Grüße 東京 🎉 \"q\" \\ /Date(0)/ \n"), .null]),
        ("Guid", [.guid(GuidValue("01234567-89ab-cdef-0123-456789abcdef")!)]),
        ("Binary", [.binary((0...255).map { UInt8($0) }), .binary([])]),
        // /Date(ms)/ carries milliseconds: more digits are a limit of the V2 format, not of the reader.
        ("DateTime", ["1969-07-20T20:17:40.123", "1900-01-01T00:00:00", "9999-12-31T23:59:59.999", "2024-02-29T12:00:00"].map { .localDateTime(LocalDateTime($0)!) }),
        ("Time", ["00:00:00", "23:59:59.1234567", "12:30:00"].map { .localTime(LocalTime($0)!) }),
        // Written as /Date(ms+offset)/ too (as SAP Gateway does): milliseconds, and the offset kept.
        ("DateTimeOffset", ["2024-01-01T10:00:00.123+14:00", "1969-07-20T20:17:40-12:00", "2000-02-29T23:30:00-03:30"].map { .globalDateTime(GlobalDateTime($0)!) }),
    ]

    /// Writes an entity with `name` set to `value` and reads the body back as the service would send it.
    private func roundTrip(_ doc: CsdlDocument, version: ODataVersion, ieee754: Bool = false, name: String, value: DataValue) throws -> DataValue? {
        let set = try doc.entitySet(withName: "Items")
        let e = EntityValue.ofType(set.entityType, in: set)
        if name != "ID" { try set.entityType.property(withName: "ID").setIntValue(in: e, to: 1) }
        try e.setValue(set.entityType.property(withName: name), to: value)
        let body = EntityBodyWriter(version: version, ieee754Compatible: ieee754).body(for: e)
        let payload = version.isV4 ? body : Array("{\"d\":".utf8) + body + Array("}".utf8)
        let r = try PayloadFixtures.read(payload, format: version.isV4 ? .v4JSON : .v2JSON, model: doc, target: .entitySet(set),
                                         options: .strict, chunks: [3])
        #expect(r.entities.count == 1)
        return r.entities.first?[name]
    }

    private func check(_ got: DataValue?, _ value: DataValue, _ what: String) {
        #expect(got == value, "\(what): \(value) came back as \(got.map { "\($0)" } ?? "nothing")")
        #expect(got?.description == value.description, "\(what)")
    }

    @Test(arguments: v4Values.map(\.0))
    func v4(_ name: String) throws {
        for v in Self.v4Values.first(where: { $0.0 == name })!.1 {
            check(try roundTrip(Self.v4, version: .v4, name: name, value: v), v, "V4 \(name)")
            check(try roundTrip(Self.v4, version: .v4, ieee754: true, name: name, value: v), v, "V4 IEEE754Compatible \(name)")
        }
    }

    @Test(arguments: v2Values.map(\.0))
    func v2(_ name: String) throws {
        for v in Self.v2Values.first(where: { $0.0 == name })!.1 {
            check(try roundTrip(Self.v2, version: .v2, name: name, value: v), v, "V2 \(name)")
        }
    }

    @Test func structuredAndSpecialValuesV4() throws {
        let doc = Self.v4
        let item = try doc.entityType(withName: "Item")
        let access = try doc.enumType(withName: "Access")
        let cases: [(String, DataValue)] = [
            ("Access", .enumValue(EnumValue.parse("Read,Write", type: access)!)),
            ("Color", .enumValue(EnumValue.parse("Blue", type: try doc.enumType(withName: "Color"))!)),
            ("Tags", .list(DataValueList(elementType: TypeReference("Edm.String"), [.string(""), .string("ü"), .null]))),
            ("Location", .geography(GeographyValue(type: .geographyPoint, geoJSON: "{\"type\":\"Point\",\"coordinates\":[1.5,2.5]}"))),
            ("Untyped", .untyped(RawValue(json: "{\"a\":[1,2,{\"b\":null}]}"))),
        ]
        for (name, v) in cases {
            let got = try roundTrip(doc, version: .v4, name: name, value: v)
            #expect(got == v, "\(name): \(String(describing: got))")
        }
        // A derived complex value carries its type and comes back as that type.
        let geo = ComplexValue.ofType(try doc.complexType(withName: "GeoAddress"))
        try geo.complexType.property(withName: "City").setStringValue(in: geo, to: "Berlin")
        try geo.complexType.property(withName: "Lat").setDoubleValue(in: geo, to: 52.52)
        let got = try roundTrip(doc, version: .v4, name: "Address", value: .complex(geo))
        guard case .complex(let c)? = got else { Issue.record("no complex value"); return }
        #expect(c.complexType.name == "GeoAddress")
        #expect(c["Lat"] == .double(52.52))
        _ = item
    }

    @Test func derivedEntityAndDynamicProperties() throws {
        let doc = Self.v4
        let items = try doc.entitySet(withName: "Items")
        let special = EntityValue.ofType(try doc.entityType(withName: "SpecialItem"), in: items)
        try special.entityType.property(withName: "ID").setIntValue(in: special, to: 5)
        try special.entityType.property(withName: "Extra").setStringValue(in: special, to: "more")
        let body = EntityBodyWriter(version: .v4).body(for: special)
        #expect(String(decoding: body, as: UTF8.self) == "{\"@odata.type\":\"#Test.SpecialItem\",\"ID\":5,\"Extra\":\"more\"}")
        let r = try PayloadFixtures.read(body, format: .v4JSON, model: doc, target: .entitySet(items), options: .strict)
        #expect(r.entities[0].entityType.name == "SpecialItem")
        #expect(r.entities[0]["Extra"] == .string("more"))

        let people = try doc.entitySet(withName: "People")
        let p = EntityValue.ofType(people.entityType, in: people)
        try people.entityType.property(withName: "Key").setGuidValue(in: p, to: GuidValue(high: 1, low: 2))
        p.setDynamicValue("Nickname", to: .string("Bob"))
        let pb = EntityBodyWriter(version: .v4).body(for: p)
        let pr = try PayloadFixtures.read(pb, format: .v4JSON, model: doc, target: .entitySet(people), options: .strict)
        #expect(pr.entities[0]["Nickname"] == .untyped(RawValue(json: "\"Bob\"")))
    }
}
