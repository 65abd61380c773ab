import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

/// SAP's `ChangeSet` with `applyChanges` and `RequestBatch` with `processBatch`, on the reference servers: odatapy's
/// catalog (a JSON batch, 4.01), its Northwind (multipart) and mock-sap (V2 multipart).
extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceChangeSets {
        /// Create two products in one change set, then update an existing one (with its ETag) and delete one of the
        /// new ones in another; the entities take the service's answers as `createEntity`/`updateEntity` give them.
        /// (odatapy's catalog sends ETags for the products it starts with, not for those created later.)
        @Test func catalogApplyChangesCreateUpdateDelete() throws {
            let service = try ServiceSupport.catalogV4()
            let products = try service.entitySet(withName: "Products")
            let t = products.entityType
            let id = try t.property(withName: "ID"), name = try t.property(withName: "Name")
            let base = Int.random(in: 20_000..<30_000) * 2
            let one = EntityValue.ofType(t), two = EntityValue.ofType(t)
            try id.setIntValue(in: one, to: base); try name.setStringValue(in: one, to: "Change set one")
            try id.setIntValue(in: two, to: base + 1); try name.setStringValue(in: two, to: "Change set two")
            let creates = ChangeSet()
            creates.createEntity(one)
            creates.createEntity(two)
            #expect(creates.size == 2 && !creates.isApplied)
            try service.applyChanges(creates)
            #expect(creates.isApplied && creates.responses.map(\.status) == [201, 201])
            #expect(!one.isNew && !one.hasChanges && one.entitySet === products)
            let read = try service.executeQuery(DataQuery().from(products).filter(id.greaterEqual(base)).filter(id.lessEqual(base + 1)).orderBy(id))
            #expect(read.entities.map { name.getStringValue(from: $0) } == ["Change set one", "Change set two"])

            let existing = try service.executeQuery(DataQuery().from(products).withKey(EntityKey(.int32(1)))).requiredEntity()
            let tag = try #require(existing.etag)
            try name.setStringValue(in: existing, to: "Renamed in a change set \(base)")
            let changes = ChangeSet()
            changes.updateEntity(existing)
            changes.deleteEntity(two)
            try service.applyChanges(changes)
            #expect(changes.responses.count == 2)
            #expect(existing.etag != nil && existing.etag != tag && !existing.hasChanges)
            #expect(try service.executeQuery(DataQuery().from(products).filter(id.equal(base + 1))).entities.isEmpty)

            // A stale ETag: the change set fails as a whole, with a conflict naming the entity, and the delete in it
            // is not applied.
            let stale = existing.copy()
            stale.etag = tag
            try name.setStringValue(in: stale, to: "stale")
            let refused = ChangeSet()
            refused.deleteEntity(one)
            refused.updateEntity(stale)
            #expect { try service.applyChanges(refused) } throws: { error in
                guard let e = error as? DataServiceError, e.isConflict else { return false }
                return e.description.contains("Products(1)")
            }
            #expect(!refused.isApplied && refused.error != nil)
            #expect(try service.executeQuery(DataQuery().from(products).filter(id.equal(base))).entities.count == 1)
            let cleanup = ChangeSet()
            cleanup.deleteEntity(one)
            try service.applyChanges(cleanup)
            #expect(cleanup.isApplied)
        }

        /// SAP's `createRelatedEntity`, `createLink`, `updateLink` and `deleteLink` on `DataService`, one request
        /// each, on odatapy's catalog: a product created through its category's navigation property and unlinked
        /// there, then its single-valued link to a category set, moved and removed.
        @Test func catalogRelatedEntityAndLinks() async throws {
            let service = try ServiceSupport.catalogV4()
            let categories = try service.entitySet(withName: "Categories"), products = try service.entitySet(withName: "Products")
            let ct = categories.entityType, pt = products.entityType
            let toProducts: NavigationProperty = try ct.property(withName: "Products")
            let toCategory: NavigationProperty = try pt.property(withName: "Category")
            let c = Int.random(in: 700..<799), p = Int.random(in: 40_000..<50_000)
            let category = EntityValue.ofType(ct, in: categories), other = EntityValue.ofType(ct, in: categories)
            try ct.property(withName: "ID").setIntValue(in: category, to: c)
            try ct.property(withName: "Name").setStringValue(in: category, to: "related \(c)")
            try ct.property(withName: "ID").setIntValue(in: other, to: c + 100)
            try ct.property(withName: "Name").setStringValue(in: other, to: "other \(c)")
            try await service.createEntity(category)
            try await service.createEntity(other)
            let product = EntityValue.ofType(pt)
            try pt.property(withName: "ID").setIntValue(in: product, to: p)
            try pt.property(withName: "Name").setStringValue(in: product, to: "made for \(c)")
            try pt.property(withName: "Price").setDecimalValue(in: product, to: DecimalValue("2.5")!)
            try await service.createRelatedEntity(product, in: category, property: toProducts)
            #expect(!product.isNew)
            let productID = try pt.property(withName: "ID")
            func productsOf(_ id: Int) throws -> [Int] {
                try service.executeQuery(DataQuery().from(categories).withKey(EntityKey(.int32(Int32(id)))).navigate(toProducts))
                    .entities.compactMap { productID.getIntValue(from: $0) }
            }
            #expect(try productsOf(c) == [p])
            try await service.deleteLink(from: category, property: toProducts, to: product)
            #expect(try productsOf(c).isEmpty)
            // odatapy keeps the two sides of a relationship apart: a single-valued link is read from its own side.
            let categoryID = try ct.property(withName: "ID")
            func categoryOf(_ id: Int) throws -> Int? {
                let read = try service.executeQuery(DataQuery().from(products).withKey(EntityKey(.int32(Int32(id)))).expand(toCategory))
                    .requiredEntity()
                guard case .entity(let related)? = read[toCategory.name] else { return nil }
                return categoryID.getIntValue(from: related)
            }
            try await service.createLink(from: product, property: toCategory, to: category)
            #expect(try categoryOf(p) == c)
            try await service.updateLink(from: product, property: toCategory, to: other)
            #expect(try categoryOf(p) == c + 100)
            await #expect(throws: DataServiceError.self) { try await service.updateLink(from: category, property: toProducts, to: product) }
            try await service.deleteLink(from: product, property: toCategory)
            #expect(try categoryOf(p) == nil)
            try await service.deleteEntity(product)
            try await service.deleteEntity(category)
            try await service.deleteEntity(other)
        }

        /// A multipart batch holding queries and a change set: each answer read back per request.
        @Test func northwindProcessBatchQueriesAndChangeSet() throws {
            let service = try ServiceSupport.northwindV4()
            let customers = try service.entitySet(withName: "Customers")
            let categories = try service.entitySet(withName: "Categories")
            let ct = categories.entityType
            let categoryID = try ct.property(withName: "CategoryID"), categoryName = try ct.property(withName: "CategoryName")
            let newID = Int.random(in: 50_000..<60_000)
            let category = EntityValue.ofType(ct, in: categories)
            try categoryID.setIntValue(in: category, to: newID)
            try categoryName.setStringValue(in: category, to: "Batch")

            let batch = RequestBatch()
            let firstThree = DataQuery().from(customers).orderBy(try customers.entityType.property(withName: "CustomerID")).top(3)
            let count = DataQuery().from(customers).count()
            let changes = ChangeSet()
            changes.createEntity(category)
            batch.addQuery(firstThree)
            batch.addChanges(changes)
            batch.addQuery(count)
            #expect(batch.size == 3)
            #expect(throws: DataServiceError.self) { _ = try batch.queryResult(for: firstThree) }
            try service.processBatch(batch)
            #expect(batch.isProcessed)
            let three = try batch.queryResult(for: firstThree).entityList()
            #expect(three.map { $0["CustomerID"]?.description } == ["ALFKI", "ANATR", "ANTON"])
            #expect(try batch.queryResult(for: count).count == 91)
            #expect(changes.isApplied && changes.responses.first?.status == 201 && !category.isNew)
            // An equal query finds the same answer; a query not in the batch is an error.
            #expect(try batch.queryResult(for: DataQuery().from(customers).count()).count == 91)
            #expect(throws: DataServiceError.self) { _ = try batch.queryResult(for: DataQuery().from(categories)) }

            // A refused query does not stop the batch: its error comes from queryResult, the change set applies.
            let second = RequestBatch()
            let missing = DataQuery().from("NoSuchSet")
            second.addQuery(missing)
            let cleanup = ChangeSet()
            cleanup.deleteEntity(category)
            second.addChanges(cleanup)
            try service.processBatch(second)
            #expect(throws: ODataClientError.self) { _ = try second.queryResult(for: missing) }
            #expect(cleanup.isApplied, "\(String(describing: cleanup.error))")
            #expect(try service.executeQuery(DataQuery().from(categories).filter(categoryID.equal(newID))).entities.isEmpty)
        }

        /// mock-sap (SAP Gateway style, V2): a change set creating and deleting, with a query beside it.
        @Test func mockSapProcessBatch() throws {
            let service = try ServiceSupport.gatewayV2()
            let set = try service.entitySet(withName: "BusinessPartnerSet")
            let t = set.entityType
            let id = String(format: "07%08d", Int.random(in: 0..<100_000_000))
            let partner = EntityValue.ofType(t, in: set)
            try t.property(withName: "BusinessPartnerID").setStringValue(in: partner, to: id)
            try t.property(withName: "CompanyName").setStringValue(in: partner, to: "ChangeSet AG")
            try t.property(withName: "BusinessPartnerRole").setStringValue(in: partner, to: "01")
            try t.property(withName: "CurrencyCode").setStringValue(in: partner, to: "EUR")
            let batch = RequestBatch()
            let changes = ChangeSet()
            changes.createEntity(partner)
            batch.addChanges(changes)
            let two = DataQuery().from(set).top(2)
            batch.addQuery(two)
            try service.processBatch(batch)
            #expect(changes.isApplied, "\(String(describing: changes.error))")
            #expect(try batch.queryResult(for: two).entities.count == 2)
            let created = try service.executeQuery(DataQuery().from(set).withKey(EntityKey(.string(id)))).requiredEntity()
            let cleanup = ChangeSet()
            cleanup.deleteEntity(created)
            try service.applyChanges(cleanup)
            #expect(try service.executeQuery(DataQuery().from(set).filter(try t.property(withName: "BusinessPartnerID").equal(id))).entities.isEmpty)
        }

        @Test func emptyBatchAndChangeSetSendNothing() throws {
            let (service, collector) = try ServiceSupport.counted { try ServiceSupport.catalogV4($0) }
            let before = collector.text.count
            let batch = RequestBatch()
            batch.addChanges(ChangeSet())
            try service.processBatch(batch)
            #expect(batch.isProcessed && collector.text.count == before)
        }
    }
}
