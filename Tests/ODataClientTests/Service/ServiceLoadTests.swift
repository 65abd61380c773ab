import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceLoad {
        @Test func navigationPropertiesAndMediaOnOdatapy() throws {
            let service = try ServiceSupport.northwindV4()
            let customers = try service.entitySet(withName: "Customers")
            let alfki = try service.executeQuery(url: "Customers('ALFKI')").requiredEntity()
            let orders = try #require(customers.entityType.navigationProperty(named: "Orders"))
            try service.loadProperty(orders, into: alfki)
            let list = try #require(orders.getEntityValueList(from: alfki))
            #expect(list.entities.count == 6)
            #expect(!alfki.hasChanges)
            let order = list.entities[0]
            let customer = try #require(order.entityType.navigationProperty(named: "Customer"))
            try service.loadProperty(customer, into: order)
            #expect(customer.getEntityValue(from: order)?["CustomerID"] == .string("ALFKI"))

            let catalog = try ServiceSupport.catalogV4()
            let photo = try catalog.executeQuery(url: "Photos(1)").requiredEntity()
            let bytes = try catalog.loadMedia(of: photo)
            #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("PNG-not-really"))
            let name = try photo.entityType.property(withName: "Name")
            try name.setNullValue(in: photo)
            try catalog.loadProperty(name, into: photo)
            #expect(name.getStringValue(from: photo) == "anvil.png")
        }
    }
}
