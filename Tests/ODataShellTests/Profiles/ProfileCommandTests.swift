import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// `odsh profile add|list|show|remove|reset` and opening profiles, through the built binary, against the sign-in
/// gateway in front of the V4 reference server. Every test has XDG folders of its own.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct ProfileCommandTests {
    static let gatewayResult = Result { try AuthGateway() }
    let gateway: AuthGateway
    let xdg = TestXDG()

    init() throws {
        gateway = try Self.gatewayResult.get()
    }

    /// Adds a form-login profile; the password comes on standard input into the secrets file.
    @discardableResult
    func addForm(_ name: String, password: String = AuthGateway.password, extra: [String] = []) throws -> OdshProcess.Result {
        try xdg.odsh(["profile", "add", name, gateway.base + "/form/northwind/", "--auth", "form", "--user", AuthGateway.user,
                      "--login-url", gateway.base + "/login", "--secret-from", "file"] + extra, stdin: password + "\n")
    }

    func cacheFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: xdg.metadataCache)) ?? []).sorted()
    }

    @Test func addChecksAndStoresProfileSecretCookiesAndMetadata() throws {
        let mark = gateway.mark
        let r = try addForm("hr")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("ok: OData 4.0, 26 entity sets"))
        #expect(r.stderr.contains("profile hr saved in \(xdg.configFile)"))
        #expect(gateway.count("login", since: mark) == 1)
        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        #expect(config.contains("[profile.hr]\nurl = \"\(gateway.base)/form/northwind/\"\nauth = \"form\"\nuser = \"alice\"\nsecret-from = \"file\""))
        #expect(!config.contains(AuthGateway.password))
        #expect(TestXDG.mode(xdg.secretsFile) == 0o600)
        #expect(try String(contentsOfFile: xdg.secretsFile, encoding: .utf8) == "[profile.hr]\npassword = \"wonderland\"\n")
        #expect(try String(contentsOfFile: xdg.cookieJar("hr"), encoding: .utf8).contains("MYSAPSSO2"))
        #expect(TestXDG.mode(xdg.cookieJar("hr")) == 0o600)
        #expect(cacheFiles().count == 2 && cacheFiles().allSatisfy { $0.hasSuffix(".json") || $0.hasSuffix(".metadata") })

        let again = try addForm("hr")
        #expect(again.status == 2 && again.stderr.contains("exists already"))
    }

    @Test func listAndShowMaskSecrets() throws {
        try addForm("hr", extra: ["-H", "X-Requested-With: XMLHttpRequest", "-H", "X-API-Key: k-123", "--sap-client", "100"])
        let list = try xdg.odsh(["profile", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("hr    \(gateway.base)/form/northwind/  form  alice"))
        let show = try xdg.odsh(["profile", "show", "hr"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("password         ******** (in \(xdg.secretsFile))"))
        #expect(show.stdout.contains("header           X-Requested-With: XMLHttpRequest"))
        #expect(show.stdout.contains("header           X-API-Key: ********"))
        #expect(show.stdout.contains("1 cookie in \(xdg.cookieJar("hr"))"))
        #expect(show.stdout.contains("cached metadata  19 KB fetched"))
        #expect(!show.stdout.contains(AuthGateway.password) && !show.stdout.contains("k-123"))
        let missing = try xdg.odsh(["profile", "show", "hx"])
        #expect(missing.status == 2 && missing.stderr.contains("no profile named hx") && missing.stderr.contains("did you mean hr?"))
    }

    @Test func aFailedCheckStoresNothing() throws {
        let r = try addForm("bad", password: "Wr0ng")
        #expect(r.status == 1)
        #expect(r.stderr.contains("still asks"))
        #expect(!r.stderr.contains("Wr0ng"))
        #expect(xdg.snapshot().keys.filter { !$0.hasSuffix(".lock") }.isEmpty, "\(xdg.snapshot().keys)")
    }

    @Test func nonInteractiveAddSaysWhatIsMissing() throws {
        let noSource = try xdg.odsh(["profile", "add", "p", gateway.base + "/open/northwind/", "--auth", "basic", "--user", "u"])
        #expect(noSource.status == 2 && noSource.stderr.contains("--secret-from"))
        let badName = try xdg.odsh(["profile", "add", "metadata", gateway.base + "/open/northwind/"])
        #expect(badName.status == 2 && badName.stderr.contains("cannot name a profile"))
        let noURL = try xdg.odsh(["profile", "add", "p", "ftp://x/"])
        #expect(noURL.status == 2)
    }

    @Test func resetRemovesExactlyOneProfilesFiles() throws {
        try addForm("a")
        try addForm("b")
        for name in ["a", "b"] { try Data("Customers top 1\n".utf8).write(to: URL(fileURLWithPath: xdg.history(name))) }
        let before = xdg.snapshot()
        let r = try xdg.odsh(["profile", "reset", "a"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("removed cookies: \(xdg.cookieJar("a"))"))
        #expect(r.stdout.contains("removed history: \(xdg.history("a"))"))
        #expect(r.stdout.contains("removed cached metadata: 1 document"))
        #expect(r.stdout.contains("removed secrets: [profile.a] in \(xdg.secretsFile)"))
        let after = xdg.snapshot()
        let gone = Set(before.keys).subtracting(after.keys)
        #expect(gone.count == 4, "\(gone)")
        #expect(gone.contains("state/odsh/cookies-a.txt") && gone.contains("state/odsh/history-a"))
        #expect(gone.filter { $0.hasPrefix("cache/odsh/metadata/") }.count == 2)
        #expect(Set(after.keys).isSubset(of: before.keys), "nothing new")
        for (path, data) in after where path != "config/odsh/secrets.toml" {
            #expect(before[path] == data, "\(path) is unchanged")
        }
        #expect(String(decoding: after["config/odsh/secrets.toml"] ?? Data(), as: UTF8.self) == "[profile.b]\npassword = \"wonderland\"\n")
        #expect(try xdg.odsh(["profile", "list"]).stdout.contains("a "), "the profile itself stays")
        let used = try xdg.odsh(["metadata", "summary", "a"])
        #expect(used.status == 2 && used.stderr.contains("none is stored there") && used.stderr.contains("odsh profile secret a"))
        let stored = try xdg.odsh(["profile", "secret", "a"], stdin: AuthGateway.password + "\n")
        #expect(stored.status == 0)
        #expect(try xdg.odsh(["metadata", "summary", "a"]).status == 0)
    }

    @Test func removeTakesTheProfileAndItsFiles() throws {
        try addForm("a")
        try addForm("b")
        let r = try xdg.odsh(["profile", "remove", "a"])
        #expect(r.status == 0, "\(r.stderr)")
        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        #expect(!config.contains("[profile.a]") && config.contains("[profile.b]") && !config.contains("\n\n\n"), "\(config)")
        #expect(!FileManager.default.fileExists(atPath: xdg.cookieJar("a")) && FileManager.default.fileExists(atPath: xdg.cookieJar("b")))
        #expect(try xdg.odsh(["profile", "remove", "a"]).status == 2)
    }

    @Test func aProfileOpensWhereAURLWould() throws {
        let added = try xdg.odsh(["profile", "add", "nw", gateway.base + "/open/northwind/"])
        #expect(added.status == 0, "\(added.stderr)")
        let shell = try xdg.odsh(["nw", "--dry-run", "-c", "Customers top 1"])
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(shell.stdout == "GET \(gateway.base)/open/northwind/Customers?$top=1\n")
        let summary = try xdg.odsh(["metadata", "summary", "nw"])
        #expect(summary.stdout.hasPrefix(gateway.base + "/open/northwind/$metadata"))
        let diff = try xdg.odsh(["diff", "nw", "nw"])
        #expect(diff.status == 0, "\(diff.stderr)")
        let unknown = try xdg.odsh(["metadata", "summary", "nx"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no profile named nx") && unknown.stderr.contains("did you mean nw?"))
    }

    @Test func optionsOnTheCommandLineWinOverTheProfile() throws {
        let r = try xdg.odsh(["profile", "add", "sap", gateway.base + "/open/northwind/", "--sap-client", "100"])
        #expect(r.status == 0, "\(r.stderr)")
        var mark = gateway.mark
        #expect(try xdg.odsh(["metadata", "summary", "sap", "--no-cache"]).status == 0)
        #expect(gateway.requests(since: mark) == ["200 /open/northwind/$metadata?sap-client=100"])
        mark = gateway.mark
        #expect(try xdg.odsh(["metadata", "summary", "sap", "--no-cache", "--sap-client", "200"]).status == 0)
        #expect(gateway.requests(since: mark) == ["200 /open/northwind/$metadata?sap-client=200"])
    }
}
