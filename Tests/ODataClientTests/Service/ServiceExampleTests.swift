import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension IntegrationTests {
    @Suite(.enabled(if: TestEnvironment.hasReferenceServers, TestEnvironment.noReferenceServers))
    struct ServiceExample {
        /// Examples/DynamicAPI is built with the tests (it is a target of the package); it runs SAP's example program.
        @Test func dynamicAPIExampleRunsAgainstTheV4Server() throws {
            let port = try Fixtures.shared.v4()
            let binary = TestEnvironment.packageRoot.appendingPathComponent(".build/debug/DynamicAPIExample").path
            try #require(FileManager.default.isExecutableFile(atPath: binary), "build the package first")
            let base = NSTemporaryDirectory() + "odsh-example-\(UUID().uuidString)"
            defer { unlink(base + ".out"); unlink(base + ".err") }
            let status = Spawn.wait(try Spawn.start([binary, "http://127.0.0.1:\(port)/northwind/"], stdout: base + ".out", stderr: base + ".err"))
            let out = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
            let err = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
            #expect(status == 0, "\(err)")
            #expect(out.contains("customers on the first page: 20"))
            #expect(out.contains("first: ALFKI Alfreds Futterkiste"))
            #expect(out.contains("created: Customers('E"))
            #expect(out.contains("updated: Beverly Crusher"))
            #expect(out.contains("deleted: true"))
        }
    }
}
