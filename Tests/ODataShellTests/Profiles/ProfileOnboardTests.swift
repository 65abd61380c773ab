import Foundation
import Testing
import TestSupport

/// `odsh profile add NAME URL` on a terminal (under tmux): it asks how to sign in, checks the answers by
/// loading the metadata (offering another try after a wrong password), then stores the profile, the password
/// (secrets file, 0600), the cookies and the metadata.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("tmux", TmuxSession.isAvailable, TmuxSession.missing),
       .fixture("nginx", NginxFixture.isAvailable, Comment(rawValue: NginxFixture.missing)))
struct ProfileOnboardTests {
    @Test func onboardingAsksChecksRetriesAndStores() throws {
        let nginx = try NginxFixture.shared()
        let xdg = TestXDG()
        let url = nginx.https + "/auth/northwind/"
        let environment = xdg.environment.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.sorted().joined(separator: " ")
        let command = "env \(environment) \(TmuxSession.quote(OdshProcess.binary.path)) profile add tls \(url) --cacert "
            + "\(TmuxSession.quote(nginx.caFile)); echo ODSH-EXIT=$?; sleep 60"
        let tmux = try TmuxSession(command)

        try tmux.waitFor("Sign-in method (none, basic, bearer, cookie, form, oauth2-client, oauth2-password, oauth2-saml-bearer, cert, kerberos, browser, device) [basic]:")
        tmux.type("")
        try tmux.waitFor("Keep the password where?")
        tmux.type("file")
        try tmux.waitFor("User:")
        tmux.type("tester")
        try tmux.waitFor("Password for tester:")
        try tmux.waitForEchoOff()  // echo goes off (and input is flushed) just after the prompt shows
        tmux.type("not-the-password")
        try tmux.waitFor("Try again with other credentials? (Y/n):")
        #expect(tmux.screen().contains("the check failed: HTTP 401"))
        tmux.type("y")
        try tmux.waitFor("User [tester]:")
        tmux.type("")
        try tmux.waitFor("Password for tester:", occurrence: 2)
        try tmux.waitForEchoOff()
        tmux.type(nginx.password)
        let screen = try tmux.waitFor("ODSH-EXIT=")
        #expect(screen.contains("ODSH-EXIT=0"), "\(screen)")
        #expect(screen.contains("ok: OData 4.0, 26 entity sets"))
        #expect(screen.contains("profile tls saved in \(xdg.configFile)"))
        #expect(!screen.contains(nginx.password) && !screen.contains("not-the-password"), "passwords are not echoed")

        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        // The tests choose the plain files with ODSH_STORE=plain: the first secret stored writes that choice down.
        #expect(config == "[store]\nbackend = \"plain\"\n\n[profile.tls]\nurl = \"\(url)\"\nauth = \"basic\"\nuser = \"tester\"\nsecret-from = \"file\"\nca-bundle = \"\(nginx.caFile)\"\n")
        #expect(TestXDG.mode(xdg.secretsFile) == 0o600)
        #expect(try String(contentsOfFile: xdg.secretsFile, encoding: .utf8).contains("password = \"\(nginx.password)\""))
        #expect(FileManager.default.fileExists(atPath: xdg.cookieJar("tls")))
        let summary = try xdg.odsh(["metadata", "summary", "tls"])
        #expect(summary.status == 0 && summary.stdout.contains("entity sets         26"), "\(summary.stderr)")
    }

    /// What the flags gave is not asked again; the line about the new secure store says what goes there; a new
    /// passphrase that is too short is asked for again with the rule, as passwd does.
    @Test func onboardingWithFlagsAsksOnlyWhatIsMissing() throws {
        let nginx = try NginxFixture.shared()
        let xdg = TestXDG()
        let url = nginx.https + "/auth/northwind/"
        let store = xdg.root.appendingPathComponent("config/odsh/secrets.store").path
        let encrypted = xdg.environment.merging(["ODSH_STORE": "file"]) { $1 }
        defer { _ = try? xdg.odsh(["store", "lock"], environment: ["ODSH_STORE": "file"]) }
        let environment = encrypted.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.sorted().joined(separator: " ")
        let command = "env \(environment) \(TmuxSession.quote(OdshProcess.binary.path)) profile add tls \(url) --cacert "
            + "\(TmuxSession.quote(nginx.caFile)) --auth basic --user tester --secret-from file; echo ODSH-EXIT=$?; sleep 60"
        let tmux = try TmuxSession(command)

        try tmux.waitFor("Password for tester:")
        #expect(!tmux.screen().contains("User"), "--user gave the user: \(tmux.screen())")
        try tmux.waitForEchoOff()
        tmux.type(nginx.password)
        try tmux.waitFor("New passphrase for the secure store")
        #expect(tmux.screen().contains("profile tls keeps its password and session cookies in the secure store"), "\(tmux.screen())")
        try tmux.waitForEchoOff()
        tmux.type("short")
        try tmux.waitFor("The passphrase is too short: 8 characters or more; try again.")
        try tmux.waitFor("New passphrase for the secure store", occurrence: 2)
        try tmux.waitForEchoOff()
        tmux.type("a passphrase long enough")
        try tmux.waitFor("The same passphrase again:")
        try tmux.waitForEchoOff()
        tmux.type("a passphrase long enough")
        let screen = try tmux.waitFor("ODSH-EXIT=")
        #expect(screen.contains("ODSH-EXIT=0"), "\(screen)")
        #expect(screen.contains("profile tls saved in \(xdg.configFile)"))
        #expect(!screen.contains(nginx.password) && !screen.contains("long enough"), "nothing typed is echoed")
        #expect(TestXDG.mode(store) == 0o600)
    }
}
