import Foundation
import Testing
import ODataClient
import ODataModel
import ODataQuery
import TestSupport

/// SAP's way in: `OnlineODataProvider`, `DataService(provider:)` without metadata, `loadMetadata()` loading it into
/// the service.
extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceProvider {
        @Test("DataService(provider:) does not throw, as SAP's: a session that cannot start fails the first request")
        func aSessionThatCannotStartFailsAtItsFirstRequest() throws {
            var provider = OnlineODataProvider(serviceRoot: URL(string: "http://127.0.0.1:\(try ReferenceServers.port(.v4))/catalog/")!)
            provider.networkOptions.clientCertificate = "/nonexistent/odsh-test-client.pem"
            let opening = #expect(throws: ODataClientError.self) { _ = try HTTPClient(configuration: provider.networkOptions) }
            let service = DataService(provider: provider)
            #expect(!service.isMetadataLoaded)
            let loading = #expect(throws: ODataClientError.self) { try service.loadMetadata() }
            #expect(loading?.description == opening?.description, "the same reason, later")
        }

        @Test func providerServiceLoadsMetadataOnlyWhenAsked() throws {
            let root = URL(string: "http://127.0.0.1:\(try ReferenceServers.port(.v4))/catalog/")!
            let collector = TraceCollector()
            var provider = OnlineODataProvider(serviceRoot: root)
            #expect(provider.serviceName == "catalog")
            provider.traceRequests = true
            provider.networkOptions.traceSink = collector.sink
            let service = DataService(provider: provider)
            #expect(!service.isMetadataLoaded)
            #expect(collector.getCount == 0, "no request before loadMetadata: \(collector.text)")
            // A lookup before loadMetadata says what is missing, not "no entity set named Products".
            let error = try #require(throws: MetadataNotLoadedError.self) { _ = try service.entitySet(withName: "Products") }
            #expect(error.description.contains("not loaded (call loadMetadata() first)"))
            #expect(error.description.contains(root.absoluteString))

            try service.loadMetadata()
            #expect(service.isMetadataLoaded)
            #expect(collector.getCount == 1)
            let products = try service.entitySet(withName: "Products")
            #expect(try service.executeQuery(DataQuery().from(products).top(2)).entities.count == 2)
            // Loaded once: a second call sends nothing; refreshMetadata loads again and checks.
            try service.loadMetadata()
            #expect(collector.text.components(separatedBy: "$metadata").count - 1 == 1)
            let refresh = try service.refreshMetadata()
            #expect(refresh.report.isEmpty)
            #expect(collector.text.components(separatedBy: "$metadata").count - 1 == 2)
        }

        @Test func providerCarriesServiceNameRootQueryAndHeaders() throws {
            let root = URL(string: "http://127.0.0.1:\(try ReferenceServers.port(.v4))/northwind/?sap-client=100")!
            let collector = TraceCollector()
            var provider = OnlineODataProvider(serviceName: "Northwind", serviceRoot: root)
            provider.httpHeaders.set("X-Example", "1")
            provider.traceWithData = true
            provider.networkOptions.traceSink = collector.sink
            #expect(provider.serviceName == "Northwind" && provider.traceRequests)
            let service = DataService(provider: provider)
            try service.loadMetadata()
            #expect(service.serviceRoot.hasSuffix("/northwind/"))
            // SAP's `service.provider`: the provider as the service was opened with it.
            #expect(service.provider.serviceName == "Northwind")
            #expect(service.provider.serviceRoot == root)
            #expect(service.provider.httpHeaders["X-Example"] == "1")
            #expect(service.provider.networkOptions.serviceRoot == service.serviceRoot)
            let text = collector.text
            #expect(text.contains("$metadata?sap-client=100"))
            #expect(text.contains("X-Example: 1"))
            provider.traceRequests = false
            #expect(!provider.traceWithData && !provider.prettyTracing)
        }

        @Test func loadMetadataFailureLeavesTheServiceWithoutMetadata() throws {
            let root = URL(string: "http://127.0.0.1:\(try ReferenceServers.port(.v4))/no-such-service/")!
            let service = DataService(provider: OnlineODataProvider(serviceRoot: root))
            #expect(throws: (any Error).self) { try service.loadMetadata() }
            #expect(!service.isMetadataLoaded)
            #expect(throws: MetadataNotLoadedError.self) { _ = try service.entitySet(withName: "Products") }
        }

        /// A placeholder's pre-approvals go with the metadata loaded into it.
        @Test func preApprovalsSetBeforeLoadingCarryOver() throws {
            let root = URL(string: "http://127.0.0.1:\(try ReferenceServers.port(.v4))/catalog/")!
            let service = DataService(provider: OnlineODataProvider(serviceRoot: root))
            service.metadata.canRemoveAnything = true
            try service.loadMetadata()
            #expect(service.metadata.canRemoveAnything)
        }
    }
}
