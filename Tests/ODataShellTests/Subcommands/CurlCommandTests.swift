import Foundation
import Testing
import TestSupport

/// `.curl`: the request as a curl command; run by curl, it gets the rows odsh got; secrets stay placeholders.
@Suite("copy as curl", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)),
       .fixture("curl", FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl not installed"))
struct CurlCommandTests {
    /// The command lines in `text` (comments dropped), run by bash with `environment`.
    static func runCommand(_ text: String, environment: [String: String] = [:]) throws -> Spawn.Result {
        let script = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") && !$0.hasPrefix("{") }
            .joined(separator: "\n")
        return try Spawn.run(["bash", "-c", script], environment: Spawn.environment(environment))
    }

    static func values(_ key: String, inCurlJSON text: String) throws -> [String] {
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var rows = obj["value"] as? [[String: Any]] ?? []
        if let d = obj["d"] as? [String: Any] { rows = d["results"] as? [[String: Any]] ?? [] }
        return rows.map { "\($0[key] ?? "?")" }
    }

    @Test(".curl STATEMENT (V4) and .curl after a statement (V2): curl gets odsh's rows")
    func sameRows() throws {
        let v4 = try ReferenceServers.baseURL(.v4) + "/northwind/"
        let statement = "Customers where Country = 'UK' and contains(CompanyName, 'a') select CustomerID, CompanyName order by CustomerID top 5"
        let printed = try OdshProcess.run([v4, "-c", ".curl " + statement])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.hasPrefix("curl -sS -g '\(v4)Customers?$filter="))
        #expect(printed.stdout.contains("-H 'Accept: application/json'") && printed.stdout.contains("-H 'OData-MaxVersion: 4.0'"))
        let odsh = try OdshProcess.run([v4, "-o", "ndjson", "-c", statement])
        let mine = try odsh.stdout.split(separator: "\n").map { line in
            "\((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["CustomerID"] ?? "?")"
        }
        let curl = try Self.runCommand(printed.stdout)
        #expect(curl.status == 0, "\(curl.stderr)")
        let theirs = try Self.values("CustomerID", inCurlJSON: curl.stdout)
        #expect(!mine.isEmpty && mine == theirs, "odsh \(mine), curl \(theirs)")

        // The last request, after the rows (V2, SAP style: $format is not needed, Accept does it).
        let v2 = try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
        let both = try OdshProcess.run([v2, "-o", "ndjson", "-c", "BusinessPartnerSet where CompanyName != 'SAP' select BusinessPartnerID\n.curl"])
        #expect(both.status == 0, "\(both.stderr)")
        let rows = both.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
            "\((try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["BusinessPartnerID"] ?? "?")"
        }
        let again = try Self.runCommand(both.stdout)
        #expect(try Self.values("BusinessPartnerID", inCurlJSON: again.stdout) == rows)
        #expect(!rows.isEmpty)
    }

    @Test("secrets are shell variables unless --with-secrets; a write says how to get a CSRF token")
    func secrets() throws {
        let v2 = try ReferenceServers.baseURL(.v2) + "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
        let args = [v2, "-u", "alice:s3cret-pw", "-H", "X-API-Key: key-123", "-H", "Authorization: Bearer tok-456"]
        let r = try OdshProcess.run(args + ["-c", ".curl update BusinessPartnerSet('0100000000') {CompanyName: 'It''s new'}"])
        #expect(r.status == 0, "\(r.stderr)")
        for secret in ["s3cret-pw", "key-123", "tok-456"] { #expect(!r.stdout.contains(secret) && !r.stderr.contains(secret)) }
        #expect(r.stdout.contains("-u \"alice:$PASSWORD\""))
        #expect(r.stdout.contains("-H \"X-API-Key: $X_API_KEY\""))
        #expect(r.stdout.contains("-H \"Authorization: Bearer $TOKEN\""))
        #expect(r.stdout.contains("-H \"X-CSRF-Token: $CSRF_TOKEN\"") && r.stdout.contains("X-CSRF-Token: Fetch"))
        #expect(r.stdout.contains("-X MERGE"))
        #expect(r.stdout.contains("--data-binary '{\"BusinessPartnerID\":\"0100000000\",\"CompanyName\":\"It'\\''s new\"}'"))
        let shown = try OdshProcess.run(args + ["-c", ".curl --with-secrets count BusinessPartnerSet"])
        #expect(shown.stdout.contains("-u 'alice:s3cret-pw'") && shown.stdout.contains("X-API-Key: key-123"))
        #expect(shown.stdout.contains("/BusinessPartnerSet/$count"))
        // The CSRF steps of the note work as written: the write reaches the service and is made (204).
        let note = r.stdout.split(separator: "\n").first { $0.hasPrefix("#   CSRF_TOKEN=") }.map { String($0.dropFirst(4)) }
        let dir = NSTemporaryDirectory() + "odsh-curl-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // It writes the value the entity has, so the data other tests read stays as it was.
        let current = try OdshProcess.run([v2, "-o", "ndjson", "-c", "BusinessPartnerSet('0100000000') select EmailAddress"])
        let row = try #require(try JSONSerialization.jsonObject(with: Data(current.stdout.utf8)) as? [String: Any])
        let email = try #require(row["EmailAddress"] as? String)
        let plain = try OdshProcess.run([v2, "-c", ".curl update BusinessPartnerSet('0100000000') {EmailAddress: '\(email)'}"])
        let script = "cd '\(dir)' && " + (try #require(note)) + " && export CSRF_TOKEN && "
            + plain.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n") + " -w '%{http_code}'"
        let sent = try Spawn.run(["bash", "-c", script])
        #expect(sent.stdout.hasSuffix("204"), "\(sent.stdout) \(sent.stderr)")
    }

    @Test(".curl before any request, and a wrong option, are clear errors")
    func errors() throws {
        let v4 = try ReferenceServers.baseURL(.v4) + "/northwind/"
        let none = try OdshProcess.run([v4, "-c", ".curl"])
        #expect(none.status == 2 && none.stderr.contains("no request sent yet"))
        let wrong = try OdshProcess.run([v4, "-c", ".curl --secrets Customers"])
        #expect(wrong.status == 2 && wrong.stderr.contains("unknown .curl option --secrets"))
    }
}
