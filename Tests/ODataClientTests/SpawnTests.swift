import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// TestSupport's way of starting programs, which every test target uses: what it promises the tests.
@Suite struct SpawnTests {
    /// Test threads block most signals; a child must not inherit that (a server would then ignore SIGTERM).
    @Test func theChildBlocksNoSignals() throws {
        let r = try Spawn.run(["grep", "^SigBlk:", "/proc/self/status"])
        #expect(r.status == 0)
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("0000000000000000"), "\(r.stdout)")
        let term = try Spawn.run(["sh", "-c", "kill -TERM $$; sleep 5"], timeout: 4)
        #expect(term.status == 128 + SIGTERM)
    }

    /// A program that does not end is killed, with what it started, and the test gets an error instead of a hang.
    @Test func aTimeoutKillsTheChildAndWhatItStarted() throws {
        var output = ""
        do {
            _ = try Spawn.run(["bash", "-c", "sleep 60 & echo background $!; sleep 60"], timeout: 0.5)
            Issue.record("no timeout")
        } catch let e as Spawn.TimedOut {
            output = e.output
            #expect(e.description.contains("did not end within 0.5 s"))
        }
        let pid = try #require(output.split(separator: " ").last.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        // Gone, or a zombie until whatever adopted it reaps it.
        func state() -> String? {
            (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)).map { String($0.split(separator: ")").last?.dropFirst().prefix(1) ?? "") }
        }
        let gone = Wait.poll { state() == nil || state() == "Z" }
        #expect(gone, "the background sleep \(pid) outlived the timeout")
    }

    @Test func standardInputOutputAndError() throws {
        let r = try Spawn.run(["sh", "-c", "cat; echo err >&2; exit 3"], stdin: "in\n")
        #expect(r.status == 3 && r.stdout == "in\n" && r.stderr == "err\n")
        let merged = try Spawn.run(["sh", "-c", "echo a; echo b >&2; echo c"], mergingOutput: true)
        #expect(merged.stdout == "a\nb\nc\n" && merged.stderr == "")
        #expect(throws: Spawn.Failure.self) { try Spawn.output(["sh", "-c", "exit 1"]) }
    }
}
