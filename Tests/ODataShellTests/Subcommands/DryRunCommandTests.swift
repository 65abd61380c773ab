import Foundation
import Testing
import TestSupport

/// Runs the built `odsh` binary: `--dry-run` output, statement sources and exit codes.
enum OdshBinary {
    /// `$ODSH_BIN`, else the debug build under `.build` (as `OdshProcess.binary`).
    static var url: URL { OdshProcess.binary }
    static var exists: Bool { FileManager.default.isExecutableFile(atPath: url.path) }
}

@Suite("odsh --dry-run", .fixture("odsh binary", OdshBinary.exists, "odsh is not built at .build/debug/odsh (run swift build)"))
struct DryRunCommandTests {
    static let northwind = TestModels.path("northwind-v4")
    static let northwind2 = TestModels.path("northwind-v2")
    static let lab = TestModels.path("lab-v4")

    struct Result { var status: Int32; var out: String; var err: String }

    static func run(_ args: [String], stdin: String? = nil) throws -> Result {
        let r = try Spawn.run([OdshBinary.url.path] + args, stdin: stdin)
        return Result(status: r.status, out: r.stdout, err: r.stderr)
    }

    @Test("the example from the docs prints method and full URL", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
    func example() throws {
        let r = try Self.run(["--metadata", Self.northwind, "http://host/northwind/", "--dry-run", "-c", "Customers where Country = 'UK' top 2"])
        #expect(r.status == 0)
        #expect(r.out == "GET http://host/northwind/Customers?$filter=Country%20eq%20%27UK%27&$top=2\n")
        #expect(r.err == "")
    }

    @Test("V2: MERGE with a V2 body; statements split at ; and newlines", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
    func v2AndSplitting() throws {
        let r = try Self.run(["--metadata", Self.northwind2, "http://host/nw", "--dry-run",
                              "-c", "update Customers('A;B') {ContactName: 'x;y'}; count Customers\ndelete Customers('X')"])
        #expect(r.status == 0)
        #expect(r.out == """
            MERGE http://host/nw/Customers('A;B')
            {"CustomerID":"A;B","ContactName":"x;y"}
            GET http://host/nw/Customers/$count
            DELETE http://host/nw/Customers('X')

            """)
    }

    @Test("statements from -f FILE and from stdin, with comments", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
    func fileAndStdin() throws {
        let script = "# a comment\nCustomers top 1\n\nOrders expand Customer(\n  select CompanyName\n)\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-dry-run-\(getpid()).odsh")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = "GET http://h/Customers?$top=1\nGET http://h/Orders?$expand=Customer($select=CompanyName)\n"
        let f = try Self.run(["--metadata", Self.northwind, "http://h/", "--dry-run", "-f", file.path])
        #expect(f.status == 0 && f.out == expected, "\(f.err)")
        let s = try Self.run(["--metadata", Self.northwind, "http://h/", "--dry-run"], stdin: script)
        #expect(s.status == 0 && s.out == expected, "\(s.err)")
    }

    @Test("an unknown name exits 2 with the column, a caret and a suggestion; with --continue-on-error the others still run",
          .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
    func unknownName() throws {
        let r = try Self.run(["--metadata", Self.northwind, "http://h/", "--dry-run", "--continue-on-error", "-c", "Customers select CompnyName", "-c", "Customers top 1"])
        #expect(r.status == 2)
        #expect(r.out == "GET http://h/Customers?$top=1\n")
        #expect(r.err == """
            odsh: column 18: Customer has no property CompnyName (did you mean CompanyName?)
              Customers select CompnyName
                               ^^^^^^^^^^

            """)
    }

    @Test("a parse error in a file names the file and line", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
    func parseErrorInFile() throws {
        let r = try Self.run(["--metadata", Self.northwind, "http://h/", "--dry-run", "-f", "-"], stdin: "Customers\nCustomers where\n")
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("odsh: stdin:2: column 16: expected a property, a value or a function at the end of the statement\n"))
    }

    @Test("capability warnings go to stderr before the request; exit 0")
    func warnings() throws {
        let r = try Self.run(["--metadata", Self.lab, "http://h/", "--dry-run", "-c", "Logs where Text = 'x'"])
        #expect(r.status == 0)
        #expect(r.out == "GET http://h/Logs?$filter=Text%20eq%20%27x%27\n")
        #expect(r.err == "odsh: warning: Year is required in filters of Logs: the service may refuse the request without a condition on it\n")
    }

    @Test("action imports are POSTed with a JSON body")
    func actionBody() throws {
        let r = try Self.run(["--metadata", Self.lab, "http://h/", "--dry-run", "-c", "call Reset(reason='x', level=3)"])
        #expect(r.status == 0)
        #expect(r.out == "POST http://h/Reset\n{\"reason\":\"x\",\"level\":3}\n")
    }

    @Test("invalid metadata exits 4")
    func invalidMetadata() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-bad-\(getpid()).xml")
        try "<edmx:Edmx Version=\"4.0\" xmlns:edmx=\"http://docs.oasis-open.org/odata/ns/edmx\"><edmx:DataServices>".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try Self.run(["--metadata", file.path, "http://h/", "--dry-run", "-c", "Customers"])
        #expect(r.status == 4)
        #expect(r.err.contains("invalid metadata"))
    }

    @Test("without --metadata the service's $metadata is fetched: an unreachable service is a transport failure (exit 3)")
    func noMetadata() throws {
        let r = try Self.run(["http://127.0.0.1:9/svc/", "--dry-run", "-c", "Customers"])
        #expect(r.status == 3)
        #expect(r.err.contains("http://127.0.0.1:9/svc/$metadata") && r.err.contains("curl error 7"))
        #expect(r.out == "")
    }

    @Test("without --dry-run the statement is sent: an unreachable service is a transport failure (exit 3)", .fixture("corpus", TestModels.northwindAvailable, TestModels.missingNorthwind))
    func noDryRun() throws {
        let r = try Self.run(["--metadata", Self.northwind, "http://127.0.0.1:9/svc/", "-c", "Customers"])
        #expect(r.status == 3)
        #expect(r.err.contains("curl error 7"))
        #expect(r.out == "")
    }

    @Test("no URL, no statements: usage errors")
    func usage() throws {
        #expect(try Self.run(["--dry-run", "-c", "Customers"]).status == 2)
        #expect(try Self.run(["--metadata", Self.lab, "http://h/", "--dry-run"]).status == 2)
    }

    @Test("the metadata subcommand still parses beside the default command")
    func metadataSubcommand() throws {
        let r = try Self.run(["metadata", "summary", Self.lab])
        #expect(r.status == 0)
        #expect(r.out.contains("OData 4.0"))
    }
}
