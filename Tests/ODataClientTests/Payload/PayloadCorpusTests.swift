import Testing
@testable import ODataClient
import ODataModel

/// The captured responses of the reference servers, read against the metadata of the service they came from.
@Suite(.fixture("payload corpus", PayloadFixtures.available, PayloadFixtures.missing))
struct PayloadCorpusTests {
    private func read(_ file: String) throws -> PayloadReader.Result {
        try PayloadFixtures.read(PayloadFixtures.cases.first { $0.file == file }!)
    }

    @Test(arguments: PayloadFixtures.cases)
    func everyCapturedPayloadReadsWithoutWarnings(_ c: PayloadFixtures.Case) throws {
        let r = try PayloadFixtures.read(c, options: .strict)
        #expect(!r.entities.isEmpty)
        #expect(r.warnings.isEmpty)
        #expect(r.pageInfo.itemCount == r.entities.count)
        for e in r.entities { #expect(e.entityType.name == (try PayloadFixtures.target(try PayloadFixtures.model(c.metadata), c.set)).entityType!.name) }
    }

    @Test func v4CatalogWithCountNextLinkEnumCollectionComplexAndDate() throws {
        let r = try read("odatapy-v4-catalog-Products.json")
        #expect(r.entities.count == 3)
        #expect(r.pageInfo.count == 4)
        #expect(r.pageInfo.nextLink == "http://127.0.0.1:18304/catalog/Products?$count=true&$skiptoken=3%213")
        #expect(r.pageInfo.context == "http://127.0.0.1:18304/catalog/$metadata#Products")
        let anvil = r.entities[0]
        #expect(anvil.etag == "W/\"1\"")
        #expect(anvil["ID"] == .int(1))
        guard case .decimal(let price)? = anvil["Price"] else { Issue.record("Price is not a decimal"); return }
        #expect(price.digits == "4500" && price.scale == 2 && price.description == "45.00")
        #expect(anvil["Released"] == .localDate(LocalDate("2019-03-01")!))
        guard case .enumValue(let grade)? = anvil["Grade"] else { Issue.record("Grade is not an enum"); return }
        #expect(grade.name == "Standard" && grade.value == 1 && grade.type?.name == "Grade")
        guard case .list(let tags)? = anvil["Tags"] else { Issue.record("Tags is not a collection"); return }
        #expect(tags.values == [.string("heavy"), .string("iron")])
        guard case .complex(let from)? = anvil["ShipFrom"] else { Issue.record("ShipFrom is not complex"); return }
        #expect(from["City"] == .string("Chennai") && from["Country"] == .string("IN"))
        #expect(r.entities[1]["Description"] == .null)
        #expect(try anvil.keyPredicate() == "(1)")
        #expect(anvil.entitySet?.name == "Products")
    }

    @Test func v4Singleton() throws {
        let r = try read("odatapy-v4-catalog-TopProduct-singleton.json")
        #expect(r.entities.count == 1)
        #expect(r.entities[0].etag == "W/\"4\"")
        #expect(r.entities[0]["Name"] == .string("Drill"))
        #expect(r.entities[0]["Price"]?.description == "240.00")
        #expect(r.pageInfo.nextLink == nil)
    }

    @Test func v4PageWithNextLinkAndNulls() throws {
        let r = try read("odatapy-v4-northwind-Customers-page1.json")
        #expect(r.entities.count == 20)
        #expect(r.pageInfo.nextLink?.hasSuffix("$skiptoken=20") == true || r.pageInfo.nextLink != nil)
        #expect(r.pageInfo.count == nil)
        #expect(r.entities[0]["Region"] == .null)
        #expect(r.entities[1]["Address"] == .string("Avda. de la Constitución 2222"))
        #expect(r.entities.map { try! $0.keyPredicate() }.first == "('ALFKI')")
    }

    @Test func v4ExpandedSingleEntity() throws {
        let r = try read("odatapy-v4-northwind-Order10248-expanded.json")
        #expect(r.entities.count == 1)
        let order = r.entities[0]
        #expect(try order.keyPredicate() == "(10248)")
        #expect(order["OrderDate"] == .globalDateTime(GlobalDateTime("1996-07-04T00:00:00Z")!))
        #expect(order["Freight"] == .decimal(DecimalValue("32.38")!))
        #expect(order["ShipRegion"] == .null)
        guard case .entityList(let details)? = order["Order_Details"] else { Issue.record("Order_Details not expanded"); return }
        #expect(details.entities.count == 3)
        #expect(try details.entities.map { try $0.keyPredicate() } == ["(OrderID=10248,ProductID=11)", "(OrderID=10248,ProductID=42)", "(OrderID=10248,ProductID=72)"])
        #expect(details.entities[0].entitySet?.name == "Order_Details")
        #expect(details.entities[1]["UnitPrice"]?.description == "9.80")
        #expect(details.entities[0]["Discount"] == .float(0))
        guard case .entity(let product)? = details.entities[1]["Product"] else { Issue.record("Product not expanded"); return }
        #expect(product["ProductName"] == .string("Singaporean Hokkien Fried Mee"))
        #expect(product["Discontinued"] == .boolean(true))
        guard case .entity(let customer)? = order["Customer"] else { Issue.record("Customer not expanded"); return }
        #expect(customer["CustomerID"] == .string("VINET"))
        guard case .entity(let employee)? = order["Employee"], case .binary(let photo)? = employee["Photo"] else {
            Issue.record("Employee/Photo missing"); return
        }
        #expect(photo.prefix(4) == [0x15, 0x1C, 0x2F, 0x00])
        #expect(employee["BirthDate"] == .globalDateTime(GlobalDateTime("1955-03-04T00:00:00Z")!))
    }

    @Test func v4FullMetadata() throws {
        let r = try read("odatapy-v4-northwind-Products-top3-metadata-full.json")
        #expect(r.entities.count == 3)
        let chai = r.entities[0]
        #expect(chai.id == "http://127.0.0.1:18304/northwind/Products(1)")
        #expect(chai.editLink == "http://127.0.0.1:18304/northwind/Products(1)")
        #expect(chai.navigationLinks["Category"] == "http://127.0.0.1:18304/northwind/Products(1)/Category")
        #expect(chai["UnitPrice"]?.description == "18.00")
        #expect(chai["UnitsInStock"] == .short(39))
    }

    @Test func v2SapExpandedWithDecimalsAsStringsAndDates() throws {
        let r = try read("mocksap-v2-A_SalesOrder-expand.json")
        #expect(r.entities.count == 2)
        let so = r.entities[0]
        #expect(so.etag == "W/\"datetime'2025-08-31T00%3A00%3A00'\"")
        #expect(so.id == "http://127.0.0.1:18302/sap/opu/odata/sap/API_SALES_ORDER_SRV/A_SalesOrder('0000004712')")
        #expect(so.editLink == so.id)
        #expect(try so.keyPredicate() == "('0000004712')")
        guard case .decimal(let amount)? = so["TotalNetAmount"] else { Issue.record("TotalNetAmount is not a decimal"); return }
        #expect(amount.description == "24786.720" && amount.scale == 3)
        #expect(so["SalesOrderDate"] == .localDateTime(LocalDateTime("2025-08-30T00:00:00")!))
        #expect(so["CustomerPurchaseOrderDate"] == .null)
        #expect(so.navigationLinks["to_Partner"] == "http://127.0.0.1:18302/sap/opu/odata/sap/API_SALES_ORDER_SRV/A_SalesOrder('0000004712')/to_Partner")
        guard case .entityList(let items)? = so["to_Item"] else { Issue.record("to_Item not expanded"); return }
        #expect(items.entities.count == 1)
        #expect(items.entities[0]["RequestedQuantity"]?.description == "21.000")
        #expect(try items.entities[0].keyPredicate(version: .v2) == "(SalesOrder='0000004712',SalesOrderItem='000010')")
    }

    @Test func v2CountAsStringComplexAndDeferred() throws {
        let r = try read("mocksap-v2-GWSAMPLE-BusinessPartnerSet-expand.json")
        #expect(r.pageInfo.count == 8)
        #expect(r.entities.count == 2)
        let bp = r.entities[0]
        guard case .complex(let address)? = bp["Address"] else { Issue.record("Address is not complex"); return }
        #expect(address["City"] == .string("Walldorf"))
        #expect(bp.navigationLinks["ToSalesOrders"]?.hasSuffix("BusinessPartnerSet('0100000000')/ToSalesOrders") == true)
        #expect(bp["ToSalesOrders"] == nil)
        guard case .entityList(let contacts)? = bp["ToContacts"] else { Issue.record("ToContacts not expanded"); return }
        #expect(contacts.entities.count == 2)
        #expect(contacts.entities[0]["DateOfBirth"] == .localDateTime(LocalDateTime("1988-06-15T00:00:00")!))
        #expect(r.entities[1]["CreatedAt"] == .localDateTime(LocalDateTime(millisecondsSinceEpoch: 1_672_790_400_000)))
    }

    @Test func v2PysletPageWithNumericCountAndNext() throws {
        let r = try read("pyslet-v2-northwind-Customers-page1.json")
        #expect(r.entities.count == 20)
        #expect(r.pageInfo.count == 91)
        #expect(r.pageInfo.nextLink == "http://127.0.0.1:18303/northwind/Customers?$skiptoken=14")
        #expect(r.entities[0].navigationLinks["Orders"] == "http://127.0.0.1:18303/northwind/Customers('ALFKI')/Orders")
        #expect(r.entities[2]["CompanyName"] == .string("Antonio Moreno Taquería"))
    }

    @Test func v2PysletExpandedSingleEntity() throws {
        let r = try read("pyslet-v2-northwind-Order10248-expanded.json")
        #expect(r.entities.count == 1)
        let order = r.entities[0]
        #expect(order["Freight"] == .decimal(DecimalValue("32.38")!))
        #expect(order["OrderDate"] == .localDateTime(LocalDateTime("1996-07-04T00:00:00")!))
        #expect(order.navigationLinks["Employee"] == "http://127.0.0.1:18303/northwind/Orders(10248)/Employee")
        guard case .entityList(let details)? = order["Order_Details"], case .entity(let customer)? = order["Customer"] else {
            Issue.record("expansions missing"); return
        }
        #expect(details.entities.count == 3)
        #expect(details.entities[0].id == "http://127.0.0.1:18303/northwind/Order_Details(OrderID%3D10248%2CProductID%3D11)")
        #expect(details.entities[2]["UnitPrice"]?.description == "34.80")
        #expect(customer["City"] == .string("Reims"))
    }

    @Test func atomV4FromOdatapy() throws {
        let r = try read("odatapy-v4-northwind-Customers-top2.atom.xml")
        #expect(r.entities.count == 2)
        #expect(r.entities[0].id == "http://127.0.0.1:18304/northwind/Customers('ALFKI')")
        #expect(r.entities[0].readLink == "http://127.0.0.1:18304/northwind/Customers('ALFKI')")
        #expect(r.entities[0]["Region"] == .null)
        let json = try read("odatapy-v4-northwind-Customers-page1.json")
        for (a, j) in zip(r.entities, json.entities) { #expect(a == j) }
    }

    /// pyslet's Atom and JSON of the same page: equal entities and metadata. The one difference is pyslet's own: its
    /// Atom writer collapses runs of spaces inside strings ("Mataderos  2312" in JSON is "Mataderos 2312" in Atom).
    @Test func atomAndJSONOfTheSameRowsAreEqual() throws {
        let atom = try read("pyslet-v2-northwind-Customers-page1.atom.xml")
        let json = try read("pyslet-v2-northwind-Customers-page1.json")
        #expect(atom.entities.count == json.entities.count)
        #expect(atom.pageInfo.nextLink == json.pageInfo.nextLink)
        func collapsed(_ e: EntityValue) -> [String: DataValue] {
            var d: [String: DataValue] = [:]
            for (p, v) in e.propertyValues {
                if case .string(let s) = v { d[p.name] = .string(s.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")) } else { d[p.name] = v }
            }
            return d
        }
        var exact = 0
        for (a, j) in zip(atom.entities, json.entities) {
            #expect(a.hasSameMetadata(as: j), "\(a.displayPath)")
            #expect(collapsed(a) == collapsed(j), "\(a.displayPath)")
            if a == j { exact += 1 }
        }
        #expect(exact == atom.entities.count - 3)   // ANTON, BERGS, CONSH have double spaces
    }

    @Test func serviceErrorsBecomeErrors() throws {
        let doc = try PayloadFixtures.model("served-mocksap-API_SALES_ORDER_SRV-v2.xml")
        let bytes = try PayloadFixtures.payload("mocksap-v2-error-404.json")
        let e = #expect(throws: PayloadError.self) {
            _ = try PayloadFixtures.read(bytes, format: .v2JSON, model: doc, target: try PayloadFixtures.target(doc, "A_SalesOrder"))
        }
        #expect(e?.issue.kind == .serviceError)
        #expect(e?.issue.got == "/IWBEP/CX_MGW_RESOURCE_NOT_FOUND")
        #expect(e?.description.contains("Resource not found for the segment 'NoSuchSet'") == true)
        let v4 = try PayloadFixtures.model("northwind-v4.xml")
        let e4 = #expect(throws: PayloadError.self) {
            _ = try PayloadFixtures.read(try PayloadFixtures.payload("odatapy-v4-error-404.json"), format: .v4JSON, model: v4,
                                         target: try PayloadFixtures.target(v4, "Customers"))
        }
        #expect(e4?.issue.message.contains("Entity not found.") == true)
    }
}
