import Foundation
import Testing
import TestSupport

/// Sign-in methods used from profiles: basic over TLS through nginx (with the profile's CA bundle), form login
/// with SAP's field names, OAuth2 password grant with secrets from a command and a cached token.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct AuthProfileTests {
    static let gatewayResult = Result { try AuthGateway() }
    let xdg = TestXDG()

    @Test(.fixture("nginx", NginxFixture.isAvailable, Comment(rawValue: NginxFixture.missing)))
    func basicOverTLSWithTheProfilesCABundle() throws {
        let nginx = try NginxFixture.shared()
        let url = nginx.https + "/auth/northwind/"
        let env = ["ODSH_TEST_PW": nginx.password]
        let add = try xdg.odsh(["profile", "add", "tls", url, "--auth", "basic", "--user", "tester", "--secret-from", "env:ODSH_TEST_PW",
                                "--cacert", nginx.caFile], environment: env)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(!FileManager.default.fileExists(atPath: xdg.secretsFile), "an env: secret is not stored")
        let summary = try xdg.odsh(["metadata", "summary", "tls", "--no-cache"], environment: env)
        #expect(summary.status == 0 && summary.stdout.contains("entity sets         26"), "\(summary.stderr)")
        let unset = try xdg.odsh(["metadata", "summary", "tls", "--no-cache"])
        #expect(unset.status == 2 && unset.stderr.contains("$ODSH_TEST_PW, which is not set"))
        let wrong = try xdg.odsh(["metadata", "summary", "tls", "--no-cache"], environment: ["ODSH_TEST_PW": "nope"])
        #expect(wrong.status == 1 && wrong.stderr.contains("401"))

        let noCA = try xdg.odsh(["profile", "add", "noca", url, "--auth", "basic", "--user", "tester", "--secret-from", "env:ODSH_TEST_PW"],
                                environment: env)
        #expect(noCA.status == 3 && noCA.stderr.contains("certificate"), "\(noCA.stderr)")
        #expect(!(try String(contentsOfFile: xdg.configFile, encoding: .utf8)).contains("[profile.noca]"))
    }

    @Test func formLoginWithSAPFieldNamesAndItsOwnUserAgent() throws {
        let gateway = try Self.gatewayResult.get()
        let mark = gateway.mark
        let add = try xdg.odsh(["profile", "add", "portal", gateway.base + "/form401/northwind/", "--auth", "form", "--user", "alice",
                                "--login-url", gateway.base + "/login", "--user-field", "sap-user", "--password-field", "sap-password",
                                "--login-field", "sap-client=100", "--login-user-agent", "Mozilla/5.0 (odsh)",
                                "--secret-from", "command:printf wonderland"])
        #expect(add.status == 0, "\(add.stderr)")
        let login = gateway.entries(from: mark).first { ($0["event"] as? String) == "login" }
        #expect(login?["user_agent"] as? String == "Mozilla/5.0 (odsh)")
        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        #expect(config.contains("secret-from = \"command:printf wonderland\""))
        #expect(config.contains("[profile.portal.login-fields]\nsap-client = \"100\""))
    }

    @Test func oauth2PasswordGrantWithACachedToken() throws {
        let gateway = try Self.gatewayResult.get()
        var mark = gateway.mark
        let add = try xdg.odsh(["profile", "add", "api", gateway.base + "/oauth/northwind/", "--auth", "oauth2-password", "--user", "alice",
                                "--client-id", AuthGateway.clientID, "--token-endpoint", gateway.base + "/token", "--client-auth", "body",
                                "--secret-from", "command:printf wonderland", "--client-secret-from", "file", "--token-cache"],
                               stdin: AuthGateway.clientSecret + "\n")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(gateway.count("token:password", since: mark) == 1)
        let secrets = try String(contentsOfFile: xdg.secretsFile, encoding: .utf8)
        #expect(secrets.contains("client-secret = \"client-secret\"") && secrets.contains("oauth2-token = "))
        #expect(!secrets.contains("wonderland"), "the command's secret is not stored")
        mark = gateway.mark
        let again = try xdg.odsh(["metadata", "summary", "api", "--no-cache"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(gateway.count("token:password", since: mark) == 0, "the stored token is used")
        #expect(gateway.requests(since: mark) == ["200 /oauth/northwind/$metadata"])
    }
}
