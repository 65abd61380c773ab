import Testing
@testable import ODataClient
import ODataModel
import ODataQuery

@Suite struct ValuesEntityTests {
    let v4: CsdlDocument
    let v2: CsdlDocument
    init() throws {
        v4 = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        v2 = try PayloadFixtures.model(xml: PayloadSampleModels.v2)
    }

    @Test func sapStyleAccessors() throws {
        let set = try v4.entitySet(withName: "Items")
        let type = set.entityType
        let e = EntityValue.ofType(type, in: set)
        #expect(e.isNew)
        #expect(!e.hasChanges)
        try type.property(withName: "ID").setIntValue(in: e, to: 7)
        try type.property(withName: "String").setStringValue(in: e, to: "Grüße")
        try type.property(withName: "Int16").setIntValue(in: e, to: 300)
        try type.property(withName: "Int64").setLongValue(in: e, to: .max)
        try type.property(withName: "Decimal").setDecimalValue(in: e, to: DecimalValue("12.50")!)
        try type.property(withName: "Double").setDoubleValue(in: e, to: 1.5)
        try type.property(withName: "Access").setEnumValue(in: e, to: "Read,Write")
        try type.property(withName: "Color").setNullValue(in: e)
        #expect(try type.property(withName: "ID").getIntValue(from: e) == 7)
        #expect(try type.property(withName: "String").getStringValue(from: e) == "Grüße")
        #expect(e.getValue(try type.property(withName: "Int16")) == .short(300))
        #expect(try type.property(withName: "Int64").getLongValue(from: e) == .max)
        #expect(try type.property(withName: "Decimal").getDecimalValue(from: e)?.description == "12.50")
        #expect(try type.property(withName: "Access").getEnumValue(from: e)?.value == 3)
        #expect(try type.property(withName: "Color").isNull(in: e))
        #expect(e.value(for: try type.property(withName: "Boolean")) == nil)
        #expect(e.getValue(try type.property(withName: "Boolean")) == .null)
        #expect(Set(e.changedProperties.map(\.name)) == ["ID", "String", "Int16", "Int64", "Decimal", "Double", "Access", "Color"])
        e.resetChanges()
        #expect(!e.hasChanges)
    }

    @Test func settersCheckTypesAndRanges() throws {
        let type = try v4.entityType(withName: "Item")
        let e = EntityValue.ofType(type)
        #expect(throws: ValueConversionError.self) { try type.property(withName: "Int16").setIntValue(in: e, to: 40_000) }
        #expect(throws: ValueConversionError.self) { try type.property(withName: "Byte").setIntValue(in: e, to: -1) }
        #expect(throws: ValueConversionError.self) { try type.property(withName: "ID").setStringValue(in: e, to: "x") }
        #expect(throws: ValueConversionError.self) { try type.property(withName: "String").setIntValue(in: e, to: 1) }
        #expect(throws: ValueConversionError.self) { try type.property(withName: "ID").setNullValue(in: e) }
        #expect(throws: ValueConversionError.self) { try type.property(withName: "Color").setEnumValue(in: e, to: "Purple") }
        #expect(throws: ValueConversionError.self) { try type.property(withName: "Color").setEnumValue(in: e, to: "Red,Green") }
        #expect(throws: ValueConversionError.self) { try e.setValue(type.property(withName: "Date"), to: .string("2024-01-01")) }
        // Exact conversions are allowed.
        try type.property(withName: "Decimal").setIntValue(in: e, to: 5)
        #expect(e.getValue(try type.property(withName: "Decimal")) == .decimal(5))
        try type.property(withName: "Int16").setDecimalValue(in: e, to: DecimalValue("12.000")!)
        #expect(e.getValue(try type.property(withName: "Int16")) == .short(12))
        #expect(throws: ValueConversionError.self) { try type.property(withName: "Int16").setDecimalValue(in: e, to: DecimalValue("12.5")!) }
    }

    @Test func complexValuesAndDerivedTypes() throws {
        let item = try v4.entityType(withName: "Item")
        let geo = try v4.complexType(withName: "GeoAddress")
        let e = EntityValue.ofType(item)
        let a = ComplexValue.ofType(geo)
        try geo.property(withName: "City").setStringValue(in: a, to: "Berlin")
        try geo.property(withName: "Lat").setDoubleValue(in: a, to: 52.5)
        try item.property(withName: "Address").setComplexValue(in: e, to: a)
        #expect(try item.property(withName: "Address").getComplexValue(from: e)?["City"] == .string("Berlin"))
        #expect(throws: ValueConversionError.self) { try item.property(withName: "Address").setDataValue(in: e, to: .string("x")) }
        let special = EntityValue.ofType(try v4.entityType(withName: "SpecialItem"))
        try special.entityType.property(withName: "Extra").setStringValue(in: special, to: "x")
        try special.entityType.property(withName: "ID").setIntValue(in: special, to: 1)
        #expect(special["Extra"] == .string("x"))
    }

    @Test func keyPredicatesForBothVersions() throws {
        let items = try v4.entitySet(withName: "Items")
        let e = EntityValue.ofType(items.entityType, in: items)
        #expect(throws: ValueConversionError.self) { try e.keyPredicate() }
        try items.entityType.property(withName: "ID").setIntValue(in: e, to: 10248)
        #expect(try e.keyPredicate() == "(10248)")
        #expect(e.displayPath == "Items(10248)")
        let parts = try v4.entitySet(withName: "Parts")
        let p = EntityValue.ofType(parts.entityType, in: parts)
        try parts.entityType.property(withName: "ItemID").setIntValue(in: p, to: 10248)
        try parts.entityType.property(withName: "PartNo").setStringValue(in: p, to: "O'Neil/1")
        #expect(try p.keyPredicate() == "(ItemID=10248,PartNo='O''Neil/1')")
        #expect(URLEncoding.pathSegment("Parts" + (try p.keyPredicate())) == "Parts(ItemID=10248,PartNo='O''Neil%2F1')")
        let people = try v4.entitySet(withName: "People")
        let person = EntityValue.ofType(people.entityType, in: people)
        try people.entityType.property(withName: "Key").setGuidValue(in: person, to: GuidValue("01234567-89AB-CDEF-0123-456789ABCDEF")!)
        #expect(try person.keyPredicate() == "(01234567-89ab-cdef-0123-456789abcdef)")
        #expect(try person.keyPredicate(version: .v2) == "(guid'01234567-89ab-cdef-0123-456789abcdef')")

        let v2parts = try v2.entitySet(withName: "Parts")
        let q = EntityValue.ofType(v2parts.entityType, in: v2parts)
        try v2parts.entityType.property(withName: "Guid").setGuidValue(in: q, to: GuidValue("005056a5-0000-1ed4-0000-09194eca0001")!)
        try v2parts.entityType.property(withName: "Valid").setLocalDateTime(in: q, to: LocalDateTime("2025-08-31T00:00:00")!)
        try v2parts.entityType.property(withName: "Count").setLongValue(in: q, to: 10)
        #expect(try q.keyPredicate(version: .v2) == "(Guid=guid'005056a5-0000-1ed4-0000-09194eca0001',Valid=datetime'2025-08-31T00:00:00',Count=10L)")
    }

    @Test func urlLiteralsOfEveryKind() throws {
        let cases: [(DataValue, String, String)] = [
            (.null, "null", "null"),
            (.boolean(true), "true", "true"),
            (.unsignedByte(255), "255", "255"),
            (.byte(-8), "-8", "-8"),
            (.short(-3), "-3", "-3"),
            (.int(42), "42", "42"),
            (.long(10), "10", "10L"),
            (.decimal(DecimalValue("12.50")!), "12.50", "12.50M"),
            (.double(1.5), "1.5", "1.5d"),
            (.double(1e20), "1e+20", "1e+20d"),
            (.double(.infinity), "INF", "INFd"),
            (.double(.nan), "NaN", "NaNd"),
            (.float(0.25), "0.25", "0.25f"),
            (.string("it's"), "'it''s'", "'it''s'"),
            (.guid(GuidValue("01234567-89ab-cdef-0123-456789abcdef")!), "01234567-89ab-cdef-0123-456789abcdef", "guid'01234567-89ab-cdef-0123-456789abcdef'"),
            (.binary([0x0A, 0xFF, 0xFE]), "binary'Cv_-'", "X'0AFFFE'"),
            (.localTime(LocalTime("12:30:00")!), "12:30:00", "time'PT12H30M00S'"),
            (.globalDateTime(GlobalDateTime("2024-05-01T10:00:00+02:00")!), "2024-05-01T10:00:00+02:00", "datetimeoffset'2024-05-01T10:00:00+02:00'"),
            (.duration(DayTimeDuration("P1DT2H")!), "duration'P1DT2H'", "time'P1DT2H'"),
        ]
        let v4 = LiteralFormatter(version: .v4), v2 = LiteralFormatter(version: .v2)
        for (v, v4text, v2text) in cases {
            #expect(try v4.text(v) == v4text, "\(v)")
            #expect(try v2.text(v) == v2text, "\(v)")
        }
        #expect(try v4.text(DataValue.binary([0x0A])) == "binary'Cg=='")
        #expect(try v4.text(DataValue.double(2)) == "2" && (try v2.text(DataValue.double(2))) == "2d")
        // Types one version does not have are refused by the formatter, naming the version and what to use.
        #expect(try v4.text(.localDate(LocalDate("2024-05-01")!)) == "2024-05-01")
        let date = #expect(throws: QueryWriteError.self) { try v2.text(.localDate(LocalDate("2024-05-01")!)) }
        #expect(date?.message.contains("OData V2 has Edm.DateTime") == true)
        #expect(try v2.text(.localDateTime(LocalDateTime("2024-05-01T10:00")!)) == "datetime'2024-05-01T10:00:00'")
        #expect(throws: QueryWriteError.self) { try v4.text(.localDateTime(LocalDateTime("2024-05-01T10:00")!)) }
        // Structured values: V4 JSON (a function parameter goes as an alias); V2 has no literal for them.
        #expect(try v4.text(.list(DataValueList([.int(1), .int(2)]))) == "[1,2]")
        #expect(try DataValue.list(DataValueList([.string("a")])).queryLiteral(for: .v4) == .json(#"["a"]"#))
        #expect(throws: ValueConversionError.self) { try v2.text(.list(DataValueList([.int(1)]))) }
        #expect(throws: ValueConversionError.self) { try v4.text(.geography(GeographyValue(type: .geographyPoint, geoJSON: "{}"))) }
        let color = try self.v4.enumType(withName: "Color")
        #expect(try v4.text(.enumValue(EnumValue.parse("Red", type: color)!)) == "Test.Color'Red'")
    }

    @Test func enumsAndFlags() throws {
        let access = try v4.enumType(withName: "Access")
        #expect(EnumValue.parse("Read, Write", type: access)?.value == 3)
        #expect(EnumValue.parse("Read,Write", type: access)?.name == "Read,Write")
        #expect(EnumValue.parse("6", type: access)?.name == "Write,Delete")
        #expect(EnumValue.parse("Read,Bogus", type: access) == nil)
        #expect(EnumValue.parse("Read,Bogus", type: access, open: true)?.value == 1)
        let color = try v4.enumType(withName: "Color")
        #expect(EnumValue.parse("Green", type: color)?.value == 1)
        #expect(EnumValue.parse("Red,Green", type: color) == nil)
        #expect(EnumValue.parse("7", type: color) == nil)
    }

    @Test func copiesAreDeep() throws {
        let item = try v4.entityType(withName: "Item")
        let e = EntityValue.ofType(item)
        let a = ComplexValue.ofType(try v4.complexType(withName: "Address"))
        try a.complexType.property(withName: "City").setStringValue(in: a, to: "Berlin")
        try item.property(withName: "Address").setComplexValue(in: e, to: a)
        e.etag = "W/\"1\""
        let c = e.copy()
        #expect(c == e)
        try a.complexType.property(withName: "City").setStringValue(in: a, to: "Paris")
        #expect(c != e)
        #expect(c.etag == "W/\"1\"")
    }
}
