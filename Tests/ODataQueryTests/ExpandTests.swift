import Testing
import ODataModel
import ODataQuery

/// SAP's `expand(_:...)` takes several items.
@Suite("DataQuery.expand with several items")
struct ExpandTests {
    @Test("navigation properties and paths, one $expand item each, in order")
    func several() throws {
        let type = EntityType(name: "Product", namespace: "NS")
        let category = NavigationProperty(name: "Category", type: TypeReference(name: "NS.Category", isCollection: false))
        let supplier = NavigationProperty(name: "Supplier", type: TypeReference(name: "NS.Supplier", isCollection: false))
        let details = NavigationProperty(name: "Order_Details", type: TypeReference(name: "NS.Order_Detail", isCollection: true))
        type.addNavigationProperty(category)
        type.addNavigationProperty(supplier)
        type.addNavigationProperty(details)
        let q = DataQuery().from("Products").expand(category, supplier, details)
        #expect(q.expandItems.map(\.path.description) == ["Category", "Supplier", "Order_Details"])
        #expect(URLEncoding.decode(try q.relativeURL(for: .v4)) == "Products?$expand=Category,Supplier,Order_Details")
        let paths = DataQuery().from("Orders").expand("Customer", "Order_Details/Product")
        #expect(URLEncoding.decode(try paths.relativeURL(for: .v2)) == "Orders?$expand=Customer,Order_Details/Product")
        // One item still takes nested options.
        let one = DataQuery().from("Products").expand(category, withQuery: DataQuery().select("CategoryName"))
        #expect(URLEncoding.decode(try one.relativeURL(for: .v4)) == "Products?$expand=Category($select=CategoryName)")
    }
}
