import Foundation
import Testing
import TestSupport

/// One way to fail (issue 36), as a user meets it: a usage error is exit 2 wherever it is found, the argument parser's
/// included; `payload decode` takes its exit statuses from the errors' categories like every other command.
@Suite("exit statuses", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"))
struct ExitStatusTests {
    /// A port nothing listens on: the errors below are found before anything is sent.
    static let nowhere = "http://127.0.0.1:1/service/"

    @Test("an option the parser does not know is a usage error, with the usage line")
    func unknownOption() throws {
        let r = try OdshProcess.run(["metadata", "summary", "--no-such-option", Self.nowhere])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--no-such-option") && r.stderr.contains("Usage:"), "\(r.stderr)")
    }

    @Test("a validate() that throws ValidationError while parsing is a usage error")
    func validationWhileParsing() throws {
        let r = try OdshProcess.run(["metadata", "summary", "--user", "alice", "--bearer", "token", Self.nowhere])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--user and --bearer exclude each other"), "\(r.stderr)")
    }

    /// Before: the ValidationError thrown from ConnectionOptions reached ErrorReporter without a category, which
    /// said "internal error" and exited 1.
    @Test("a ValidationError thrown while the command runs is a usage error too, not an internal one",
          arguments: [["metadata", "summary"], ["metadata", "sets"], ["services"], ["verify"]])
    func validationWhileRunning(_ command: [String]) throws {
        let r = try OdshProcess.run(command + ["--user", "alice", Self.nowhere], stdin: "")
        #expect(r.status == 2, "\(command): \(r.stderr)")
        #expect(r.stderr.contains("--user alice has no password and standard input is not a terminal"), "\(r.stderr)")
        #expect(!r.stderr.contains("internal error"), "\(r.stderr)")
    }

    @Test("the shell: a trace file that cannot be opened is a usage error")
    func traceFileWhileRunning() throws {
        let r = try OdshProcess.run(["--trace-file", "/nonexistent-folder/odsh/trace.log", Self.nowhere, "-c", "count Items"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--trace-file"), "\(r.stderr)")
        #expect(!r.stderr.contains("internal error"), "\(r.stderr)")
    }

    @Test("payload decode: an unknown --format is refused while parsing, with the command's usage")
    func payloadUnknownFormat() throws {
        let r = try OdshProcess.run(["payload", "decode", "--metadata", TestModels.path("lab-v4"), "--entity-set", "Items",
                                     "--format", "yaml", "-"], stdin: #"{"value":[]}"#)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("unknown format yaml: use v4json, v2json or atom"), "\(r.stderr)")
        #expect(r.stderr.contains("payload decode"), "the usage names the subcommand: \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("payload decode: statuses and messages come from ErrorReporter")
    func payloadStatuses() throws {
        let lab = TestModels.path("lab-v4")
        let missing = try OdshProcess.run(["payload", "decode", "--metadata", lab, "--entity-set", "Items", "/nonexistent/p.json"])
        #expect(missing.status == 2 && missing.stderr == "odsh: cannot read /nonexistent/p.json: No such file or directory\n",
                "\(missing.stderr)")
        let empty = try OdshProcess.run(["payload", "decode", "--metadata", lab, "--entity-set", "Items", "-"], stdin: "")
        #expect(empty.status == 4 && empty.stderr == "odsh: -: the payload is empty\n", "\(empty.stderr)")
        let broken = try OdshProcess.run(["payload", "decode", "--metadata", lab, "--entity-set", "Items", "-"], stdin: #"{"value":[{"#)
        #expect(broken.status == 4 && broken.stderr.hasPrefix("odsh: -: "), "\(broken.stderr)")
        let unknownSet = try OdshProcess.run(["payload", "decode", "--metadata", lab, "--entity-set", "Itemz", "-"], stdin: "{}")
        #expect(unknownSet.status == 2 && unknownSet.stderr.contains("Itemz"), "\(unknownSet.stderr)")
        let noMetadata = try OdshProcess.run(["payload", "decode", "--metadata", "/nonexistent/m.xml", "--entity-set", "Items", "-"], stdin: "{}")
        #expect(noMetadata.status == 2 && noMetadata.stderr.contains("cannot read /nonexistent/m.xml"), "\(noMetadata.stderr)")
    }
}
