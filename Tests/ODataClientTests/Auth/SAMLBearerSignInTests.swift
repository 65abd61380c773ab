import Foundation
import Testing
@testable import ODataClient
import TestSupport

extension IntegrationTests {
    /// The SAML 2.0 bearer grant as SAP SuccessFactors has it, against scripts/testenv/auth-gateway.py, which checks
    /// the assertion's signature with xmlsec1 (an independent XML signature implementation) and its contents.
    @Suite(.fixture("SAML client keys (openssl, xmlsec1)", SAMLClientKeys.isAvailable, Comment(rawValue: SAMLClientKeys.missing)))
    struct SAMLBearerSignIn {
        let keys: SAMLClientKeys

        init() throws {
            keys = try SAMLClientKeys.shared()
        }

        func gateway(tokenSeconds: Double = 60, tokenClaimsSeconds: Double? = nil) throws -> AuthGateway {
            try AuthGateway(tokenSeconds: tokenSeconds, tokenClaimsSeconds: tokenClaimsSeconds, samlCertificate: keys.certificateFile)
        }

        func signIn(_ gateway: AuthGateway, key: String? = nil, certificate: String? = nil, user: String = AuthGateway.user) throws -> OAuth2SignIn {
            let tokenURL = gateway.base + "/token"
            let assertion = SAMLBearerAssertion(user: user, clientID: AuthGateway.clientID, recipient: tokenURL,
                                                privateKeyPEM: try keys.text(key ?? keys.keyFile),
                                                certificatePEM: try keys.text(certificate ?? keys.certificateFile))
            let s = OAuth2SignIn.Settings(tokenEndpoint: tokenURL, clientID: AuthGateway.clientID, clientSecret: nil,
                                          grant: .samlBearer(assertion, companyID: AuthGateway.companyID))
            return OAuth2SignIn(s)
        }

        func metadata(_ signIn: OAuth2SignIn, _ gateway: AuthGateway, client: HTTPClient? = nil) throws -> String {
            var c = HTTPConfiguration()
            c.signIn = signIn
            var bytes = Data()
            try (client ?? HTTPClient(configuration: c)).fetchMetadata(serviceURL: gateway.base + "/oauth/northwind/") { bytes.append(contentsOf: $0) }
            return String(decoding: bytes, as: UTF8.self)
        }

        @Test func theSignedAssertionGetsATokenForTheUser() throws {
            let gateway = try gateway()
            let mark = gateway.mark
            let signIn = try signIn(gateway)
            #expect(try metadata(signIn, gateway).contains("<EntitySet Name=\"Customers\""))
            #expect(gateway.count("token:saml2-bearer", since: mark) == 1)
            #expect(signIn.tokensAcquired == 1)
        }

        @Test func xmlsecRejectsATamperedAssertion() throws {
            // What the endpoint checks can fail: the same assertion with another user no longer verifies.
            let assertion = SAMLBearerAssertion(user: "alice", clientID: "c", recipient: "http://x/token",
                                                privateKeyPEM: try keys.text(keys.keyFile), certificatePEM: try keys.text(keys.certificateFile))
            let xml = try assertion.signed()
            let dir = keys.directory
            let good = dir.appendingPathComponent("good-\(UUID().uuidString).xml"), bad = dir.appendingPathComponent("bad-\(UUID().uuidString).xml")
            try Data(xml.utf8).write(to: good)
            try Data(xml.replacingOccurrences(of: ">alice<", with: ">mallory<").utf8).write(to: bad)
            func verify(_ file: URL) throws -> Int32 {
                try Spawn.run(["xmlsec1", "--verify", "--pubkey-cert-pem", keys.certificateFile, "--id-attr:ID",
                               "urn:oasis:names:tc:SAML:2.0:assertion:Assertion", file.path]).status
            }
            #expect(try verify(good) == 0)
            #expect(try verify(bad) != 0)
        }

        @Test func markupCharactersInTheValuesAreEscapedAsCanonicalXMLHasThem() throws {
            let assertion = SAMLBearerAssertion(user: "a&b <c> \"d\"", clientID: "c&d", recipient: "http://x/token?a=1&b=\"2\"\t",
                                                privateKeyPEM: try keys.text(keys.keyFile))
            let xml = try assertion.signed()
            #expect(xml.contains(">a&amp;b &lt;c&gt; \"d\"</saml2:NameID>"))
            #expect(xml.contains("Recipient=\"http://x/token?a=1&amp;b=&quot;2&quot;&#x9;\""))
            #expect(!xml.contains("<ds:KeyInfo>"), "no certificate, no KeyInfo")
            let file = keys.directory.appendingPathComponent("escaped-\(UUID().uuidString).xml")
            try Data(xml.utf8).write(to: file)
            let check = try Spawn.run(["xmlsec1", "--verify", "--pubkey-cert-pem", keys.certificateFile, "--id-attr:ID",
                                       "urn:oasis:names:tc:SAML:2.0:assertion:Assertion", file.path])
            #expect(check.status == 0, "\(check.stderr)")
        }

        @Test func theTokenIsRenewedWithANewAssertionWhenItExpires() throws {
            // Good for a minute at the gateway, announced with expires_in 0: due for renewal as soon as it is issued.
            let gateway = try gateway(tokenSeconds: 60, tokenClaimsSeconds: 0)
            let mark = gateway.mark
            let signIn = try signIn(gateway)
            var c = HTTPConfiguration()
            c.signIn = signIn
            let client = try HTTPClient(configuration: c)
            _ = try metadata(signIn, gateway, client: client)
            let first = try #require(signIn.currentToken)
            #expect(try metadata(signIn, gateway, client: client).contains("Customers"))
            #expect(signIn.tokensAcquired == 2)
            #expect(signIn.currentToken?.accessToken != first.accessToken)
            #expect(gateway.count("token:saml2-bearer", since: mark) == 2)
            #expect(gateway.count("refused", since: mark) == 0, "renewed before the server said no")
        }

        @Test func aKeyTheClientDidNotRegisterIsASignInFailure() throws {
            let gateway = try gateway()
            let mark = gateway.mark
            let wrong = try signIn(gateway, key: keys.otherKeyFile, certificate: keys.otherCertificateFile)
            let error = try #require(throws: ODataClientError.self) { try metadata(wrong, gateway) }
            guard case .signInFailed(let text) = error.kind else {
                Issue.record("expected a sign-in failure, got \(error.kind)")
                return
            }
            #expect(text.contains("OAuth2 sign-in of client odsh-client") && text.contains("invalid_grant"), "\(text)")
            #expect(error.category == .service)
            #expect(text.contains("signature not valid"), "\(text)")
            #expect(gateway.count("token:saml2-bearer", since: mark) == 0)
        }

        @Test func theAssertionMustNameTheKnownUser() throws {
            let gateway = try gateway()
            let error = try #require(throws: ODataClientError.self) { try metadata(try signIn(gateway, user: "mallory"), gateway) }
            #expect(error.summary.contains("wrong user"), "\(error.summary)")
        }

        @Test func aFileThatIsNoPrivateKeyIsReportedBeforeAnythingIsSent() throws {
            let gateway = try gateway()
            let mark = gateway.mark
            let error = try #require(throws: ODataClientError.self) {
                try metadata(try signIn(gateway, key: keys.certificateFile), gateway)
            }
            #expect(error.summary.contains("could not sign the SAML assertion: the private key: not an unencrypted PEM private key"),
                    "\(error.summary)")
            #expect(gateway.entries(from: mark).isEmpty)
        }
    }
}
