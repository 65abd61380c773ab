import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Hostile servers, round two (issue 38), against scripts/testenv/hostile-server.py: names from `$metadata` and
/// from a Gateway catalog are server text; a catalog entry elsewhere gets no credentials; next-link cycles and cut
/// runs of empty pages are errors; two Content-Lengths are an invalid message; a page that never ends still shows
/// `top 2`; the timeout covers decompression; statements that are not UTF-8 are refused.
@Suite("Hostile servers, round two", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("python3", Tools.hasPython, Tools.noPython))
struct HostileRoundTwoTests {
    /// Scalars a terminal acts on (line feeds between lines aside).
    static func controls(in s: String) -> [String] { TerminalSafetyTests.controls(in: s) }

    // MARK: 1. names are server text

    @Test("metadata sets, describe, find, annotations and summary escape names (XML and CSDL JSON)",
          arguments: ["names", "names-json"])
    func metadataCommands(_ root: String) throws {
        let url = try HostileServer.serviceRoot(root)
        for args in [["metadata", "sets", url], ["metadata", "describe", url, "Item"], ["metadata", "find", url, "e"],
                     ["metadata", "annotations", url], ["metadata", "summary", url]] {
            let r = try OdshProcess.run(args + ["--no-cache"])
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(Self.controls(in: r.stdout + r.stderr).isEmpty, "\(args): \(Self.controls(in: r.stdout + r.stderr))")
        }
        let describe = try OdshProcess.run(["metadata", "describe", url, "Item", "--no-cache"]).stdout
        // One line per property: the line feed in a name forged none.
        let propertyLines = describe.split(separator: "\n").filter { $0.contains("Edm.String") }
        #expect(propertyLines.count == (root == "names" ? 6 : 7), "\(describe)")
        #expect(describe.contains("Line⏎Feed") && describe.contains("Bidi\\u202Etxt") && describe.contains("Csi\\u009B2J"))
        if root == "names-json" { #expect(describe.contains("Esc\\e]0;pwned\\x07") && describe.contains("Bell\\x07")) }
        let sets = try OdshProcess.run(["metadata", "sets", url, "--no-cache"]).stdout
        #expect(sets.split(separator: "\n").count == 2 + 2 + 1, "\(sets)")
    }

    @Test("-o json and -o ndjson escape names as JSON keys", arguments: ["names", "names-json"])
    func jsonKeys(_ root: String) throws {
        let url = try HostileServer.serviceRoot(root)
        for format in ["json", "ndjson"] {
            let r = try OdshProcess.run([url, "--no-cache", "-o", format, "-c", "Items"])
            #expect(r.status == 0, "\(r.stderr)")
            let docs = format == "json" ? [r.stdout] : r.stdout.split(separator: "\n").map(String.init)
            var rows: [[String: Any]] = []
            for d in docs {
                let parsed = try JSONSerialization.jsonObject(with: Data(d.utf8))
                rows += (parsed as? [[String: Any]]) ?? [(parsed as? [String: Any]) ?? [:]]
            }
            #expect(rows.count == 2, "\(format): \(r.stdout)")
            let expected: Set<String> = root == "names"
                ? ["ID", "Line\nFeed", "Car\rRet", "Csi\u{9B}2J", "Ls\u{2028}Ps", "Bidi\u{202E}txt", "Quote\"Back\\"]
                : ["ID", "Esc\u{1B}]0;pwned\u{07}", "Clear\u{1B}[2J", "Line\nFeed", "Bell\u{07}", "Csi\u{9B}2J", "Bidi\u{202E}txt", "Quote\"Back\\"]
            #expect(Set(rows.first?.keys.map { $0 } ?? []) == expected)
        }
    }

    @Test("odsh complete: one candidate a line, escaped; a line feed adds none", arguments: ["names", "names-json"])
    func complete(_ root: String) throws {
        let url = try HostileServer.serviceRoot(root)
        let r = try OdshProcess.run(["complete", "--metadata", url, "Items select "])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == (root == "names" ? 7 : 8), "\(r.stdout)")
        #expect(lines.allSatisfy { $0.split(separator: "\t").count == 2 }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("Line\\nFeed\t") })
        #expect(Self.controls(in: r.stdout.replacingOccurrences(of: "\t", with: " ")).isEmpty)
    }

    @Test("The REPL's .sets and .describe escape names")
    func replListings() throws {
        let url = try HostileServer.serviceRoot("names-json")
        let r = try OdshProcess.run([url, "--no-cache"], stdin: ".sets\n.describe Items\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.controls(in: r.stdout).isEmpty, "\(Self.controls(in: r.stdout))")
        #expect(r.stdout.contains("Evil\\e]0;pwned\\x07Set"))
    }

    @Test("services and verify tables escape catalog and metadata names")
    func servicesAndVerify() throws {
        let services = try OdshProcess.run(["services", try HostileServer.systemRoot()])
        #expect(services.status == 0, "\(services.stderr)")
        #expect(Self.controls(in: services.stdout).isEmpty, "\(Self.controls(in: services.stdout))")
        #expect(services.stdout.contains("TITLED\\e[2J_SRV") && services.stdout.contains("⏎odsh: forged line"))
        #expect(!services.stdout.split(separator: "\n").contains { $0.hasPrefix("odsh: forged") })
        let verify = try OdshProcess.run(["verify", try HostileServer.serviceRoot("names-json"), "--no-cache"])
        #expect(Self.controls(in: verify.stdout).isEmpty, "\(Self.controls(in: verify.stdout))")
        #expect(verify.stdout.contains("Evil\\e]0;pwned\\x07Set"))
    }

    // MARK: 2. a catalog entry on another origin

    @Test("odsh SYSTEM SERVICE refuses a service the catalog places on another origin; nothing is sent there")
    func catalogElsewhere() throws {
        let system = try HostileServer.systemRoot()
        let away = try OdshProcess.run([system, "AWAY_SRV", "-u", "bob:catalog-secret", "--no-cache", "-c", "Items"])
        #expect(away.status == 3, "\(away.stderr)")
        #expect(away.stderr.contains("places AWAY_SRV on another origin") && away.stderr.contains("nothing was sent"))
        #expect(!away.stderr.contains("catalog-secret"))
        #expect(try HostileServer.seenElsewhere() == "")
        // A service on the system's own origin opens with the system's credentials, as before.
        let local = try OdshProcess.run([system, "LOCAL_SRV", "-u", "bob:catalog-secret", "--no-cache", "-o", "ndjson", "-c", "Items"])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout.split(separator: "\n").count == 3)
    }

    // MARK: 4. next-link cycles and runs of empty pages

    @Test("A next-link cycle is an error naming the link (exit 4); the rows read stay written",
          arguments: [("loop/1", 2), ("loop/2", 4), ("loop/3", 6), ("loop-rel/1", 2), ("loop-rel/2", 4), ("loop-rel/3", 6),
                      ("v2loop/1", 2), ("v2loop/2", 4), ("v2loop/3", 6)])
    func cycle(_ root: String, _ rows: Int) throws {
        let url = try HostileServer.serviceRoot(root)
        let r = try OdshProcess.run([url, "--no-cache", "-o", "ndjson", "-c", "Items"])
        #expect(r.status == 4, "\(root): \(r.stderr)")
        let ids = r.stdout.split(separator: "\n").map { String($0) }
        #expect(ids.count == rows, "\(root): \(r.stdout)")
        #expect(Set(ids).count == rows, "no row twice: \(r.stdout)")
        #expect(r.stderr.contains("next links go round in a circle") && r.stderr.contains(url + "Items"), "\(r.stderr)")
    }

    @Test("A cut run of empty pages is a warning and exit 4, unless the reading was capped")
    func emptyPages() throws {
        let url = try HostileServer.serviceRoot("emptyrun")
        let r = try OdshProcess.run([url, "--no-cache", "-o", "ndjson", "-c", "Items"])
        #expect(r.status == 4, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 2)
        #expect(r.stderr.contains("warning: reading stopped after 3 empty pages in a row"), "\(r.stderr)")
        for capped in [["-c", "Items top 5"], ["--row-limit", "5", "-c", "Items"]] {
            let c = try OdshProcess.run([url, "--no-cache", "-o", "ndjson"] + capped)
            #expect(c.status == 0, "\(capped): \(c.stderr)")
            #expect(c.stderr.contains("warning: reading stopped after 3 empty pages"), "\(capped): \(c.stderr)")
        }
    }

    // MARK: 8. smaller

    @Test("Two different Content-Length headers: an invalid message, exit 3")
    func twoContentLengths() throws {
        let r = try OdshProcess.run([try HostileServer.serviceRoot("two-lengths"), "--no-cache", "-o", "ndjson", "-c", "Items"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("Content-Length fields that differ (31, 38)"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("top 2 against a page that never ends: the rows come at once, not at the timeout")
    func topAgainstAnEndlessPage() throws {
        // The page stalls for a minute and odsh's limit is ten minutes: waiting for either would outlast the 45 s this run is
        // given (Spawn.TimedOut fails the test).
        let r = try OdshProcess.run([try HostileServer.serviceRoot("stall"), "--no-cache", "--timeout", "600", "-o", "ndjson",
                                     "-c", "Items top 2"], timeout: 45)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 2)
    }

    @Test("The timeout covers decompression: a gzip bomb ends at --timeout")
    func gzipBombTimeout() throws {
        // 512 MiB of blanks, about 1 MiB compressed: reading it takes longer than the second allowed here.
        let url = try HostileServer.serviceRoot("gzip/512")
        _ = try OdshProcess.run([url, "--no-cache", "--timeout", "120", "-c", ".describe Items"])  // the bomb is made once
        // Ended by the limit (its message), not by the end of the 512 MiB.
        let r = try OdshProcess.run([url, "--no-cache", "--timeout", "1", "-o", "ndjson", "-c", "Items"], timeout: 60)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("timed out"), "\(r.stderr)")
    }

    @Test("A statement that is not UTF-8 is refused with its byte offset (-c, -f, stdin)")
    func invalidUTF8() throws {
        let url = try HostileServer.serviceRoot("rows/3")
        let file = NSTemporaryDirectory() + "odsh-bad-utf8-\(getpid()).odsh"
        defer { unlink(file) }
        try Data("Items where Name = 'a".utf8 + [0xFF] + Data("b'".utf8)).write(to: URL(fileURLWithPath: file))
        let fromFile = try OdshProcess.run([url, "--no-cache", "-f", file])
        #expect(fromFile.status == 2)
        #expect(fromFile.stderr.contains("\(file): not valid UTF-8 at byte 21"), "\(fromFile.stderr)")
        // -c with the byte itself: through bash, since Swift's arguments are strings.
        let env = Spawn.environment(OdshProcess.isolatedXDG)
        let viaC = try Spawn.run(["bash", "-c", "\"$0\" \"$1\" --no-cache -c \"$(printf \"Items where Name = 'a\\xffb'\")\"",
                                  OdshProcess.binary.path, url], environment: env)
        #expect(viaC.status == 2, "\(viaC.stderr)")
        #expect(viaC.stderr.contains("-c statement 1: not valid UTF-8 at byte 21"), "\(viaC.stderr)")
        let viaStdin = try Spawn.run(["bash", "-c", "\"$0\" \"$1\" --no-cache < \"$2\"", OdshProcess.binary.path, url, file],
                                     environment: env)
        #expect(viaStdin.status == 2 && viaStdin.stderr.contains("stdin: not valid UTF-8 at byte 21"), "\(viaStdin.stderr)")
    }
}

/// pyslet links on from every page of a filtered set, empty ones past the last row included: the run of empty pages
/// is cut, and the service's own `$count` then says whether the rows read are all (issue 38).
@Suite("Cut runs of empty pages on pyslet", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct EmptyPagesOnPysletTests {
    @Test("The 7 orders to Poland: the count confirms them, exit 0 and no warning")
    func countConfirms() throws {
        let root = try ReferenceServers.baseURL(.v2Atom) + "/northwind/"
        let r = try OdshProcess.run([root, "--no-cache", "-o", "ndjson", "-c", "Orders where ShipCountry = 'Poland'"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 7)
        #expect(!r.stderr.contains("warning"), "\(r.stderr)")
    }

    @Test("pyslet's empty answer with select (its count says 7): the warning and exit 4")
    func countDisagrees() throws {
        let root = try ReferenceServers.baseURL(.v2Atom) + "/northwind/"
        let r = try OdshProcess.run([root, "--no-cache", "-o", "ndjson", "-c", "Orders where ShipCountry = 'Poland' select OrderID"])
        #expect(r.status == 4, "\(r.stderr)")
        #expect(r.stderr.contains("warning: reading stopped after 3 empty pages"), "\(r.stderr)")
    }
}
