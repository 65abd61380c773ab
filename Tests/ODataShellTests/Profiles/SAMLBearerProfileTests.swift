import Foundation
import Testing
import TestSupport

/// Profiles with `auth = "oauth2-saml-bearer"` (SAP SuccessFactors) against auth-gateway.py, which verifies the
/// assertion's signature with xmlsec1.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("SAML client keys (openssl, xmlsec1)", SAMLClientKeys.isAvailable, Comment(rawValue: SAMLClientKeys.missing)))
struct SAMLBearerProfileTests {
    let xdg = TestXDG()

    func add(_ name: String, _ gateway: AuthGateway, key: String, cert: String) throws -> OdshProcess.Result {
        try xdg.odsh(["profile", "add", name, gateway.base + "/oauth/northwind/", "--auth", "oauth2-saml-bearer", "--user", AuthGateway.user,
                      "--token-endpoint", gateway.base + "/token", "--client-id", AuthGateway.clientID,
                      "--company-id", AuthGateway.companyID, "--saml-key", key, "--saml-cert", cert, "--token-cache", "--no-input"])
    }

    @Test func successFactorsProfileWithACachedToken() throws {
        let keys = try SAMLClientKeys.shared()
        let gateway = try AuthGateway(samlCertificate: keys.certificateFile)
        let added = try add("sf", gateway, key: keys.keyFile, cert: keys.certificateFile)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(gateway.count("token:saml2-bearer") == 1)
        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        #expect(config.contains("auth = \"oauth2-saml-bearer\"") && config.contains("saml-key = \"\(keys.keyFile)\"")
                && config.contains("company-id = \"ODSHTEST\""), "\(config)")
        let secrets = try String(contentsOfFile: xdg.secretsFile, encoding: .utf8)
        #expect(secrets.contains("oauth2-token = ") && !secrets.contains("PRIVATE KEY"))
        #expect(TestXDG.mode(xdg.secretsFile) == 0o600)

        let mark = gateway.mark
        let summary = try xdg.odsh(["metadata", "summary", "sf", "--no-cache"])
        #expect(summary.status == 0 && summary.stdout.contains("entity sets         26"), "\(summary.stderr)")
        #expect(gateway.count("token:saml2-bearer", since: mark) == 0, "the cached token is used")
    }

    @Test func anUnregisteredKeyFailsTheCheck() throws {
        let keys = try SAMLClientKeys.shared()
        let gateway = try AuthGateway(samlCertificate: keys.certificateFile)
        let added = try add("wrong", gateway, key: keys.otherKeyFile, cert: keys.otherCertificateFile)
        #expect(added.status == 1)
        #expect(added.stderr.contains("OAuth2 sign-in of client odsh-client") && added.stderr.contains("signature not valid"), "\(added.stderr)")
        let config = (try? String(contentsOfFile: xdg.configFile, encoding: .utf8)) ?? ""
        #expect(!config.contains("[profile.wrong]"))
    }
}
