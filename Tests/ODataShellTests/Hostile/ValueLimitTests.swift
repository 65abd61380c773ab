import Foundation
import Testing
import TestSupport

/// One value of a payload is read up to a limit that an option raises (issue 28): a 70 MiB string stops at the
/// default 64 MiB with exit 4 and a message naming the limit, and is read whole with --max-value-size 80.
@Suite("The limit on one value", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("python3", Tools.hasPython, Tools.noPython))
struct ValueLimitTests {
    @Test func aValueOverTheLimitIsInvalidDataAndTheOptionRaisesIt() throws {
        let root = try HostileServer.serviceRoot("bigstring/70")
        let over = try OdshProcess.run([root, "--no-cache", "-o", "ndjson", "-c", "Items"])
        #expect(over.status == 4, "\(over.stderr)")
        #expect(over.stderr.contains("64 MiB") && over.stdout.isEmpty, "\(over.stderr)")
        let raised = try OdshProcess.run([root, "--no-cache", "-o", "ndjson", "--max-value-size", "80", "-c", "Items select ID"])
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(raised.stdout.hasPrefix("{\"ID\":1"), "\(raised.stdout.prefix(80))")
    }
}
