import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceOperations {
        @Test func odatapyCatalogFunctionsAndActions() throws {
            let service = try ServiceSupport.catalogV4()
            let cheapest = try service.executeFunction("CheapestPrice").requiredValue()
            let cheapestNumber = try #require(Double(cheapest.description))
            #expect(cheapestNumber > 0)

            let product = try #require(try service.executeQuery(DataQuery().from(try service.entitySet(withName: "Products")).top(1)).entities.first)
            // Text for an Int32 parameter is typed from the metadata.
            let withTax = try service.executeFunction("PriceWithTax", parameters: [("rate", .string("10"))], boundTo: product).requiredValue()
            #expect(Double(withTax.description) != nil)

            let discounted = try service.executeAction("Discount", parameters: [("pct", .int(10))], boundTo: product).requiredEntity()
            #expect(discounted["ID"] == product["ID"])

            let restock = try service.executeAction("Restock")
            #expect((200..<300).contains(restock.status))
            #expect(restock.entities.isEmpty && restock.values.isEmpty)

            #expect(throws: DataServiceError.self) { try service.executeFunction("PriceWithTax", parameters: [("rat", .int(1))], boundTo: product) }
            #expect(throws: DataServiceError.self) { try service.executeFunction("Nope") }
        }
    }
}
