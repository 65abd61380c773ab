import Foundation
import Testing
import TestSupport

/// Browser sign-in (`auth = "browser"`, `--authorize-url`) end to end: odsh runs scripts/testenv/scripted-browser.py
/// as `$BROWSER`, which follows the authorization URL through auth-gateway.py back to odsh's loopback listener.
/// A run that opens the browser has a terminal (`onTerminal`): without one, nothing waits for a person
/// (DeviceSignInProfileTests); a run that the refresh token serves needs none.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct BrowserSignInProfileTests {
    let xdg = TestXDG()
    let browserLog = NSTemporaryDirectory() + "odsh-browser-\(UUID().uuidString.prefix(8)).log"

    /// `$BROWSER` for the scripted browser in this mode, and no desktop.
    func browser(_ mode: String = "follow") -> [String: String] {
        ExitCleanup.remove(atExit: browserLog)
        return ["BROWSER": AuthGateway.scriptedBrowser(mode: mode, log: browserLog).joined(separator: " "), "DISPLAY": "", "WAYLAND_DISPLAY": ""]
    }

    var browserSteps: [String] {
        let text = (try? String(contentsOfFile: browserLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["step"] as? String
        }
    }

    func add(_ name: String, _ gateway: AuthGateway, mode: String = "follow", more: [String] = []) throws -> OdshProcess.Result {
        try xdg.odsh(["profile", "add", name, gateway.base + "/oauth/northwind/", "--auth", "browser",
                      "--authorize-url", gateway.base + "/authorize", "--token-endpoint", gateway.base + "/token",
                      "--client-id", AuthGateway.publicClientID, "--scope", "odata.read", "--no-input"] + more,
                     environment: browser(mode), onTerminal: true)
    }

    @Test func aProfileSignsInOnceThenRefreshesWithoutTheBrowser() throws {
        // Access tokens announced with expires_in 0 (due for renewal once issued), and expired at the gateway below.
        let gateway = try AuthGateway(tokenClaimsSeconds: 0)
        let added = try add("entra", gateway)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("sign in with your browser"), "\(added.stderr)")
        #expect(gateway.count("authorize") == 1 && gateway.count("token:authorization_code") == 1)
        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        #expect(config.contains("auth = \"browser\"") && config.contains("authorize-url = \"\(gateway.base)/authorize\""), "\(config)")
        let secrets = try String(contentsOfFile: xdg.secretsFile, encoding: .utf8)
        let refresh = try #require(secrets.split(separator: "\n").first { $0.hasPrefix("oauth2-refresh-token = ") }, "\(secrets)")
        let refreshToken = String(refresh.dropFirst("oauth2-refresh-token = \"".count).dropLast())
        #expect(TestXDG.mode(xdg.secretsFile) == 0o600)
        #expect(!config.contains(refreshToken))

        // A later run: the access token has run out; the refresh token gets a new one, and no browser is opened.
        try gateway.expireAll()
        let opened = browserSteps.count
        let mark = gateway.mark
        let summary = try xdg.odsh(["metadata", "summary", "entra", "--no-cache", "--trace-data"], environment: browser())
        #expect(summary.status == 0 && summary.stdout.contains("entity sets"), "\(summary.stderr)")
        #expect(gateway.count("token:refresh_token", since: mark) == 1)
        #expect(gateway.count("authorize", since: mark) == 0)
        #expect(browserSteps.count == opened, "no browser while the refresh token is good")
        #expect(!summary.stderr.contains(refreshToken), "the refresh token never shows in a trace")

        let shown = try xdg.odsh(["profile", "show", "entra"])
        #expect(shown.stdout.contains("authorize-url") && !shown.stdout.contains(refreshToken))
    }

    @Test func deniedConsentIsOneLineAndStoresNothing() throws {
        let gateway = try AuthGateway(consentDenied: true)
        let added = try add("denied", gateway)
        #expect(added.status == 1, "\(added.stderr)")
        let lines = added.stderr.split(separator: "\n").filter { !$0.contains("sign in with your browser") }
        #expect(lines.count == 1, "one line: \(added.stderr)")
        #expect(added.stderr.contains("access was denied at the authorization server (access_denied"), "\(added.stderr)")
        #expect(!((try? String(contentsOfFile: xdg.configFile, encoding: .utf8)) ?? "").contains("[profile.denied]"))
    }

    @Test func aForgedStateFromTheCommandLine() throws {
        let gateway = try AuthGateway()
        let mark = gateway.mark
        let r = try xdg.odsh(["metadata", "summary", gateway.base + "/oauth/northwind/", "--authorize-url", gateway.base + "/authorize",
                              "--token-endpoint", gateway.base + "/token", "--client-id", AuthGateway.clientID],
                             environment: browser("wrong-state").merging(["ODSH_CLIENT_SECRET": AuthGateway.clientSecret]) { $1 }, onTerminal: true)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("state that is not this sign-in's"), "\(r.stderr)")
        #expect(!r.stderr.contains(AuthGateway.clientSecret))
        #expect(gateway.requests(since: mark).allSatisfy { !$0.contains("/token") })
    }

    @Test func theCommandLineSignsInWithAConfidentialClient() throws {
        let gateway = try AuthGateway()
        let mark = gateway.mark
        let r = try xdg.odsh(["metadata", "summary", gateway.base + "/oauth/northwind/", "--authorize-url", gateway.base + "/authorize",
                              "--token-endpoint", gateway.base + "/token", "--client-id", AuthGateway.clientID, "--trace-data"],
                             environment: browser().merging(["ODSH_CLIENT_SECRET": AuthGateway.clientSecret]) { $1 }, onTerminal: true)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(gateway.count("token:authorization_code", since: mark) == 1)
        #expect(!r.stderr.contains(AuthGateway.clientSecret) && !r.stderr.contains("code_verifier="), "no secret in the trace")
    }

    /// One run, one sign-in: the metadata and every statement after it go through one connection, so the browser
    /// opens once and one authorization code is exchanged, however many statements follow.
    @Test func aOneRunSignInOpensTheBrowserOnce() throws {
        let gateway = try AuthGateway()
        let mark = gateway.mark
        let r = try xdg.odsh([gateway.base + "/oauth/northwind/", "--authorize-url", gateway.base + "/authorize",
                              "--token-endpoint", gateway.base + "/token", "--client-id", AuthGateway.clientID, "--no-cache",
                              "-c", "count Customers", "-c", "Customers top 1 select CustomerID"],
                             environment: browser().merging(["ODSH_CLIENT_SECRET": AuthGateway.clientSecret]) { $1 }, onTerminal: true)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("91") && r.stdout.contains("ALFKI"), "\(r.stdout)")
        #expect(gateway.count("authorize", since: mark) == 1, "the browser opened once")
        #expect(gateway.count("token:authorization_code", since: mark) == 1)
    }

    @Test func browserOptionsAreCheckedBeforeAnythingRuns() throws {
        let r = try xdg.odsh(["metadata", "summary", "http://127.0.0.1:9/", "--authorize-url", "http://127.0.0.1:9/authorize"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--authorize-url needs --token-endpoint and --client-id"), "\(r.stderr)")
        let both = try xdg.odsh(["metadata", "summary", "http://127.0.0.1:9/", "--user", "a:b", "--authorize-url", "http://127.0.0.1:9/a",
                                 "--token-endpoint", "http://127.0.0.1:9/t", "--client-id", "c"])
        #expect(both.status == 2 && both.stderr.contains("excludes --user"), "\(both.stderr)")
    }

    @Test func aSystemThatOffersOnlySAMLIsNamedAsSuchWithTheOAuthRoute() throws {
        let gateway = try AuthGateway()
        let r = try xdg.odsh(["metadata", "summary", gateway.base + "/saml/northwind/"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("SAML identity provider") && r.stderr.contains("auth = \"browser\""), "\(r.stderr)")
        // The HTTP-POST binding: a page whose form posts the SAMLRequest, where the metadata should be.
        let post = try xdg.odsh(["metadata", "summary", gateway.base + "/saml-post/northwind/"])
        #expect(post.status == 4, "\(post.stderr)")
        #expect(post.stderr.contains("posts a SAML authentication request to http://localhost:"), "\(post.stderr)")
        #expect(post.stderr.contains("SAML identity provider") && post.stderr.contains("auth = \"browser\""), "\(post.stderr)")
        #expect(!post.stderr.contains("root element"), "\(post.stderr)")
    }

    /// A sign-in page where the metadata should be (a portal's login form after a redirect) is named as one.
    @Test func aSignInPageInPlaceOfTheMetadataIsNamed() throws {
        let gateway = try AuthGateway()
        let r = try xdg.odsh(["metadata", "summary", gateway.base + "/form/northwind/"])
        #expect(r.status == 4, "\(r.stderr)")
        #expect(r.stderr.contains("the service answered with a sign-in page (text/html"), "\(r.stderr)")
        #expect(r.stderr.contains("hint: the service answered with a sign-in page"), "\(r.stderr)")
    }
}
