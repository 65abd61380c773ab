import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Write errors on stdout (issue 28): with stdout on /dev/full (ENOSPC) every command that prints results ends with
/// one line on stderr and a non-zero status; before, they exited 0 with nothing written. A reader that closes the
/// pipe early still ends odsh quietly.
@Suite("Write errors on stdout", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("python3", Tools.hasPython, Tools.noPython))
struct WriteErrorTests {
    /// Runs odsh with stdout on /dev/full; its status and stderr.
    static func runToFullDisk(_ arguments: [String]) throws -> (status: Int32?, stderr: String) {
        let err = NSTemporaryDirectory() + "odsh-full-\(getpid())-\(UUID().uuidString.prefix(8)).err"
        defer { unlink(err) }
        let env = Spawn.environment(OdshProcess.isolatedXDG)
        let pid = try Spawn.start([OdshProcess.binary.path] + arguments, stdout: "/dev/full", stderr: err, environment: env)
        let status = try Spawn.wait(pid, timeout: 120)
        return (status, (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    static func expectOneLineError(_ r: (status: Int32?, stderr: String), _ what: String) {
        #expect(r.status == 2, "\(what): status \(String(describing: r.status))")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("cannot write to standard output: No space left on device") }.count == 1,
                "\(what): \(r.stderr)")
    }

    @Test("Query output in every format", arguments: ["json", "ndjson", "csv", "table", "vertical"])
    func queryOutput(_ format: String) throws {
        let root = try HostileServer.serviceRoot("rows/3")
        Self.expectOneLineError(try Self.runToFullDisk([root, "-o", format, "-c", "Items"]), format)
    }

    @Test("A large export stops at the first failed write")
    func largeExport() throws {
        // 500 million rows (some 35 GB): reading them all would outlast the two minutes runToFullDisk waits (the
        // status is then nil, not 2); stopping at the first full buffer takes a fraction of a second.
        let root = try HostileServer.serviceRoot("rows/500000000")
        Self.expectOneLineError(try Self.runToFullDisk([root, "-o", "json", "--all", "-c", "Items"]), "export")
    }

    @Test("metadata summary --json, dry runs, diff and payload decode")
    func otherCommands() throws {
        let root = try HostileServer.serviceRoot("rows/3")
        Self.expectOneLineError(try Self.runToFullDisk(["metadata", "summary", "--json", root]), "metadata summary")
        Self.expectOneLineError(try Self.runToFullDisk(["metadata", "sets", root]), "metadata sets")
        Self.expectOneLineError(try Self.runToFullDisk([root, "--dry-run", "-c", "Items"]), "dry run")
        let lab = TestModels.path("lab-v4")
        Self.expectOneLineError(try Self.runToFullDisk(["diff", lab, lab]), "diff")
        let payload = NSTemporaryDirectory() + "odsh-full-payload-\(getpid()).json"
        defer { unlink(payload) }
        try Data(#"{"value":[{"ID":1,"Name":"a"}]}"#.utf8).write(to: URL(fileURLWithPath: payload))
        Self.expectOneLineError(try Self.runToFullDisk(["payload", "decode", "--metadata", lab, "--entity-set", "Items", payload]),
                                "payload decode")
    }

    @Test("A closed pipe ends quietly")
    func closedPipe() throws {
        let root = try HostileServer.serviceRoot("rows/200000")
        let r = try Spawn.run(["bash", "-c", "\"$0\" \"$1\" -o csv --all -c Items | head -1", OdshProcess.binary.path, root],
                              environment: Spawn.environment(OdshProcess.isolatedXDG), timeout: 120)
        #expect(r.stdout == "ID,Name,Note\r\n")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }
}
