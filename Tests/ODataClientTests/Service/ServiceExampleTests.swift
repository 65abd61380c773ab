import Foundation
import Testing
import TestSupport

extension IntegrationTests {
    @Suite(.enabled(if: ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct ServiceExample {
        /// Examples/DynamicAPI is built with the tests (it is a target of the package); it runs SAP's example program.
        @Test func dynamicAPIExampleRunsAgainstTheV4Server() throws {
            let port = try ReferenceServers.port(.v4)
            let binary = TestPaths.packageRoot.appendingPathComponent(".build/debug/DynamicAPIExample").path
            try #require(FileManager.default.isExecutableFile(atPath: binary), "build the package first")
            let run = try Spawn.run([binary, "http://127.0.0.1:\(port)/northwind/"])
            let out = run.stdout
            #expect(run.status == 0, "\(run.stderr)")
            #expect(out.contains("customers on the first page: 20"))
            #expect(out.contains("first: ALFKI Alfreds Futterkiste"))
            #expect(out.contains("created: Customers('E"))
            #expect(out.contains("updated: Beverly Crusher"))
            #expect(out.contains("deleted: true"))
        }
    }
}
