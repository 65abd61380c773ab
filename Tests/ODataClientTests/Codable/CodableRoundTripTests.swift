import Foundation
import Testing
import ODataClient
import ODataModel

/// Every mapping of the Codable bridge, offline, on the sample model: Swift values into an entity of each EDM type
/// and back, deep insert of navigation, dynamic properties of an open type.
@Suite struct CodableRoundTripTests {
    let model: CsdlDocument
    init() throws { model = try PayloadFixtures.model(xml: PayloadSampleModels.v4) }

    struct Address: Codable, Equatable { var City: String; var Zip: String? }
    enum Color: String, Codable { case Red, Green, Blue }
    struct Part: Codable, Equatable { var ItemID: Int; var PartNo: String; var Quantity: Int16? }
    struct Item: Codable {
        var ID: Int
        var Byte: UInt8
        var SByte: Int8
        var Int16: Int
        var Int64: Int64
        var Decimal: Foundation.Decimal
        var Double: Double
        var Single: Float
        var Boolean: Bool
        var String: String?
        var Guid: UUID
        var Binary: Data
        var Date: LocalDate
        var TimeOfDay: String
        var DateTimeOffset: Foundation.Date
        var Duration: DayTimeDuration
        var Access: String
        var Color: Color
        var Address: Address
        var Tags: [String]
        var Parts: [Part]
    }

    @Test func everyTypeThereAndBack() throws {
        let set = try model.entitySet(withName: "Items")
        let instant = Foundation.Date(timeIntervalSince1970: 1_714_557_600.25)
        let item = Item(ID: 7, Byte: 255, SByte: -5, Int16: 300, Int64: .max, Decimal: Foundation.Decimal(string: "12.3456789012")!,
                        Double: 1.5, Single: 0.25, Boolean: true, String: nil, Guid: UUID(uuidString: "01234567-89AB-CDEF-0123-456789ABCDEF")!,
                        Binary: Data([1, 2, 3]), Date: LocalDate(year: 2024, month: 5, day: 1)!, TimeOfDay: "10:20:30.5",
                        DateTimeOffset: instant, Duration: DayTimeDuration("P1DT2H")!, Access: "Read,Write", Color: .Green,
                        Address: Address(City: "Berlin", Zip: nil), Tags: ["x", "y"],
                        Parts: [Part(ItemID: 7, PartNo: "A", Quantity: 2), Part(ItemID: 7, PartNo: "B", Quantity: nil)])
        let e = try EntityValue.encode(item, as: set.entityType, in: set)
        #expect(e.isNew && e.entitySet === set)
        #expect(e["Byte"] == .unsignedByte(255) && e["SByte"] == .byte(-5) && e["Int16"] == .short(300) && e["Int64"] == .long(.max))
        #expect(e["Decimal"] == .decimal(DecimalValue("12.3456789012")!))
        #expect(e["Single"] == .float(0.25) && e["Boolean"] == .boolean(true))
        #expect(e["String"] == nil, "a nil optional is left out")
        #expect(e["Guid"] == .guid(GuidValue("01234567-89ab-cdef-0123-456789abcdef")!))
        #expect(e["Binary"] == .binary([1, 2, 3]))
        #expect(e["TimeOfDay"]?.description == "10:20:30.5")
        #expect(e["DateTimeOffset"]?.description == "2024-05-01T10:00:00.25Z")
        #expect(e["Access"]?.description == "Read,Write" && e["Color"]?.description == "Green")
        guard case .entityList(let parts)? = e["Parts"] else { Issue.record("no deep insert"); return }
        #expect(parts.count == 2 && parts[1]["PartNo"] == .string("B"))
        #expect(e.changedProperties.count == 19 && e.hasChanges)

        let back = try e.decode(Item.self)
        #expect(back.ID == 7 && back.Byte == 255 && back.SByte == -5 && back.Int16 == 300 && back.Int64 == .max)
        #expect(back.Decimal == item.Decimal && back.Double == 1.5 && back.Single == 0.25 && back.Boolean)
        #expect(back.String == nil && back.Guid == item.Guid && back.Binary == item.Binary && back.Date == item.Date)
        #expect(back.TimeOfDay == "10:20:30.5" && back.DateTimeOffset == instant && back.Duration == item.Duration)
        #expect(back.Access == "Read,Write" && back.Color == .Green && back.Address == item.Address)
        #expect(back.Tags == ["x", "y"] && back.Parts == item.Parts)
    }

    struct OpenPerson: Codable { var Key: GuidValue; var Name: String; var Nickname: String; var Age: Int32 }

    @Test func openTypeTakesDynamicProperties() throws {
        let t = try model.entityType(withName: "Person")
        let key = GuidValue.random()
        let e = try EntityValue.encode(OpenPerson(Key: key, Name: "Ada", Nickname: "A", Age: 36), as: t)
        #expect(e.dynamicProperties.map(\.name) == ["Nickname", "Age"])
        #expect(e["Age"] == .int(36))
        let back = try e.decode(OpenPerson.self)
        #expect(back.Key == key && back.Nickname == "A" && back.Age == 36)
    }

    @Test func setValuesMarksWhatChanged() throws {
        let set = try model.entitySet(withName: "Items")
        let t = set.entityType
        let e = EntityValue.ofType(t, in: set)
        try t.property(withName: "ID").setIntValue(in: e, to: 1)
        e.resetChanges()
        struct Rename: Encodable { let String: String; let Color: Color? }
        try e.setValues(from: Rename(String: "renamed", Color: nil))
        #expect(e.changedProperties.map(\.name) == ["String"])
        #expect(e["ID"] == .int(1))
    }

    @Test func stringsOfOtherTypesAreChecked() throws {
        let t = try model.entitySet(withName: "Items").entityType
        struct BadGuid: Encodable { let Guid: String }
        let error = try #require(throws: EntityCodingError.self) { _ = try EntityValue.encode(BadGuid(Guid: "not-a-guid"), as: t) }
        #expect(error.description == "Guid: expected Edm.Guid, got String \"not-a-guid\"")
        struct Geo: Encodable { let Location: String }
        #expect(throws: EntityCodingError.self) { _ = try EntityValue.encode(Geo(Location: "POINT(1 2)"), as: t) }
        struct NilPart: Encodable { let Parts: [Part?] }
        #expect(throws: EntityCodingError.self) { _ = try EntityValue.encode(NilPart(Parts: [nil]), as: t) }
    }

    @Test func libraryValueTypesAreCodableAsText() throws {
        struct Values: Codable, Equatable {
            let g: GuidValue; let d: DecimalValue; let day: LocalDate; let t: LocalTime; let dt: LocalDateTime
            let at: GlobalDateTime; let span: DayTimeDuration
        }
        let v = Values(g: GuidValue("01234567-89ab-cdef-0123-456789abcdef")!, d: DecimalValue("123456789012345678901234.5")!,
                       day: LocalDate("2024-02-29")!, t: LocalTime("23:59:59.125")!, dt: LocalDateTime("2024-02-29T23:59:59")!,
                       at: GlobalDateTime("2024-02-29T23:59:59+02:00")!, span: DayTimeDuration("-PT0.5S")!)
        let json = try JSONEncoder().encode(v)
        #expect(String(decoding: json, as: UTF8.self).contains("\"123456789012345678901234.5\""))
        #expect(try JSONDecoder().decode(Values.self, from: json) == v)
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(LocalDate.self, from: Data("\"2024-13-01\"".utf8)) }
    }
}
