import Foundation
import Testing
import TestSupport

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceExample {
        /// Examples/DynamicAPI is built with the tests (it is a target of the package); it runs SAP's example program
        /// against the catalog service through SAP's entry points (OnlineODataProvider, DataService(provider:),
        /// loadMetadata): query (the list iterated, a row decoded), create, loadProperty, update with ETag (a stale one
        /// refused), delete, refreshMetadata.
        @Test func dynamicAPIExampleRunsAgainstTheV4Server() throws {
            let port = try ReferenceServers.port(.v4)
            let binary = TestPaths.builtProduct("DynamicAPIExample")
            try #require(FileManager.default.isExecutableFile(atPath: binary), "build the package first")
            let run = try Spawn.run([binary, "http://127.0.0.1:\(port)/catalog/"])
            let out = run.stdout
            #expect(run.status == 0, "\(run.stderr)")
            #expect(out.contains("products on the first page: 3"))
            #expect(out.contains("first: 1\n"))
            #expect(out.components(separatedBy: "\nproduct ").count - 1 == 3 && out.contains("\nproduct 1: "), "\(out)")
            #expect(out.contains("created: Products(9"))
            #expect(out.contains("category of product 2: Machines"))
            #expect(out.contains("products in it: 2"))
            #expect(out.contains("updated with ETag: true, new ETag: true"))
            #expect(out.contains("stale ETag refused: true"))
            #expect(out.contains("deleted: true"))
            #expect(out.contains("metadata refreshed: 0 changes"), "\(out)")
        }
    }
}
