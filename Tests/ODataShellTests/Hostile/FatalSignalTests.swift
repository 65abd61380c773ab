import Foundation
import Testing
import TestSupport

/// A fault ends odsh with one line on stderr and a documented status, never a backtrace (issue 28): out of memory
/// under a process limit is exit 4 and says so; any other fault is an internal error, exit 70.
@Suite("Faults end in one line", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("python3", Tools.hasPython, Tools.noPython))
struct FatalSignalTests {
    static func sh(_ script: String) throws -> Spawn.Result {
        try Spawn.run(["/bin/sh", "-c", script], stdin: "", environment: Spawn.environment(OdshProcess.isolatedXDG), timeout: 120)
    }

    @Test func outOfMemoryUnderALimitIsExit4InOneLine() throws {
        let odsh = OdshProcess.binary.path
        // The smallest address-space limit odsh starts under (in 16 MiB steps), then 40 MiB more: too little to
        // hold a 70 MiB string that --max-value-size lets through.
        var base: Int?
        for mib in stride(from: 48, through: 1024, by: 16) {
            if try Self.sh("ulimit -v \(mib * 1024); '\(odsh)' --version").status == 0 { base = mib; break }
        }
        let start = try #require(base, "odsh did not start under 1 GiB of address space")
        let root = try HostileServer.serviceRoot("bigstring/70")
        let r = try Self.sh("ulimit -v \((start + 40) * 1024); '\(odsh)' '\(root)' --no-cache -o ndjson --max-value-size 80 -c 'Items select ID'")
        #expect(r.status == 4, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains("odsh: out of memory: the process may use at most \(start + 40) MiB"), "\(r.stderr)")
        #expect(!r.stderr.contains("Backtracing") && !r.stderr.contains("crashed"), "\(r.stderr)")
    }

    @Test func anyOtherFaultIsAnInternalErrorInOneLine() throws {
        let odsh = OdshProcess.binary.path
        let marker = "odsh-fault-\(Int.random(in: 100_000..<999_999))"
        let metadata = TestModels.path("lab-v4")
        // A REPL waiting on its input gets SIGSEGV as a fault would raise it (the pattern matches odsh, not the shell).
        let r = try Self.sh("( sleep 1; pkill -SEGV -f '^\(odsh) http://127.0.0.1:9/\(marker)' ) & sleep 3 | '\(odsh)' 'http://127.0.0.1:9/\(marker)/' --metadata '\(metadata)'")
        #expect(r.status == 70, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains("odsh: internal error (signal 11)"), "\(r.stderr)")
        #expect(!r.stderr.contains("Backtracing") && !r.stderr.contains("crashed"), "\(r.stderr)")
    }
}
