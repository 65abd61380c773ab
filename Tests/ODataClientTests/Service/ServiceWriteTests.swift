import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceWrites {
        @Test func odatapyCatalogETags() throws {
            let service = try ServiceSupport.catalogV4()
            let products = try service.entitySet(withName: "Products")
            let name = try products.entityType.property(withName: "Name")
            let product = try #require(try service.executeQuery(DataQuery().from(products).top(1)).entities.first)
            let read = try service.executeQuery(url: "Products" + product.keyPredicate()).requiredEntity()
            let tag = try #require(read.etag)
            // Without If-Match: 428.
            let untagged = read.copy()
            untagged.etag = nil
            try name.setStringValue(in: untagged, to: "no etag")
            #expect { try service.updateEntity(untagged) } throws: { error in
                guard let e = error as? DataServiceError, case .preconditionRequired = e.kind else { return false }
                return e.description.contains("Products(")
            }
            // With the ETag: success, and a new ETag.
            try name.setStringValue(in: read, to: "renamed \(Int.random(in: 0..<1000))")
            try service.updateEntity(read)
            #expect(read.etag != nil)
            // The old ETag now is stale: 412, a conflict naming the entity.
            let stale = read.copy()
            stale.etag = tag
            try name.setStringValue(in: stale, to: "stale")
            #expect { try service.updateEntity(stale) } throws: { error in
                guard let e = error as? DataServiceError, e.isConflict else { return false }
                return e.description.contains("conflict") && e.description.contains("Products(\(product["ID"]!.integerValue!))")
            }
        }

        @Test("a write to a V4 service that never asks for a CSRF token is sent without fetching one")
        func noTokenFetchWhereNoneIsAsked() throws {
            let (service, trace) = try ServiceSupport.counted { try ServiceSupport.catalogV4($0) }
            let products = try service.entitySet(withName: "Products")
            let name = try products.entityType.property(withName: "Name")
            let product = try #require(try service.executeQuery(DataQuery().from(products).top(1)).entities.first)
            let read = try service.executeQuery(url: "Products" + product.keyPredicate()).requiredEntity()
            let getsBefore = trace.getCount
            try name.setStringValue(in: read, to: "no token \(Int.random(in: 0..<1000))")
            try service.updateEntity(read)
            #expect(trace.getCount == getsBefore, "no GET before the PATCH: \(trace.text)")
            #expect(trace.text.contains("HTTP PATCH "))
        }

        @Test("the count a V2 service sends after the rows is read when the consumer stops early")
        func theCountAfterTheRowsIsRead() throws {
            let service = try ServiceSupport.gatewayV2()
            let partners = try service.entitySet(withName: "BusinessPartnerSet")
            let all = try service.executeQuery(DataQuery().from(partners).count()).count
            var handed = 0
            let response = try service.execute(DataRequest.query(DataQuery().from(partners).inlineCount()), paging: .firstPage,
                                               onEntity: { _ in handed += 1; return handed < 2 }, onValue: { _ in })
            #expect(handed == 2)
            #expect(response.count != nil && response.count == all, "mock-sap sends __count after results")
            #expect(!response.restNotRead)
            #expect(response.morePages)
        }

        @Test func mockSapCreateUpdateDeleteWithCSRF() throws {
            let (service, trace) = try ServiceSupport.counted { try ServiceSupport.gatewayV2($0) }
            let set = try service.entitySet(withName: "BusinessPartnerSet")
            let t = set.entityType
            let id = String(format: "07%08d", Int.random(in: 0..<100_000_000))
            let partner = EntityValue.ofType(t, in: set)
            try t.property(withName: "BusinessPartnerID").setStringValue(in: partner, to: id)
            try t.property(withName: "CompanyName").setStringValue(in: partner, to: "Enterprise Inc.")
            try t.property(withName: "BusinessPartnerRole").setStringValue(in: partner, to: "01")
            try t.property(withName: "CurrencyCode").setStringValue(in: partner, to: "EUR")
            try service.createEntity(partner)
            #expect(trace.text.contains("HTTP GET \(service.serviceRoot) ->"), "the CSRF token was fetched from the service root")
            let read = try service.executeQuery(url: "BusinessPartnerSet('\(id)')").requiredEntity()
            #expect(read["CompanyName"]?.description.contains("Enterprise") == true)
            let oldTag = read.etag
            try t.property(withName: "CompanyName").setStringValue(in: read, to: "Enterprise 2")
            try service.updateEntity(read)
            let again = try service.executeQuery(url: "BusinessPartnerSet('\(id)')").requiredEntity()
            #expect(t.structuralProperty(named: "CompanyName")!.getStringValue(from: again) == "Enterprise 2")
            if let oldTag, again.etag != oldTag {
                let stale = again.copy()
                stale.etag = oldTag
                try t.property(withName: "CompanyName").setStringValue(in: stale, to: "stale")
                #expect { try service.updateEntity(stale) } throws: { ($0 as? DataServiceError)?.isConflict == true }
            }
            try service.deleteEntity(again)
            #expect(throws: ODataClientError.self) { try service.executeQuery(url: "BusinessPartnerSet('\(id)')") }
        }
    
        /// The tool-facing execute: a POST hands the created entity to onEntity; a DELETE answers without content.
        @Test func executeWritesThroughTheToolFacingAPI() throws {
            let service = try ServiceSupport.northwindV4()
            let id = "X" + String(Int.random(in: 1000..<10000))
            var created: [EntityValue] = []
            let post = try service.execute(ServiceRequest(method: .post, relativeURL: "Customers",
                                                          body: Data(#"{"CustomerID":"\#(id)","CompanyName":"Tool Inc."}"#.utf8), target: nil),
                                           paging: .firstPage, onEntity: { created.append($0); return true }, onValue: { _ in })
            #expect(post.status == 201)
            #expect(created.count == 1 && created.first?["CompanyName"] == .string("Tool Inc."))
            #expect(post.rawBody == nil)
            let delete = try service.execute(ServiceRequest(method: .delete, relativeURL: "Customers('\(id)')", body: nil, target: nil),
                                             paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
            #expect(delete.status == 204)
            #expect(delete.rawBody == nil && delete.pagesRead == 1 && !delete.morePages)
        }
    }
}
