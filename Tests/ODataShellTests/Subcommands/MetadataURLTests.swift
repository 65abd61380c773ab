import Foundation
import Testing
import TestSupport

/// `odsh metadata ... URL` against the real reference servers: the live $metadata streamed into the reader.
@Suite("odsh metadata URL", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct MetadataURLTests {
    @Test("the metadata of each reference server loads", arguments: [
        (ReferenceServers.Kind.v4, "/northwind/", "OData 4.0", "entity sets         26"),
        (.v4, "/catalog/", "OData 4.01", "singletons"),
        (.v2, "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/", "OData 2.0", "entity sets         5"),
        (.v2Atom, "/northwind/", "OData 2.0", "entity sets         26"),
    ])
    func loads(_ kind: ReferenceServers.Kind, _ path: String, _ version: String, _ line: String) throws {
        let url = try ReferenceServers.baseURL(kind) + path
        let r = try OdshProcess.run(["metadata", "summary", url])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(version))
        #expect(r.stdout.contains(line))
        #expect(r.stdout.hasPrefix(url + "$metadata"))
    }

    @Test("the $metadata URL itself is accepted as the source")
    func metadataURL() throws {
        let url = try ReferenceServers.baseURL(.v4) + "/northwind/$metadata"
        let r = try OdshProcess.run(["metadata", "describe", url, "Customers"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("CompanyName"))
    }

    @Test("a 404 is a service error (exit 1); a refused connection is a transport failure (exit 3)")
    func failures() throws {
        let missing = try OdshProcess.run(["metadata", "summary", try ReferenceServers.baseURL(.v4) + "/nothere/"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("404"))
        let refused = try OdshProcess.run(["metadata", "summary", "http://127.0.0.1:9/svc/"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("curl error 7"))
        #expect(refused.stderr.contains("http://127.0.0.1:9/svc/$metadata"))
    }
}
