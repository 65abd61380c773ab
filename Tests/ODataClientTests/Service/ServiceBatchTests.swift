import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceBatch {
        @Test func odatapyMultipartBatchWithChangeSet() throws {
            let service = try ServiceSupport.northwindV4()
            let set = try service.entitySet(withName: "Customers")
            let t = set.entityType
            let id = "B" + String(Int.random(in: 1000..<10000))
            let customer = EntityValue.ofType(t, in: set)
            try t.property(withName: "CustomerID").setStringValue(in: customer, to: id)
            try t.property(withName: "CompanyName").setStringValue(in: customer, to: "Batch Inc.")
            var batch = BatchRequest()
            batch.add(BatchOperation(method: "GET", url: "Customers('ALFKI')", headers: [("Accept", "application/json")]))
            batch.addChangeSet([try service.batchCreate(customer, contentID: "1")])
            let response = try service.executeBatch(batch, json: false)
            #expect(response.parts.count == 2)
            let read = try #require(response.responses.first)
            #expect(read.status == 200)
            let alfki = try service.readBatchResponse(read, relativeURL: "Customers('ALFKI')").entities
            #expect(alfki.first?["CompanyName"] == .string("Alfreds Futterkiste"))
            #expect(response.responses[1].status == 201)

            // Quirk: a percent-encoded key inside a multipart batch gives 400 (odatapy answers the whole batch with
            // it); batchCreate/batchUpdate/batchDelete keep keys plain.
            var encoded = BatchRequest()
            encoded.add(BatchOperation(method: "GET", url: "Customers(%27\(id)%27)", headers: [("Accept", "application/json")]))
            #expect(try service.executeBatch(encoded, json: false).responses.map(\.status) == [400])
            var second = BatchRequest()
            second.add(BatchOperation(method: "GET", url: "Customers('\(id)')", headers: [("Accept", "application/json")]))
            second.addChangeSet([try service.batchDelete(customer, contentID: "1")])
            let answer = try service.executeBatch(second, json: false)
            #expect(answer.responses.map(\.status) == [200, 204])
            #expect(try service.executeQuery(url: "Customers?$filter=CustomerID eq '\(id)'".replacingOccurrences(of: " ", with: "%20")).entities.isEmpty)
        }

        @Test func mockSapMultipartBatchWithChangeSet() throws {
            let service = try ServiceSupport.gatewayV2()
            let set = try service.entitySet(withName: "BusinessPartnerSet")
            let t = set.entityType
            let id = String(format: "06%08d", Int.random(in: 0..<100_000_000))
            let partner = EntityValue.ofType(t, in: set)
            try t.property(withName: "BusinessPartnerID").setStringValue(in: partner, to: id)
            try t.property(withName: "CompanyName").setStringValue(in: partner, to: "Batch AG")
            try t.property(withName: "BusinessPartnerRole").setStringValue(in: partner, to: "01")
            try t.property(withName: "CurrencyCode").setStringValue(in: partner, to: "EUR")
            var batch = BatchRequest()
            batch.add(BatchOperation(method: "GET", url: "BusinessPartnerSet?$top=2", headers: [("Accept", "application/json")]))
            batch.addChangeSet([try service.batchCreate(partner, contentID: "1")])
            let response = try service.executeBatch(batch)
            #expect(response.responses.map(\.status) == [200, 201])
            let two = try service.readBatchResponse(response.responses[0], relativeURL: "BusinessPartnerSet?$top=2").entities
            #expect(two.count == 2)
            let created = try service.executeQuery(url: "BusinessPartnerSet('\(id)')").requiredEntity()
            try service.deleteEntity(created)
        }
    
        /// odatapy's /catalog/ says Version="4.01": executeBatch sends a JSON batch there unless told otherwise.
        @Test func odatapyCatalogJSONBatch() throws {
            let service = try ServiceSupport.catalogV4()
            var batch = BatchRequest()
            batch.add(BatchOperation(method: "GET", url: "Products?$top=2", headers: [("Accept", "application/json")], contentID: "r1"))
            batch.add(BatchOperation(method: "GET", url: "TopProduct", headers: [("Accept", "application/json")], contentID: "r2"))
            let response = try service.executeBatch(batch)
            #expect(response.responses.map(\.status) == [200, 200])
            let two = try service.readBatchResponse(try #require(response.response(contentID: "r1")), relativeURL: "Products?$top=2")
            #expect(two.entities.count == 2)
            let top = try service.readBatchResponse(try #require(response.response(contentID: "r2")), relativeURL: "TopProduct")
            #expect(top.entities.count == 1)
        }
    }
}
