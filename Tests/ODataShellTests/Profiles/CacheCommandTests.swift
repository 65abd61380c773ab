import Foundation
import Testing
import TestSupport

/// The metadata cache: conditional GETs (304, no download) against the gateway and against nginx's own static
/// files, --no-cache, the cached copy when the service is down, odsh cache list|clear.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct CacheCommandTests {
    static let gatewayResult = Result { try AuthGateway() }
    let gateway: AuthGateway
    let xdg = TestXDG()

    init() throws {
        gateway = try Self.gatewayResult.get()
    }

    var cacheFiles: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: xdg.metadataCache)) ?? []).sorted() }

    @Test func theSecondLoadIsAConditionalGETAnswered304() throws {
        let url = gateway.base + "/open/northwind/"
        let mark = gateway.mark
        let first = try xdg.odsh(["metadata", "summary", url])
        let second = try xdg.odsh(["metadata", "summary", url, "--metadata-max-age", "0"])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(first.stdout == second.stdout)
        let log = gateway.entries(from: mark)
        #expect(log.map { "\($0["status"]!) \($0["bytes"]!)" } == ["200 19112", "304 0"])
        #expect(cacheFiles.count == 2, "document and sidecar, no temporary file left: \(cacheFiles)")
        let sidecar = try #require(cacheFiles.first { $0.hasSuffix(".json") })
        let entry = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: xdg.metadataCache + "/" + sidecar))) as? [String: Any]
        #expect(entry?["url"] as? String == url && entry?["bytes"] as? Int == 19112 && (entry?["etag"] as? String)?.hasPrefix("\"") == true)
        #expect(entry?["fetchedAt"] != nil && entry?["user"] as? String == "")
        let list = try xdg.odsh(["cache", "list"])
        #expect(list.stdout.contains(url) && list.stdout.contains("19 KB") && list.stdout.contains("ETag \""))
    }

    @Test(.fixture("nginx", NginxFixture.isAvailable, Comment(rawValue: NginxFixture.missing)))
    func nginxsOwnValidatorsRevalidate() throws {
        let nginx = try NginxFixture.shared()
        let url = nginx.http + "/static/northwind-v2/"
        // nginx logs after answering: wait for both lines (and the count below says no more came).
        let before = nginx.accessLog(containing: "/static/northwind-v2/$metadata").count
        for _ in 0..<2 { #expect(try xdg.odsh(["metadata", "summary", url, "--metadata-max-age", "0"]).status == 0) }
        try Wait.until("nginx to log both requests") { nginx.accessLog(containing: "/static/northwind-v2/$metadata").count >= before + 2 }
        let lines = nginx.accessLog(containing: "/static/northwind-v2/$metadata").suffix(2)
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\" 200 ") == true && lines.last?.contains("\" 304 ") == true, "\(lines)")
    }

    @Test func noCacheNeitherReadsNorWrites() throws {
        let url = gateway.base + "/open/northwind/"
        let mark = gateway.mark
        for _ in 0..<2 { #expect(try xdg.odsh(["metadata", "summary", url, "--no-cache"]).status == 0) }
        #expect(gateway.entries(from: mark).map { $0["status"] as? Int } == [200, 200])
        #expect(cacheFiles.isEmpty)
    }

    @Test func aServiceThatIsDownIsReadFromTheCacheWithAWarning() throws {
        let own = try AuthGateway()
        let url = own.base + "/open/northwind/"
        let online = try xdg.odsh(["metadata", "describe", url, "Customers"])
        #expect(online.status == 0)
        own.stop()
        let offline = try xdg.odsh(["metadata", "describe", url, "Customers", "--metadata-max-age", "0"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == online.stdout)
        #expect(offline.stderr.contains("warning: GET \(url)$metadata") && offline.stderr.contains("curl error 7"))
        #expect(offline.stderr.contains("using the metadata of \(url)$metadata cached on"))
        let strict = try xdg.odsh(["metadata", "describe", url, "Customers", "--no-cache"])
        #expect(strict.status == 3)
    }

    @Test func clearByProfileByURLOrAll() throws {
        let url = gateway.base + "/open/northwind/"
        #expect(try xdg.odsh(["metadata", "summary", url]).status == 0)
        #expect(try xdg.odsh(["profile", "add", "nw", url]).status == 0)
        #expect(try xdg.odsh(["metadata", "summary", gateway.base + "/open/catalog/"]).status == 0)
        #expect(cacheFiles.count == 6)
        #expect(try xdg.odsh(["cache", "clear", "nw"]).stdout == "removed 1 cached metadata document\n")
        #expect(try xdg.odsh(["cache", "clear", url + "$metadata"]).stdout == "removed 1 cached metadata document\n")
        #expect(cacheFiles.count == 2)
        #expect(try xdg.odsh(["cache", "clear"]).stdout == "removed 1 cached metadata document\n")
        #expect(cacheFiles.isEmpty)
    }
}
