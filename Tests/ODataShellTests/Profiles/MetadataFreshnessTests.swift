import Foundation
import Testing
import TestSupport

/// The metadata cache's freshness window (a one-shot query within it is one request), the service's
/// Cache-Control, the revalidation after a failed request (fixture-server.py evolving, whose $metadata moves on
/// between runs), one cache key for a URL holding a password, and stale temporary files of killed writers.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("python3", Tools.hasPython, Tools.noPython))
struct MetadataFreshnessTests {
    let xdg = TestXDG()
    let port: Int
    /// A fresh service (its own state on the server) for each test.
    let key = "t" + UUID().uuidString.prefix(8).lowercased()

    init() throws {
        port = try FixtureServers.port("evolving")
    }

    var root: String { "http://127.0.0.1:\(port)/\(key)/" }

    func control(_ what: String) throws -> String {
        try Spawn.output(["curl", "-sS", "http://127.0.0.1:\(port)/\(key)/control/\(what)"], timeout: 10)
    }

    var metadataRequests: Int { Int((try? control("metadata-requests")) ?? "") ?? -1 }

    var cacheFiles: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: xdg.metadataCache)) ?? []).sorted() }

    @Test func aOneShotQueryWithinTheWindowSendsNoMetadataRequest() throws {
        let first = try xdg.odsh([root, "-o", "json", "-c", "Products select ID, Name"])
        let second = try xdg.odsh([root, "-o", "json", "-c", "Products select ID, Name"])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(first.stdout == second.stdout && first.stdout.contains("Chai"))
        #expect(metadataRequests == 1, "the second run used the cached copy without asking")
        // 0: always ask, as a conditional GET (the service has an ETag).
        let asked = try xdg.odsh([root, "--metadata-max-age", "0", "-o", "json", "-c", "Products select ID, Name"])
        #expect(asked.status == 0 && asked.stdout == first.stdout)
        #expect(metadataRequests == 2)
        // The metadata commands use the same window.
        #expect(try xdg.odsh(["metadata", "sets", root]).status == 0)
        #expect(metadataRequests == 2)
    }

    @Test func theServicesMaxAgeAndTheProfilesSettingCount() throws {
        _ = try control("max-age/0")
        for _ in 0..<2 { #expect(try xdg.odsh([root, "-c", "Products"]).status == 0) }
        #expect(metadataRequests == 2, "Cache-Control: max-age=0 asks every time")
        // The user's setting goes before the service's.
        #expect(try xdg.odsh([root, "--metadata-max-age", "600", "-c", "Products"]).status == 0)
        #expect(metadataRequests == 2)
        try FileManager.default.createDirectory(atPath: (xdg.configFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "[profile.shop]\nurl = \"\(root)\"\nmetadata-max-age = 600\n".write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
        #expect(try xdg.odsh(["shop", "-c", "Products"]).status == 0)  // its first load: a profile has a cache entry of its own
        #expect(try xdg.odsh(["shop", "-c", "Products"]).status == 0)
        #expect(metadataRequests == 3)
        let bad = try xdg.odsh([root, "--metadata-max-age", "-1", "-c", "Products"])
        #expect(bad.status == 2 && bad.stderr.contains("--metadata-max-age"))
    }

    @Test func aChangedMetadataIsNoticedAfterAFailedRequestWithTheVerdict() throws {
        #expect(try xdg.odsh([root, "-c", "Products select ID, Price"]).status == 0)
        _ = try control("version/2")  // Price is now UnitPrice
        let failed = try xdg.odsh([root, "-c", "Products select ID, Price"])
        #expect(failed.status != 0)
        #expect(metadataRequests == 2, "asked once more, after the 400")
        #expect(failed.stderr.contains("the metadata changed since it was cached, not compatibly"), "\(failed.stderr)")
        #expect(failed.stderr.contains("Shop.Product/Price"), "the verdict names what went: \(failed.stderr)")
        #expect(failed.stderr.contains("incompatible"))
        #expect(failed.stderr.contains("Could not find a property named 'Price'"), "the failure itself is reported")
        #expect(failed.stderr.contains("not run again"))
        // The next run binds to the new metadata, before any request.
        let next = try xdg.odsh([root, "-c", "Products select ID, Price"])
        #expect(next.status == 2 && next.stderr.contains("Product has no property Price"), "\(next.stderr)")
        #expect(try xdg.odsh([root, "-c", "Products select ID, UnitPrice"]).status == 0)
        #expect(metadataRequests == 2)
    }

    @Test func aCompatibleChangeIsAppliedAndTheStatementRunAgain() throws {
        #expect(try xdg.odsh([root, "-c", "Products select ID, Name"]).status == 0)
        _ = try control("version/3")  // adds Category and Suppliers
        _ = try control("fail-once")
        let run = try xdg.odsh([root, "-o", "json", "-c", "Products select ID, Name"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Chang"))
        #expect(run.stderr.contains("the metadata changed since it was cached, compatibly"), "\(run.stderr)")
        #expect(run.stderr.contains("Shop.Product/Category") && run.stderr.contains("running the statement again"), "\(run.stderr)")
        #expect(metadataRequests == 2)
    }

    @Test func unchangedMetadataOrAMissingEntityAsksNoMoreThanNeeded() throws {
        #expect(try xdg.odsh([root, "-c", "Products"]).status == 0)
        // A 404 for an entity addressed by key says nothing about the metadata.
        let missing = try xdg.odsh([root, "-c", "Products(99)"])
        #expect(missing.status != 0 && missing.stderr.contains("No entity with key 99"))
        #expect(metadataRequests == 1)
        // A 404 for the set: asked once; the same metadata, so the failure stands, with a note.
        _ = try control("fail-once")
        let failed = try xdg.odsh([root, "-c", "Products"])
        #expect(failed.status != 0 && failed.stderr.contains("the metadata is unchanged"), "\(failed.stderr)")
        #expect(metadataRequests == 2)
        // Metadata asked for in this run is not asked for again.
        _ = try control("fail-once")
        let fresh = try xdg.odsh([root, "--metadata-max-age", "0", "-c", "Products"])
        #expect(fresh.status != 0 && !fresh.stderr.contains("asking the service whether it changed"))
        #expect(metadataRequests == 3)
    }

    @Test(arguments: ["user:secretpw@", "sap-password"])
    func aURLWithAPasswordFilesTheDocumentAndItsSidecarUnderOneName(_ form: String) throws {
        let url = form == "sap-password"
            ? "http://127.0.0.1:\(port)/\(key)/?sap-password=secretpw"
            : "http://\(form)127.0.0.1:\(port)/\(key)/"
        let first = try xdg.odsh(["metadata", "sets", url])
        #expect(first.status == 0, "\(first.stderr)")
        let files = cacheFiles
        #expect(files.count == 2, "\(files)")
        #expect(Set(files.map { $0.split(separator: ".")[0] }).count == 1, "one name for both: \(files)")
        for f in files {
            let text = try String(contentsOfFile: xdg.metadataCache + "/" + f, encoding: .utf8)
            #expect(!text.contains("secretpw"))
        }
        let list = try xdg.odsh(["cache", "list"])
        #expect(list.stdout.contains("127.0.0.1:\(port)/") && !list.stdout.contains("secretpw"), "\(list.stdout)")
        // Found again: within the window nothing is asked, and after it the ETag is sent (a 304).
        #expect(try xdg.odsh(["metadata", "sets", url]).status == 0)
        #expect(metadataRequests == 1)
        #expect(try xdg.odsh(["metadata", "sets", url, "--metadata-max-age", "0"]).status == 0)
        #expect(metadataRequests == 2 && cacheFiles == files)
    }

    @Test func theNextWriteRemovesTheTemporaryFilesOfKilledWriters() throws {
        #expect(try xdg.odsh(["metadata", "sets", root]).status == 0)
        // A writer that is gone (no such process), and one that still runs (this test process).
        var gone: pid_t = 4_000_000
        while kill(gone, 0) == 0 || errno != ESRCH { gone -= 1 }
        let stale = xdg.metadataCache + "/.0123456789abcdef.\(gone).42.tmp"
        let staleSidecar = xdg.metadataCache + "/.0123456789abcdef.json.\(gone).43.tmp"
        let live = xdg.metadataCache + "/.0123456789abcdef.\(getpid()).44.tmp"
        for path in [stale, staleSidecar, live] { _ = FileManager.default.createFile(atPath: path, contents: Data("<partial".utf8)) }
        #expect(try xdg.odsh(["metadata", "sets", root, "--metadata-max-age", "0"]).status == 0)  // a 304: nothing written
        #expect(FileManager.default.fileExists(atPath: stale))
        _ = try control("version/3")
        #expect(try xdg.odsh(["metadata", "sets", root, "--metadata-max-age", "0"]).status == 0)  // a new copy written
        #expect(!FileManager.default.fileExists(atPath: stale) && !FileManager.default.fileExists(atPath: staleSidecar))
        #expect(FileManager.default.fileExists(atPath: live))
    }
}
