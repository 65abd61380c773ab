import Foundation
import Testing
import ODataClient
import ODataModel

/// `ProxyCoding`, what makes generated proxy classes `Codable`: an entity to JSON and back by its type in the
/// metadata, every kind of value, expanded navigation, null, and an error that names the property.
@Suite struct ProxyCodingTests {
    let model: CsdlDocument
    init() throws { model = try PayloadFixtures.model(xml: PayloadSampleModels.v4) }

    /// What a generated class's `encode(to:)` and `init(from:)` do, around an entity of a type the decoder is told.
    struct Box: Codable {
        static let typeKey = CodingUserInfoKey(rawValue: "entityType")!
        let entity: EntityValue
        init(_ entity: EntityValue) { self.entity = entity }
        init(from decoder: any Decoder) throws {
            guard let type = decoder.userInfo[Self.typeKey] as? EntityType else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no entity type given"))
            }
            entity = try ProxyCoding.decodeEntity(type, from: decoder)
        }
        func encode(to encoder: any Encoder) throws { try ProxyCoding.encode(entity, to: encoder) }
    }

    func roundTrip(_ e: EntityValue) throws -> (json: String, back: EntityValue) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Box(e))
        let decoder = JSONDecoder()
        decoder.userInfo[Box.typeKey] = e.entityType
        return (String(decoding: data, as: UTF8.self), try decoder.decode(Box.self, from: data).entity)
    }

    @Test func everyKindOfValueThereAndBack() throws {
        let set = try model.entitySet(withName: "Items")
        let item = CodableRoundTripTests.Item(
            ID: 7, Byte: 255, SByte: -5, Int16: 300, Int64: .max, Decimal: Foundation.Decimal(string: "12.3456789012")!,
            Double: 1.5, Single: 0.25, Boolean: true, String: nil, Guid: UUID(uuidString: "01234567-89AB-CDEF-0123-456789ABCDEF")!,
            Binary: Data([1, 2, 3]), Date: LocalDate(year: 2024, month: 5, day: 1)!, TimeOfDay: "10:20:30.5",
            DateTimeOffset: Foundation.Date(timeIntervalSince1970: 1_714_557_600.25), Duration: DayTimeDuration("P1DT2H")!,
            Access: "Read,Write", Color: .Green, Address: .init(City: "Berlin", Zip: nil), Tags: ["x", "y"],
            Parts: [.init(ItemID: 7, PartNo: "A", Quantity: 2)])
        let e = try EntityValue.encode(item, as: set.entityType, in: set)
        let item2 = try #require(set.entityType.structuralProperty(named: "String"))
        try e.setValue(item2, to: .null)
        let (json, back) = try roundTrip(e)
        #expect(json.contains(#""Decimal":"12.3456789012""#), "\(json)")
        #expect(json.contains(#""Date":"2024-05-01""#) && json.contains(#""Color":"Green""#), "\(json)")
        #expect(json.contains(#""String":null"#) && !json.contains("Location"), "null written, no value left out: \(json)")
        for name in ["ID", "Byte", "SByte", "Int16", "Int64", "Decimal", "Double", "Single", "Boolean", "Guid", "Binary", "Date",
                     "TimeOfDay", "DateTimeOffset", "Duration", "Access", "Color", "Address", "Tags", "String"] {
            #expect(back[name]?.description == e[name]?.description, "\(name): \(String(describing: back[name])) != \(String(describing: e[name]))")
        }
        #expect(back["Location"] == nil, "a property without a value stays without one")
        guard case .entityList(let parts)? = back["Parts"] else { Issue.record("the expanded parts are lost: \(json)"); return }
        #expect(parts.count == 1 && parts[0]["PartNo"] == .string("A") && parts[0]["Quantity"] == .short(2))
    }

    @Test func aValueOfTheWrongKindNamesTheProperty() throws {
        let type = try model.entityType(withName: "Item")
        let decoder = JSONDecoder()
        decoder.userInfo[Box.typeKey] = type
        #expect {
            _ = try decoder.decode(Box.self, from: Data(#"{"ID": 1, "Int16": "many"}"#.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["Int16"]
        }
    }
}
