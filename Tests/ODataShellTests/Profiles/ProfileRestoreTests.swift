import Foundation
import Testing
import TestSupport

/// Opening a profile later: its cookie jar carries the session (no new login), its cached metadata is
/// revalidated (304), and with the service stopped the cached copy still serves.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct ProfileRestoreTests {
    @Test func aProfileRestoresItsSessionAndWorksWithTheServerStopped() throws {
        let xdg = TestXDG()
        let gateway = try AuthGateway()
        let add = try xdg.odsh(["profile", "add", "hr", gateway.base + "/form/northwind/", "--auth", "form", "--user", "alice",
                                "--login-url", gateway.base + "/login", "--secret-from", "file"], stdin: AuthGateway.password + "\n")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(gateway.count("login") == 1)

        let mark = gateway.mark
        let later = try xdg.odsh(["metadata", "describe", "hr", "Orders", "--metadata-max-age", "0"])
        #expect(later.status == 0, "\(later.stderr)")
        #expect(gateway.requests(since: mark) == ["304 /form/northwind/$metadata"], "the stored cookie signs in; the copy is current")

        gateway.stop()
        let offline = try xdg.odsh(["metadata", "describe", "hr", "Orders", "--metadata-max-age", "0"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == later.stdout)
        #expect(offline.stderr.contains("warning:") && offline.stderr.contains("cached on"))
        let shell = try xdg.odsh(["hr", "--dry-run", "-c", "Orders top 2"])
        #expect(shell.status == 0 && shell.stdout == "GET \(gateway.base)/form/northwind/Orders?$top=2\n", "\(shell.stderr)")
    }
}
