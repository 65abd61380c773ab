import Foundation
import Testing
@testable import ODataClient
import ODataModel

/// Setters, and `EntityValue.encode` through them, keep a value within the facets its property's metadata writes.
@Suite struct ValuesFacetTests {
    static let xml = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
        <Schema Namespace="F" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EntityType Name="Thing"><Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
            <Property Name="Name" Type="Edm.String" MaxLength="80"/>
            <Property Name="Free" Type="Edm.String"/>
            <Property Name="Code" Type="Edm.Binary" MaxLength="4"/>
            <Property Name="Price" Type="Edm.Decimal" Precision="10" Scale="2"/>
            <Property Name="Ratio" Type="Edm.Decimal" Precision="5" Scale="variable"/>
          </EntityType>
          <EntityContainer Name="C"><EntitySet Name="Things" EntityType="F.Thing"/></EntityContainer>
        </Schema></edmx:DataServices></edmx:Edmx>
        """

    let type: EntityType
    init() throws { type = try PayloadFixtures.model(xml: Self.xml).entityType(withName: "Thing") }

    @Test func maxLengthOfAString() throws {
        let e = EntityValue.ofType(type)
        let name = try type.property(withName: "Name")
        try name.setStringValue(in: e, to: String(repeating: "x", count: 80))
        try name.setStringValue(in: e, to: String(repeating: "ä", count: 80))
        let error = try #require(throws: ValueConversionError.self) { try name.setStringValue(in: e, to: String(repeating: "x", count: 81)) }
        #expect(error.message.contains("81 characters, more than its MaxLength of 80"))
        #expect(name.getStringValue(from: e) == String(repeating: "ä", count: 80), "the value before stays")
        try type.property(withName: "Free").setStringValue(in: e, to: String(repeating: "x", count: 10_000))
    }

    @Test func maxLengthOfBinary() throws {
        let e = EntityValue.ofType(type)
        let code = try type.property(withName: "Code")
        try code.setDataValue(in: e, to: .binary([1, 2, 3, 4]))
        #expect(throws: ValueConversionError.self) { try code.setDataValue(in: e, to: .binary([1, 2, 3, 4, 5])) }
    }

    @Test func precisionAndScaleOfADecimal() throws {
        let e = EntityValue.ofType(type)
        let price = try type.property(withName: "Price")
        for ok in ["12345678.99", "-0.5", "12.50", "12.500", "0"] { try price.setDecimalValue(in: e, to: DecimalValue(ok)!) }
        for bad in ["123456789012.345", "123456789.00", "1.005"] {
            #expect(throws: ValueConversionError.self, "\(bad)") { try price.setDecimalValue(in: e, to: DecimalValue(bad)!) }
        }
        let ratio = try type.property(withName: "Ratio")
        try ratio.setDecimalValue(in: e, to: DecimalValue("123.45")!)
        #expect(throws: ValueConversionError.self) { try ratio.setDecimalValue(in: e, to: DecimalValue("123.456")!) }
    }

    struct Thing: Codable {
        var ID: Int32
        var Name: String
    }

    @Test func encodeChecksToo() throws {
        _ = try EntityValue.encode(Thing(ID: 1, Name: "short"), as: type)
        #expect(throws: (any Error).self) { try EntityValue.encode(Thing(ID: 1, Name: String(repeating: "x", count: 81)), as: type) }
    }
}
