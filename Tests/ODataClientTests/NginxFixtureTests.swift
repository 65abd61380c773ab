import Foundation
import Testing
@testable import ODataClient
import TestSupport

/// TLS, authentication, redirects, error pages and cookies against an nginx of our own in front of odatapy.
extension IntegrationTests {
    @Suite(.fixture("nginx", NginxFixture.isAvailable, Comment(rawValue: NginxFixture.missing)))
    struct ThroughNginx {
        let nginx: NginxFixture

        init() throws {
            nginx = try NginxFixture.shared()
        }

        var tlsURL: String { "https://127.0.0.1:\(nginx.tlsPort)/northwind/" }
        var authURL: String { "\(nginx.http)/auth/northwind/" }

        func basic() -> HTTPConfiguration {
            var c = HTTPConfiguration()
            c.authentication = .basic(user: "tester", password: nginx.password)
            return c
        }

        func text(_ response: HTTPResponse) -> String { String(decoding: response.body ?? Data(), as: UTF8.self) }

        // MARK: TLS

        @Test func selfSignedCertificateIsRefusedByDefault() throws {
            let error = try #require(throws: ODataClientError.self) { try HTTPClient().send(HTTPRequest(url: tlsURL)) }
            guard case .transport(let code, let text) = error.kind else {
                Issue.record("expected a transport error, got \(error.kind)")
                return
            }
            #expect(code == 60)  // CURLE_PEER_FAILED_VERIFICATION
            #expect(text.contains("certificate"))
        }

        @Test func selfSignedCertificateIsAcceptedWithItsCA() throws {
            var c = HTTPConfiguration()
            c.caBundle = nginx.file("ca.crt")
            let response = try HTTPClient(configuration: c).send(HTTPRequest(url: tlsURL))
            #expect(response.status == 200)
            #expect(text(response).contains("Customers"))
        }

        @Test func selfSignedCertificateIsAcceptedWhenInsecure() throws {
            var c = HTTPConfiguration()
            c.insecure = true
            let response = try HTTPClient(configuration: c).send(HTTPRequest(url: tlsURL))
            #expect(response.status == 200)
        }

        @Test func clientCertificate() throws {
            var c = HTTPConfiguration()
            c.caBundle = nginx.file("ca.crt")
            let url = "https://127.0.0.1:\(nginx.mtlsPort)/"
            let refused = try #require(throws: ODataClientError.self) { try HTTPClient(configuration: c).send(HTTPRequest(url: url)) }
            #expect(refused.httpStatus == 400)
            #expect(refused.summary == "HTTP 400 Bad Request: 400 No required SSL certificate was sent")
            c.clientCertificate = nginx.file("client.crt")
            c.clientKey = nginx.file("client.key")
            let response = try HTTPClient(configuration: c).send(HTTPRequest(url: url))
            #expect(text(response) == "client=CN=odsh test client\n")
        }

        @Test func missingCABundleFileIsReportedWhenTheSessionOpens() throws {
            var c = HTTPConfiguration()
            c.caBundle = nginx.file("no-such-ca.crt")
            let error = try #require(throws: ODataClientError.self) { try HTTPClient(configuration: c) }
            #expect(error.summary.contains("CA bundle") && error.summary.contains("no-such-ca.crt"))
        }

        // MARK: authentication and headers

        @Test func basicAuthentication() throws {
            let refused = try #require(throws: ODataClientError.self) { try HTTPClient().send(HTTPRequest(url: authURL)) }
            #expect(refused.httpStatus == 401)
            #expect(refused.summary == "HTTP 401 Unauthorized: 401 Authorization Required")
            let response = try HTTPClient(configuration: basic()).send(HTTPRequest(url: authURL))
            #expect(response.status == 200)
            var wrong = HTTPConfiguration()
            wrong.authentication = .basic(user: "tester", password: "wrong")
            let error = try #require(throws: ODataClientError.self) { try HTTPClient(configuration: wrong).send(HTTPRequest(url: authURL)) }
            #expect(error.httpStatus == 401)
        }

        @Test func netrcFile() throws {
            let netrc = nginx.file("netrc")
            try "machine 127.0.0.1 login tester password \(nginx.password)\n".write(toFile: netrc, atomically: true, encoding: .utf8)
            var c = HTTPConfiguration()
            c.useNetrc = true
            c.netrcFile = netrc
            #expect(try HTTPClient(configuration: c).send(HTTPRequest(url: authURL)).status == 200)
        }

        @Test func headersUserAgentBearerAndCookieAreSent() throws {
            var c = HTTPConfiguration()
            c.headers.add("X-Test", "from the session")
            c.authentication = .bearer(token: "tok-123")
            c.cookie = "a=1; b=2"
            let client = try HTTPClient(configuration: c)
            let echoed = text(try client.send(HTTPRequest(url: "\(nginx.http)/echo-headers")))
            #expect(echoed.contains("authorization=Bearer tok-123\n"))
            #expect(echoed.contains("cookie=a=1; b=2\n"))
            #expect(echoed.contains("user-agent=\(ODataClientVersion.userAgent)\n"))
            #expect(ODataClientVersion.userAgent.hasPrefix("ODataClient/0.1.0 libcurl/"))
            #expect(echoed.contains("x-test=from the session\n"))
            // A request's own header replaces the session's.
            let replaced = text(try client.send(HTTPRequest(url: "\(nginx.http)/echo-headers", headers: ["x-test": "from the request"])))
            #expect(replaced.contains("x-test=from the request\n"))

            var custom = HTTPConfiguration()
            custom.userAgent = "my-agent/1"
            let agent = text(try HTTPClient(configuration: custom).send(HTTPRequest(url: "\(nginx.http)/echo-headers")))
            #expect(agent.contains("user-agent=my-agent/1\n"))
        }

        @Test func connectionIsReused() throws {
            let client = try HTTPClient()
            let first = try client.send(HTTPRequest(url: "\(nginx.http)/echo-headers"))
            let second = try client.send(HTTPRequest(url: "\(nginx.http)/echo-headers"))
            #expect(first.metrics.connectionsOpened == 1)
            #expect(second.metrics.connectionsOpened == 0)
        }

        @Test func proxyFromTheEnvironmentIsUsed() throws {
            let upstream = try ReferenceServers.port(.v4)
            let saved = (getenv("http_proxy").map { String(cString: $0) }, getenv("no_proxy").map { String(cString: $0) })
            setenv("http_proxy", "http://127.0.0.1:\(nginx.proxyPort)", 1)
            unsetenv("no_proxy")
            defer {
                if let p = saved.0 { setenv("http_proxy", p, 1) } else { unsetenv("http_proxy") }
                if let n = saved.1 { setenv("no_proxy", n, 1) }
            }
            let url = "http://127.0.0.1:\(upstream)/northwind/?via=proxy"
            let response = try HTTPClient().send(HTTPRequest(url: url))
            #expect(response.status == 200)
            let logged = try nginx.logLines("proxy.log", once: "via=proxy")
            #expect(logged.contains { $0.contains("\"GET \(url) HTTP/1.1\"") }, "\(logged)")
        }

        @Test func sendingFromInsideACallbackUsesAConnectionOfItsOwn() throws {
            let client = try HTTPClient()
            let url = "\(nginx.http)/echo-headers"
            var inner: Int?
            var outerBytes = 0
            try client.send(HTTPRequest(url: url)) { chunk in
                outerBytes += chunk.count
                if inner == nil { inner = try client.send(HTTPRequest(url: url)).status }
            }
            #expect(inner == 200, "the pool hands the nested send another connection")
            #expect(outerBytes > 0)
            #expect(try client.send(HTTPRequest(url: url)).status == 200)
        }

        // MARK: error pages

        @Test func htmlErrorPageGivesAShortSummary() throws {
            let error = try #require(throws: ODataClientError.self) { try HTTPClient().send(HTTPRequest(url: "\(nginx.http)/html500")) }
            #expect(error.httpStatus == 500)
            #expect(error.odataError == nil)
            #expect(error.summary == "HTTP 500 Internal Server Error: Application Server Error")
            #expect(!error.details.contains("nobody wants to see"))
            #expect(!error.isTransportFailure)
        }

        // MARK: redirects

        @Test func redirectWithinTheOriginIsFollowedWithCredentials() throws {
            let response = try HTTPClient(configuration: basic()).send(HTTPRequest(url: "\(nginx.http)/same"))
            #expect(response.status == 200)
            #expect(response.metrics.redirects == 1)
            #expect(response.head.url == authURL)
            #expect(text(response).contains("Customers"))
        }

        @Test func redirectToAnotherHostIsRefusedAndNothingIsSentThere() throws {
            var c = basic()
            c.cookie = "MYSAPSSO2=secret-sso"
            c.headers.add("X-CSRF-Token", "secret-token")
            let error = try #require(throws: ODataClientError.self) {
                try HTTPClient(configuration: c).send(HTTPRequest(url: "\(nginx.http)/away"))
            }
            guard case .redirectToOtherOrigin(let location) = error.kind else {
                Issue.record("expected redirectToOtherOrigin, got \(error.kind)")
                return
            }
            #expect(location == "http://127.0.0.2:\(nginx.awayPort)/landed")
            #expect(error.summary.contains("another origin"))
            // The other host logs the credential headers of whatever reaches it. A request of our own, without
            // credentials, must be the only line there: the refused redirect sent nothing.
            _ = try HTTPClient().send(HTTPRequest(url: "http://127.0.0.2:\(nginx.awayPort)/direct"))
            let lines = try nginx.logLines("away.log", once: "/direct")
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.contains(#""GET /direct HTTP/1.1" authorization="-" cookie="-" x-csrf-token="-""#) == true)
        }

        // MARK: cookie jar

        @Test func cookieJarIsWrittenAndReadBack() throws {
            let jar = nginx.file("cookies-\(UUID().uuidString).txt")
            var c = HTTPConfiguration()
            c.cookieJar = jar
            let first = try HTTPClient(configuration: c)
            let set = try first.send(HTTPRequest(url: "\(nginx.http)/set-cookie"))
            let sso = try #require(set.headers.values(for: "Set-Cookie").first { $0.hasPrefix("MYSAPSSO2=") })
            let ssoValue = String(sso.dropFirst("MYSAPSSO2=".count).prefix { $0 != ";" })
            // Already on disk before close: written when the response set cookies.
            let written = try String(contentsOfFile: jar, encoding: .utf8)
            #expect(written.contains("MYSAPSSO2\t\(ssoValue)"))
            #expect(written.contains("SAP_SESSIONID_TST_100\tsess-"))
            first.close()
            let mode = try FileManager.default.attributesOfItem(atPath: jar)[.posixPermissions] as? Int
            #expect(mode == 0o600)

            let second = try HTTPClient(configuration: c)
            let echoed = text(try second.send(HTTPRequest(url: "\(nginx.http)/echo-headers")))
            #expect(echoed.contains("MYSAPSSO2=\(ssoValue)"))
            #expect(echoed.contains("SAP_SESSIONID_TST_100=sess-"))
            second.close()
        }
    }
}
