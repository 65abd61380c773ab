import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

/// Codable structs from and to entities, over the library's values (no JSON in between), against the V4 reference
/// server: Northwind customers and orders with expanded navigation, a product created on the catalog service.
extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct EntityCodable {
        struct Customer: Decodable {
            let CustomerID: String
            let CompanyName: String
            let Region: String?
            let Orders: [Order]?
        }
        struct Order: Decodable {
            let OrderID: Int
            let CustomerID: String?
            let OrderDate: Date?
            let Freight: Decimal?
            let ShipCountry: String?
            let Order_Details: [Detail]?
            let Customer: Customer?
        }
        struct Detail: Decodable {
            let ProductID: Int32
            let UnitPrice: Decimal
            let Quantity: Int
            let Discount: Float
        }
        /// The same order in the library's own value types and as text.
        struct OrderAsText: Decodable {
            let OrderID: Int16
            let OrderDate: String
            let Freight: DecimalValue
        }
        struct OrderAsLibraryValues: Decodable {
            let OrderDate: GlobalDateTime
            let Freight: String
        }

        @Test func customerWithExpandedOrders() throws {
            let service = try ServiceSupport.northwindV4()
            let customers = try service.entitySet(withName: "Customers")
            let orders: NavigationProperty = try customers.entityType.property(withName: "Orders")
            let alfki = try service.executeQuery(DataQuery().from(customers).withKey(EntityKey(.string("ALFKI"))).expand(orders)).requiredEntity()
            let customer = try alfki.decode(Customer.self)
            #expect(customer.CustomerID == "ALFKI" && customer.CompanyName == "Alfreds Futterkiste")
            #expect(customer.Region == nil)
            let list = try #require(customer.Orders)
            #expect(list.count == 6)
            #expect(list.allSatisfy { $0.CustomerID == "ALFKI" && $0.Customer == nil && $0.Order_Details == nil })
            // Without the expand, the orders are absent: nil for the optional.
            let plain = try service.executeQuery(DataQuery().from(customers).withKey(EntityKey(.string("ALFKI")))).requiredEntity()
            #expect(try plain.decode(Customer.self).Orders == nil)
            // A page of customers, decoded one by one through the collection.
            let page = try service.executeQuery(DataQuery().from(customers).top(5)).entityList()
            let five = try page.map { try $0.decode(Customer.self) }
            #expect(five.count == 5 && five[0].CustomerID == "ALFKI")
        }

        @Test func orderWithDetailsAndCustomer() throws {
            let service = try ServiceSupport.northwindV4()
            let orders = try service.entitySet(withName: "Orders")
            let t = orders.entityType
            let details: NavigationProperty = try t.property(withName: "Order_Details")
            let customer: NavigationProperty = try t.property(withName: "Customer")
            let entity = try service.executeQuery(DataQuery().from(orders).withKey(EntityKey(.int32(10248))).expand(details, customer)).requiredEntity()
            let order: Order = try entity.decode()
            #expect(order.OrderID == 10248 && order.CustomerID == "VINET" && order.ShipCountry == "France")
            #expect(order.Freight == Decimal(string: "32.38"))
            let date = try #require(order.OrderDate)
            #expect(date == ISO8601DateFormatter().date(from: "1996-07-04T00:00:00Z"))
            #expect(order.Customer?.CustomerID == "VINET" && order.Customer?.Orders == nil)
            let lines = try #require(order.Order_Details)
            #expect(lines.map(\.ProductID) == [11, 42, 72])
            #expect(lines[0].UnitPrice == Decimal(14) && lines[0].Quantity == 12 && lines[0].Discount == 0)

            let text = try entity.decode(OrderAsText.self)
            #expect(text.OrderID == 10248 && text.OrderDate.hasPrefix("1996-07-04T00:00:00") && text.Freight.description == "32.38")
            let library = try entity.decode(OrderAsLibraryValues.self)
            #expect(library.OrderDate.local.date == LocalDate(year: 1996, month: 7, day: 4) && library.Freight == "32.38")
        }

        @Test func decodingErrorsNameTheProperty() throws {
            let service = try ServiceSupport.northwindV4()
            let orders = try service.entitySet(withName: "Orders")
            let entity = try service.executeQuery(DataQuery().from(orders).withKey(EntityKey(.int32(10248)))).requiredEntity()
            struct WrongType: Decodable { let OrderID: Bool }
            let wrong = try #require(throws: EntityCodingError.self) { _ = try entity.decode(WrongType.self) }
            #expect(wrong.path == ["OrderID"] && wrong.description.contains("OrderID") && wrong.description.contains("Bool"))
            #expect(wrong.category == .invalidData)
            struct TooSmall: Decodable { let Freight: Int8 }
            #expect(throws: EntityCodingError.self) { _ = try entity.decode(TooSmall.self) }
            struct NotExpanded: Decodable { let Order_Details: [Detail] }
            let missing = try #require(throws: EntityCodingError.self) { _ = try entity.decode(NotExpanded.self) }
            #expect(missing.description.contains("Order_Details was not expanded"))
            struct Unknown: Decodable { let Colour: String }
            let unknown = try #require(throws: EntityCodingError.self) { _ = try entity.decode(Unknown.self) }
            #expect(unknown.description.contains("has no property Colour"))
            struct NullShipRegion: Decodable { let ShipRegion: String }
            let null = try #require(throws: EntityCodingError.self) { _ = try entity.decode(NullShipRegion.self) }
            #expect(null.description.contains("ShipRegion: null"))
        }

        struct SalesOrder: Decodable {
            let SalesOrderID: String
            let GrossAmount: Decimal?
            let CreatedAt: Date?
            let CreatedAtText: String?
            let ToLineItems: [LineItem]?
            enum CodingKeys: String, CodingKey { case SalesOrderID, GrossAmount, CreatedAt, ToLineItems }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                SalesOrderID = try c.decode(String.self, forKey: .SalesOrderID)
                GrossAmount = try c.decodeIfPresent(Decimal.self, forKey: .GrossAmount)
                CreatedAt = try c.decodeIfPresent(Date.self, forKey: .CreatedAt)
                CreatedAtText = try c.decodeIfPresent(String.self, forKey: .CreatedAt)
                ToLineItems = try c.decodeIfPresent([LineItem].self, forKey: .ToLineItems)
            }
        }
        struct LineItem: Decodable { let SalesOrderID: String; let ItemPosition: String; let Quantity: Decimal? }

        /// V2 (mock-sap): an Edm.DateTime as a `Date` (taken as UTC) and as its ISO text, an expanded collection.
        @Test func v2SalesOrderWithLineItems() throws {
            let service = try ServiceSupport.gatewayV2()
            let set = try service.entitySet(withName: "SalesOrderSet")
            let items: NavigationProperty = try set.entityType.property(withName: "ToLineItems")
            let entity = try #require(try service.executeQuery(DataQuery().from(set).expand(items).top(1)).entities.first)
            let order = try entity.decode(SalesOrder.self)
            #expect(!order.SalesOrderID.isEmpty && order.GrossAmount != nil)
            let lines = try #require(order.ToLineItems)
            #expect(!lines.isEmpty && lines.allSatisfy { $0.SalesOrderID == order.SalesOrderID })
            guard case .localDateTime(let created)? = entity["CreatedAt"] else { Issue.record("CreatedAt: \(String(describing: entity["CreatedAt"]))"); return }
            let date = try #require(order.CreatedAt)
            #expect(Int64((date.timeIntervalSince1970 * 1000).rounded()) == created.millisecondsSinceEpoch)
            #expect(order.CreatedAtText == created.description)
        }

        struct Address: Encodable { let City: String; let Country: String }
        enum Grade: String, Encodable { case Standard, Premium }
        struct NewProduct: Encodable {
            let ID: Int
            let Name: String
            let Price: Decimal
            let Released: String
            let Grade: Grade
            let Tags: [String]
            let ShipFrom: Address
            let Description: String?
        }

        @Test func encodeAStructAndCreateIt() throws {
            let service = try ServiceSupport.catalogV4()
            let products = try service.entitySet(withName: "Products")
            let id = Int.random(in: 70_000..<80_000)
            let value = NewProduct(ID: id, Name: "Encoded", Price: Decimal(string: "12.50")!, Released: "2024-05-01", Grade: .Premium,
                                   Tags: ["a", "b"], ShipFrom: Address(City: "Berlin", Country: "DE"), Description: nil)
            let entity = try EntityValue.encode(value, as: products.entityType, in: products)
            #expect(entity.isNew)
            #expect(entity["Price"] == .decimal(DecimalValue("12.50")!))
            #expect(entity["Released"] == .localDate(LocalDate(year: 2024, month: 5, day: 1)!))
            #expect(entity["Description"] == nil)
            try service.createEntity(entity)
            let t = products.entityType
            let read = try service.executeQuery(DataQuery().from(products).withKey(EntityKey(.int32(Int32(id))))).requiredEntity()
            #expect(try t.property(withName: "Name").getStringValue(from: read) == "Encoded")
            #expect(read["Grade"]?.description == "Premium")
            #expect(read["Tags"] == .list(DataValueList(elementType: TypeReference(name: "Edm.String", isCollection: false), [.string("a"), .string("b")])))
            guard case .complex(let address)? = read["ShipFrom"] else { Issue.record("no ShipFrom"); return }
            #expect(address["City"] == .string("Berlin"))
            // Back into a struct with the same names.
            struct Back: Decodable { let ID: Int; let Price: Decimal; let Released: LocalDate; let Tags: [String] }
            let back = try read.decode(Back.self)
            #expect(back.ID == id && back.Price == Decimal(string: "12.5") && back.Tags == ["a", "b"])
            try service.deleteEntity(read)
        }

        @Test func encodingErrorsNameThePropertyAndTheType() throws {
            let service = try ServiceSupport.catalogV4()
            let t = try service.entitySet(withName: "Products").entityType
            struct Unknown: Encodable { let ID: Int; let Colour: String }
            let unknown = try #require(throws: EntityCodingError.self) { _ = try EntityValue.encode(Unknown(ID: 1, Colour: "red"), as: t) }
            #expect(unknown.description.contains("has no property Colour") && unknown.category == .usage)
            struct WrongPrice: Encodable { let Price: String }
            let price = try #require(throws: EntityCodingError.self) { _ = try EntityValue.encode(WrongPrice(Price: "cheap"), as: t) }
            #expect(price.path == ["Price"] && price.description.contains("Edm.Decimal") && price.description.contains("cheap"))
            struct WrongDate: Encodable { let Released: Int }
            let date = try #require(throws: EntityCodingError.self) { _ = try EntityValue.encode(WrongDate(Released: 3), as: t) }
            #expect(date.description.contains("Released") && date.description.contains("Edm.Date"))
            struct TooLarge: Encodable { let ID: Int64 }
            let large = try #require(throws: EntityCodingError.self) { _ = try EntityValue.encode(TooLarge(ID: 1 << 40), as: t) }
            #expect(large.description.contains("out of range for Edm.Int32"))
            struct NotAGrade: Encodable { let Grade: String }
            #expect(throws: EntityCodingError.self) { _ = try EntityValue.encode(NotAGrade(Grade: "Gold"), as: t) }
            struct NullID: Encodable {
                enum Keys: String, CodingKey { case ID }
                let ID: Int?
                func encode(to e: any Encoder) throws {
                    var c = e.container(keyedBy: Keys.self)
                    try c.encodeNil(forKey: .ID)
                }
            }
            let null = try #require(throws: EntityCodingError.self) { _ = try EntityValue.encode(NullID(ID: nil), as: t) }
            #expect(null.description.contains("ID is not nullable"))
            struct AddressAsText: Encodable { let ShipFrom: String }
            let complex = try #require(throws: EntityCodingError.self) { _ = try EntityValue.encode(AddressAsText(ShipFrom: "Berlin"), as: t) }
            #expect(complex.description.contains("ShipFrom") && complex.description.contains("Catalog.Address"))
        }
    }
}
