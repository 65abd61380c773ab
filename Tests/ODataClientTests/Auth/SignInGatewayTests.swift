import Foundation
import Testing
@testable import ODataClient
import TestSupport

extension IntegrationTests {
    /// Form login and OAuth2 against scripts/testenv/auth-gateway.py, which sits in front of odatapy: the OData
    /// requests behind the sign-in are real.
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct SignInThroughGateway {
        static let user = "alice", password = "wonderland"
        static let clientID = "odsh-client", clientSecret = "client-secret"

        /// Fetches $metadata through the gateway and returns the document's text.
        @discardableResult
        func metadata(_ client: HTTPClient, _ url: String) throws -> String {
            var bytes = Data()
            try client.fetchMetadata(serviceURL: url) { bytes.append(contentsOf: $0) }
            return String(decoding: bytes, as: UTF8.self)
        }

        func formSignIn(_ gateway: AuthGateway, password: String = password) -> FormLoginSignIn {
            FormLoginSignIn(.init(loginURL: gateway.base + "/login", user: Self.user, password: password))
        }

        func configuration(_ signIn: any SignIn) -> HTTPConfiguration {
            var c = HTTPConfiguration()
            c.signIn = signIn
            return c
        }

        // MARK: form login

        @Test func formLoginWhenRedirectedToTheLoginPage() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            let signIn = formSignIn(gateway)
            let text = try metadata(try HTTPClient(configuration: configuration(signIn)), gateway.base + "/form/northwind/")
            #expect(text.hasPrefix("<?xml"), "the consumer sees only the document, never the login page")
            #expect(text.contains("<EntitySet Name=\"Customers\""))
            #expect(signIn.signInCount == 1)
            let events = gateway.entries(from: mark).map { "\($0["status"]!) \($0["event"]!)" }
            #expect(events == ["302 refused", "200 login", "200 "])
        }

        @Test func formLoginOn401() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            let signIn = formSignIn(gateway)
            let client = try HTTPClient(configuration: configuration(signIn))
            #expect(try metadata(client, gateway.base + "/form401/northwind/").contains("Customers"))
            let response = try client.send(HTTPRequest(url: gateway.base + "/form401/northwind/Customers?$top=1",
                                                       headers: ["Accept": "application/json"]))
            #expect(String(decoding: response.body ?? Data(), as: UTF8.self).contains("ALFKI"))
            #expect(signIn.signInCount == 1, "the session cookie serves the second request")
            #expect(gateway.count("login", since: mark) == 1)
        }

        @Test func anExpiredSessionSignsInOnceMore() throws {
            // A gateway of its own: its sessions are expired on request, not by waiting.
            let gateway = try AuthGateway()
            let mark = gateway.mark
            let signIn = formSignIn(gateway)
            let client = try HTTPClient(configuration: configuration(signIn))
            try metadata(client, gateway.base + "/form/northwind/")
            try metadata(client, gateway.base + "/form/northwind/")
            #expect(signIn.signInCount == 1)
            try gateway.expireAll()
            #expect(try metadata(client, gateway.base + "/form/northwind/").contains("Customers"))
            #expect(signIn.signInCount == 2)
            #expect(gateway.count("login", since: mark) == 2)
            #expect(gateway.count("refused", since: mark) == 2)
        }

        @Test func aWrongPasswordFailsClearlyAfterOneTry() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            let client = try HTTPClient(configuration: configuration(formSignIn(gateway, password: "Wr0ng-pa55")))
            let error = try #require(throws: ODataClientError.self) { try metadata(client, gateway.base + "/form/northwind/") }
            guard case .signInFailed(let text) = error.kind else {
                Issue.record("expected signInFailed, got \(error.kind)")
                return
            }
            #expect(text.contains("still asks") && text.contains("redirected to \(gateway.base)/login?redirect="))
            #expect(!error.summary.contains("Wr0ng-pa55"), "the password is not in the message")
            #expect(gateway.count("login-failed", since: mark) == 1)
        }

        @Test func theLoginRequestHasItsOwnUserAgent() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            var settings = formSignIn(gateway).settings
            settings.userAgent = "Mozilla/5.0 (odsh test)"
            try metadata(try HTTPClient(configuration: configuration(FormLoginSignIn(settings))), gateway.base + "/form/northwind/")
            let entries = gateway.entries(from: mark)
            #expect(entries.first { ($0["event"] as? String) == "login" }?["user_agent"] as? String == "Mozilla/5.0 (odsh test)")
            #expect((entries.last?["user_agent"] as? String)?.hasPrefix("ODataClient/") == true)
        }

        @Test func theSessionCookieLastsInTheJar() throws {
            let gateway = try Fixtures.shared.authGateway()
            let jar = NSTemporaryDirectory() + "odsh-signin-jar-\(getpid()).txt"
            unlink(jar)
            defer { unlink(jar) }
            var c = configuration(formSignIn(gateway))
            c.cookieJar = jar
            let first = try HTTPClient(configuration: c)
            try metadata(first, gateway.base + "/form/northwind/")
            first.close()
            #expect(try String(contentsOfFile: jar, encoding: .utf8).contains("MYSAPSSO2"))
            let mark = gateway.mark
            let signIn = formSignIn(gateway)
            c.signIn = signIn
            try metadata(try HTTPClient(configuration: c), gateway.base + "/form/northwind/")
            #expect(signIn.signInCount == 0, "the restored cookie is still good")
            #expect(gateway.count("login", since: mark) == 0)
        }

        @Test func theTraceHidesTheCredentials() throws {
            let gateway = try Fixtures.shared.authGateway()
            let trace = TraceCollector()
            var c = configuration(formSignIn(gateway))
            c.traceWithData = true
            c.traceSink = trace.sink
            try metadata(try HTTPClient(configuration: c), gateway.base + "/form/northwind/")
            #expect(trace.text.contains("HTTP POST \(gateway.base)/login -> 200 OK"))
            #expect(trace.text.contains("bytes of credentials not shown"))
            #expect(!trace.text.contains(Self.password))
            #expect(!trace.text.contains("MYSAPSSO2="), "Set-Cookie and Cookie values are redacted")
        }

        // MARK: OAuth2

        func oauth(_ gateway: AuthGateway, grant: OAuth2SignIn.Grant = .clientCredentials,
                   clientAuthentication: OAuth2SignIn.ClientAuthentication = .basic, secret: String = clientSecret,
                   store: (any OAuth2TokenStore)? = nil) -> OAuth2SignIn {
            var s = OAuth2SignIn.Settings(tokenEndpoint: gateway.base + "/token", clientID: Self.clientID, clientSecret: secret, grant: grant)
            s.clientAuthentication = clientAuthentication
            s.tokenStore = store
            return OAuth2SignIn(s)
        }

        @Test(arguments: [OAuth2SignIn.ClientAuthentication.basic, .body])
        func clientCredentials(_ clientAuthentication: OAuth2SignIn.ClientAuthentication) throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            let signIn = oauth(gateway, clientAuthentication: clientAuthentication)
            let client = try HTTPClient(configuration: configuration(signIn))
            #expect(try metadata(client, gateway.base + "/oauth/northwind/").contains("Customers"))
            try metadata(client, gateway.base + "/oauth/northwind/")
            #expect(signIn.tokensAcquired == 1)
            #expect(gateway.count("token:client_credentials", since: mark) == 1)
            #expect(gateway.count("refused", since: mark) == 0, "the token goes with the first request")
        }

        @Test func passwordGrant() throws {
            let gateway = try Fixtures.shared.authGateway()
            let mark = gateway.mark
            let signIn = oauth(gateway, grant: .password(user: Self.user, password: Self.password))
            #expect(try metadata(try HTTPClient(configuration: configuration(signIn)), gateway.base + "/oauth/northwind/").contains("Customers"))
            #expect(gateway.count("token:password", since: mark) == 1)
            let wrong = oauth(gateway, grant: .password(user: Self.user, password: "nope"))
            let error = try #require(throws: ODataClientError.self) {
                try metadata(try HTTPClient(configuration: configuration(wrong)), gateway.base + "/oauth/northwind/")
            }
            #expect(error.summary.contains("invalid_grant"))
            #expect(!error.summary.contains("nope"))
        }

        @Test func aTokenIsRenewedBeforeItExpires() throws {
            // Tokens the gateway honours for a minute but announces with expires_in 0: by the client's clock each is
            // due for renewal as soon as it is issued, so the next request renews it first (no waiting for a clock).
            let gateway = try Fixtures.shared.authGateway(tokenSeconds: 60, tokenClaimsSeconds: 0)
            let mark = gateway.mark
            let signIn = oauth(gateway)
            let client = try HTTPClient(configuration: configuration(signIn))
            try metadata(client, gateway.base + "/oauth/northwind/")
            let first = try #require(signIn.currentToken)
            try metadata(client, gateway.base + "/oauth/northwind/")
            #expect(signIn.tokensAcquired == 2)
            #expect(signIn.currentToken?.accessToken != first.accessToken)
            #expect(gateway.count("refused", since: mark) == 0, "renewed before the server said no")
        }

        @Test func a401GetsANewTokenAndOneRetry() throws {
            // The endpoint claims an hour, but the gateway (one of its own) expires the token at once: only the 401 tells.
            let gateway = try AuthGateway(tokenClaimsSeconds: 3600)
            let mark = gateway.mark
            let signIn = oauth(gateway)
            let client = try HTTPClient(configuration: configuration(signIn))
            try metadata(client, gateway.base + "/oauth/northwind/")
            try gateway.expireAll()
            #expect(try metadata(client, gateway.base + "/oauth/northwind/").contains("Customers"))
            #expect(signIn.tokensAcquired == 2)
            #expect(gateway.count("refused", since: mark) == 1)
            #expect(gateway.entries(from: mark).last?["status"] as? Int == 200)
        }

        @Test func aWrongClientSecretIsASignInFailure() throws {
            let gateway = try Fixtures.shared.authGateway()
            let error = try #require(throws: ODataClientError.self) {
                try metadata(try HTTPClient(configuration: configuration(oauth(gateway, secret: "bad"))), gateway.base + "/oauth/northwind/")
            }
            guard case .signInFailed = error.kind else {
                Issue.record("expected signInFailed, got \(error.kind)")
                return
            }
            #expect(error.summary.contains("401") && error.summary.contains("invalid_client"))
            #expect(error.summary.contains(gateway.base + "/token"))
        }

        final class MemoryStore: OAuth2TokenStore, @unchecked Sendable {
            var token: OAuth2Token?
            var saves = 0
            func loadToken() -> OAuth2Token? { token }
            func saveToken(_ token: OAuth2Token) {
                self.token = token
                saves += 1
            }
        }

        @Test func aStoredTokenIsUsedByTheNextSession() throws {
            let gateway = try Fixtures.shared.authGateway()
            let store = MemoryStore()
            try metadata(try HTTPClient(configuration: configuration(oauth(gateway, store: store))), gateway.base + "/oauth/northwind/")
            #expect(store.saves == 1)
            let second = oauth(gateway, store: store)
            try metadata(try HTTPClient(configuration: configuration(second)), gateway.base + "/oauth/northwind/")
            // The sign-in object counts its own token requests; the gateway's log is shared with the other tests that
            // run at the same time and ask it for client_credentials tokens, so its count since `mark` is no proof.
            #expect(second.tokensAcquired == 0)
        }

        @Test func theTraceHidesTokens() throws {
            let gateway = try Fixtures.shared.authGateway()
            let trace = TraceCollector()
            let signIn = oauth(gateway)
            var c = configuration(signIn)
            c.traceWithData = true
            c.traceSink = trace.sink
            try metadata(try HTTPClient(configuration: c), gateway.base + "/oauth/northwind/")
            let token = try #require(signIn.currentToken?.accessToken)
            #expect(trace.text.contains("HTTP POST \(gateway.base)/token -> 200 OK"))
            #expect(trace.text.contains("bytes of a sign-in answer not shown"))
            #expect(!trace.text.contains(token))
            #expect(!trace.text.contains(Self.clientSecret))
        }
    }
}
