import Foundation
import Testing
import ODataClient
import TestSupport

extension IntegrationTests {
    /// SAP's tracing switches on `DataService`: `traceRequests`, `traceWithData`, `prettyTracing`.
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceTracing {
        @Test func switchesTakeEffectForTheRequestsThatFollow() throws {
            let collector = TraceCollector()
            let service = try ServiceSupport.catalogV4 { $0.traceSink = collector.sink }
            #expect(!service.traceRequests && !service.traceWithData && !service.prettyTracing)
            _ = try service.executeQuery(url: "Categories?$top=1")
            #expect(collector.text.isEmpty, "nothing traced until asked")

            service.traceRequests = true
            _ = try service.executeQuery(url: "Categories?$top=1")
            #expect(collector.text.contains("HTTP GET http://127.0.0.1:"))
            #expect(collector.text.contains("/catalog/Categories?$top=1 -> 200"))
            #expect(!collector.text.contains("< {"), "no bodies without traceWithData")

            service.traceWithData = true
            #expect(service.traceRequests && service.traceWithData && !service.prettyTracing)
            let before = collector.text.count
            _ = try service.executeQuery(url: "Categories?$top=1")
            let withData = String(collector.text.dropFirst(before))
            #expect(withData.contains("\n< {") && withData.contains("@odata.context"), "the body: \(withData)")
            #expect(!withData.contains("<   \"@odata.context\""), "not indented: \(withData)")

            service.prettyTracing = true
            let pretty = collector.text.count
            _ = try service.executeQuery(url: "Categories?$top=1")
            let indented = String(collector.text.dropFirst(pretty))
            #expect(indented.contains("\n<   \"@odata.context\""), "the body indented: \(indented)")

            // Off: what needs it goes off with it.
            service.traceRequests = false
            #expect(!service.traceRequests && !service.traceWithData && !service.prettyTracing)
            let off = collector.text.count
            _ = try service.executeQuery(url: "Categories?$top=1")
            #expect(collector.text.count == off)

            // Pretty on its own turns on what it needs.
            service.prettyTracing = true
            #expect(service.traceRequests && service.traceWithData && service.prettyTracing)
            service.traceWithData = false
            #expect(service.traceRequests && !service.traceWithData && !service.prettyTracing)
        }
    }
}
