import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    /// SAP's `loadProperty(_:into:)` on the catalog service: structural properties left out of `$select`, a complex
    /// value, a collection, an enum, and navigation to one entity and to a collection (with query options).
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceLoadProperty {
        @Test func structuralPropertiesNotSelected() throws {
            let service = try ServiceSupport.catalogV4()
            let products = try service.entitySet(withName: "Products")
            let t = products.entityType
            let id = try t.property(withName: "ID")
            let product = try service.executeQuery(DataQuery().from(products).select(id).filter(id.equal(1))).requiredEntity()
            #expect(product["Description"] == nil && product["ShipFrom"] == nil)
            let tag = product.etag

            let description = try t.property(withName: "Description")
            try service.loadProperty(description, into: product)
            #expect(description.getStringValue(from: product) == "Cast iron, 50 kg")
            for name in ["ShipFrom", "Tags", "Grade", "Released"] {
                try service.loadProperty(try t.property(withName: name), into: product)
            }
            guard case .complex(let shipFrom)? = product["ShipFrom"] else { Issue.record("ShipFrom: \(String(describing: product["ShipFrom"]))"); return }
            #expect(shipFrom["City"] == .string("Chennai"))
            guard case .list(let tags)? = product["Tags"] else { Issue.record("Tags: \(String(describing: product["Tags"]))"); return }
            #expect(tags.values == [.string("heavy"), .string("iron")])
            guard case .enumValue(let grade)? = product["Grade"] else { Issue.record("Grade: \(String(describing: product["Grade"]))"); return }
            #expect(grade.name == "Standard")
            #expect(product["Released"]?.description == "2019-03-01")
            #expect(!product.hasChanges, "loaded values are not changes to send")
            #expect(product.etag == tag)
        }

        @Test func navigationToAnEntityAndToACollection() throws {
            let service = try ServiceSupport.catalogV4()
            let products = try service.entitySet(withName: "Products")
            let product = try service.executeQuery(url: "Products(2)").requiredEntity()
            let category = try #require(products.entityType.navigationProperty(named: "Category"))
            #expect(product.value(for: category) == nil)
            try service.loadProperty(category, into: product)
            let machines = try #require(category.getEntityValue(from: product))
            #expect(machines["Name"] == .string("Machines"))
            #expect(machines.entitySet?.name == "Categories", "reached through the navigation binding: it can be updated")

            let items = try #require(machines.entityType.navigationProperty(named: "Products"))
            try service.loadProperty(items, into: machines)
            let list = try #require(items.getEntityValueList(from: machines))
            #expect(list.entities.compactMap { $0["ID"]?.integerValue } == [2, 4])
            #expect(list.entities.allSatisfy { $0.entitySet?.name == "Products" && $0.etag != nil })
            #expect(!machines.hasChanges)

            // With query options: only what they select, in their order.
            let id = try products.entityType.property(withName: "ID"), name = try products.entityType.property(withName: "Name")
            try service.loadProperty(items, into: machines, query: DataQuery().select(id, name).orderBy(id, .descending).top(1))
            let top = try #require(items.getEntityValueList(from: machines))
            #expect(top.entities.count == 1)
            #expect(top.entities.first?["ID"]?.integerValue == 4 && top.entities.first?["Price"] == nil)
        }
    }
}
