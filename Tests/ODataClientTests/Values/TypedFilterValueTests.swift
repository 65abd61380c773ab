import Foundation
import ODataClient
import ODataModel
import ODataQuery
import Testing
import TestSupport

/// The library's value types and generated enums as operands of typed filters (`Product.price.greaterThan(price)`
/// with a `DecimalValue`, `Product.grade.equal(Grade.premium)`): each writes the literal of its type, for V4 and V2.
@Suite("Typed filters with the library's value types")
struct TypedFilterValueTests {
    static let edmx = #"""
    <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
      <edmx:DataServices>
        <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="Shop">
          <EnumType Name="Grade"><Member Name="Standard" Value="1"/><Member Name="Premium" Value="2"/></EnumType>
          <EntityType Name="Item">
            <Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Guid" Nullable="false"/>
            <Property Name="Price" Type="Edm.Decimal" Scale="2"/>
            <Property Name="Released" Type="Edm.Date"/>
            <Property Name="Opens" Type="Edm.TimeOfDay"/>
            <Property Name="Changed" Type="Edm.DateTimeOffset"/>
            <Property Name="Lasts" Type="Edm.Duration"/>
            <Property Name="Hash" Type="Edm.Binary"/>
            <Property Name="Small" Type="Edm.Byte"/>
            <Property Name="Signed" Type="Edm.SByte"/>
            <Property Name="Grade" Type="Shop.Grade"/>
          </EntityType>
          <EntityContainer Name="Container"><EntitySet Name="Items" EntityType="Shop.Item"/></EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    static let metadata = EmbeddedMetadata(text: edmx, source: "shop.xml")

    /// An enum as `odsh generate swift` writes one.
    enum Grade: String, ProxyEnumeration, CaseIterable {
        case standard = "Standard"
        case premium = "Premium"
        static var enumType: EnumType { TypedFilterValueTests.metadata.enumType("Shop.Grade") }
        var memberValue: Int64 { self == .standard ? 1 : 2 }
        static var proxyDefault: Grade { .standard }
    }

    static func property(_ name: String) -> Property { metadata.property(metadata.entityType("Shop.Item"), name) }

    @Test("Each value type and a generated enum is an operand, written as the literal of its type")
    func literals() throws {
        let v4 = QueryURLWriter(version: .v4)
        let guid = try #require(GuidValue("0f8fad5b-d9cb-469f-a165-70867728950e"))
        let checks: [(QueryExpression, String)] = [
            (Self.property("ID").equal(guid), "ID eq 0f8fad5b-d9cb-469f-a165-70867728950e"),
            (Self.property("Price").greaterThan(try #require(DecimalValue("45.50"))), "Price gt 45.50"),
            (Self.property("Released").lessThan(try #require(LocalDate(year: 2020, month: 1, day: 1))), "Released lt 2020-01-01"),
            (Self.property("Opens").greaterEqual(try #require(LocalTime(hour: 9, minute: 30))), "Opens ge 09:30:00"),
            (Self.property("Changed").lessEqual(try #require(GlobalDateTime("2024-05-01T10:00:00Z"))), "Changed le 2024-05-01T10:00:00Z"),
            (Self.property("Lasts").equal(DayTimeDuration(seconds: 90)), "Lasts eq duration'PT1M30S'"),
            (Self.property("Hash").equal(Data([1, 2, 255])), "Hash eq binary'AQL_'"),
            (Self.property("Small").equal(UInt8(7)), "Small eq 7"),
            (Self.property("Signed").equal(Int8(-7)), "Signed eq -7"),
            (Self.property("Grade").equal(Grade.premium), "Grade eq Shop.Grade'Premium'"),
            (Self.property("Price").equal(DecimalValue?.none), "Price eq null"),
        ]
        for (expression, text) in checks { #expect(try v4.filterText(expression) == text) }
    }
}

extension IntegrationTests {
    /// Typed filters with value types and an enum, sent to the V4 reference server's catalog and Northwind.
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct TypedFilterValues {
        @Test func decimalDateAndEnumFiltersRunOnTheCatalog() throws {
            let service = try ServiceSupport.catalogV4()
            let products = try service.entitySet(withName: "Products")
            let type = products.entityType
            let price = try #require(type.structuralProperty(named: "Price"))
            let released = try #require(type.structuralProperty(named: "Released"))
            let grade = try #require(type.structuralProperty(named: "Grade"))
            let floor = try #require(DecimalValue("40"))
            let since = try #require(LocalDate(year: 2020, month: 6, day: 1))
            let premium = EnumValue(type: try service.metadata.enumType(withName: "Catalog.Grade"), name: "Premium", value: 2)
            let query = DataQuery().from(products)
                .filter(price.greaterThan(floor).and(released.greaterThan(since)).and(grade.equal(premium)))
            let found = try service.executeQuery(query).entities
            #expect(!found.isEmpty)
            for e in found {
                #expect((e.value(for: price).flatMap(DecimalValue.fromDataValue) ?? 0) > floor)
                #expect((e.value(for: released).flatMap(LocalDate.fromDataValue)).map { $0 > since } == true)
                #expect(e.value(for: grade).flatMap(EnumValue.fromDataValue)?.name == "Premium")
            }
        }

        @Test func dateTimeOffsetFilterRunsOnNorthwind() throws {
            let service = try ServiceSupport.northwindV4()
            let orders = try service.entitySet(withName: "Orders")
            let orderDate = try #require(orders.entityType.structuralProperty(named: "OrderDate"))
            let before = try #require(GlobalDateTime("1996-07-06T00:00:00Z"))
            let orderID = try #require(orders.entityType.structuralProperty(named: "OrderID"))
            let found = try service.executeQuery(DataQuery().from(orders).filter(orderDate.lessThan(before))).entities
            #expect(found.compactMap { $0.value(for: orderID) } == [.int(10248), .int(10249)])
        }
    }
}
