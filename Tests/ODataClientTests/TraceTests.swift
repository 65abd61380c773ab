import Foundation
import Testing
@testable import ODataClient
import TestSupport

/// Trace output, and that it holds no credentials unless traceSecrets says so.
extension IntegrationTests {
    @Suite(.fixture("nginx", NginxFixture.isAvailable, Comment(rawValue: NginxFixture.missing)))
    struct Tracing {
        let nginx: NginxFixture

        init() throws {
            nginx = try NginxFixture.shared()
        }

        func tracing(_ c: HTTPConfiguration, withData: Bool = true, secrets: Bool = false, pretty: Bool = false) -> (HTTPConfiguration, TraceCollector) {
            var c = c
            let collector = TraceCollector()
            c.traceRequests = true
            c.traceWithData = withData
            c.traceSecrets = secrets
            c.prettyTracing = pretty
            c.traceSink = collector.sink
            return (c, collector)
        }

        @Test func requestLineOnly() throws {
            let (c, trace) = tracing(HTTPConfiguration(), withData: false)
            let response = try HTTPClient(configuration: c).send(HTTPRequest(url: "\(nginx.http)/echo-headers"))
            let line = trace.text
            #expect(line.hasPrefix("HTTP GET \(nginx.http)/echo-headers -> 200 OK ("))
            #expect(line.hasSuffix(" ms, \(response.body!.count) bytes)\n"))
            #expect(line.split(separator: "\n").count == 1)
        }

        @Test func basicAuthPasswordIsRedacted() throws {
            var c = HTTPConfiguration()
            c.authentication = .basic(user: "tester", password: nginx.password)
            let encoded = Data("tester:\(nginx.password)".utf8).base64EncodedString()
            let (quiet, trace) = tracing(c)
            _ = try HTTPClient(configuration: quiet).send(HTTPRequest(url: "\(nginx.http)/auth/northwind/"))
            #expect(trace.text.contains("> Authorization: <redacted>"))
            #expect(trace.text.contains("> GET /auth/northwind/ HTTP/1.1"))
            #expect(trace.text.contains("< HTTP/1.1 200 OK"))
            #expect(!trace.text.contains(encoded) && !trace.text.contains(nginx.password))

            let (loud, secretTrace) = tracing(c, secrets: true)
            _ = try HTTPClient(configuration: loud).send(HTTPRequest(url: "\(nginx.http)/auth/northwind/"))
            #expect(secretTrace.text.contains("> Authorization: Basic \(encoded)"))
        }

        @Test func passwordInTheURLIsRedacted() throws {
            let (c, trace) = tracing(HTTPConfiguration())
            let url = "http://tester:\(nginx.password)@127.0.0.1:\(nginx.httpPort)/auth/northwind/"
            let response = try HTTPClient(configuration: c).send(HTTPRequest(url: url))
            #expect(response.status == 200)
            #expect(trace.text.contains("HTTP GET http://tester:<redacted>@127.0.0.1:\(nginx.httpPort)/auth/northwind/ -> 200"))
            #expect(!trace.text.contains(nginx.password))

            let bad = "http://tester:wrong-\(nginx.password)@127.0.0.1:\(nginx.httpPort)/auth/northwind/"
            let error = try #require(throws: ODataClientError.self) { try HTTPClient().send(HTTPRequest(url: bad)) }
            #expect(!error.summary.contains(nginx.password) && !error.details.contains(nginx.password))
            #expect(error.url.contains("tester:<redacted>@"))
        }

        @Test func bearerTokenAndCookiesAreRedacted() throws {
            var c = HTTPConfiguration()
            c.authentication = .bearer(token: "bearer-secret-4711")
            c.cookie = "SESSION=cookie-secret-0815"
            let (quiet, trace) = tracing(c)
            let response = try HTTPClient(configuration: quiet).send(HTTPRequest(url: "\(nginx.http)/set-cookie"))
            let setCookies = response.headers.values(for: "Set-Cookie")
            #expect(setCookies.count == 2)
            #expect(trace.text.contains("> Cookie: <redacted>"))
            #expect(trace.text.contains("< Set-Cookie: <redacted>"))
            for secret in ["bearer-secret-4711", "cookie-secret-0815"] + setCookies {
                #expect(!trace.text.contains(secret))
            }

            let (loud, secretTrace) = tracing(c, secrets: true)
            _ = try HTTPClient(configuration: loud).send(HTTPRequest(url: "\(nginx.http)/set-cookie"))
            #expect(secretTrace.text.contains("Authorization: Bearer bearer-secret-4711"))
            #expect(secretTrace.text.contains("Cookie: SESSION=cookie-secret-0815"))
        }

        @Test func prettyTracingIndentsJSONAndXML() throws {
            let (c, trace) = tracing(HTTPConfiguration(), pretty: true)
            let client = try HTTPClient(configuration: c)
            _ = try client.send(HTTPRequest(url: "\(nginx.http)/northwind/Customers?$top=1", headers: ["Accept": "application/json"]))
            #expect(trace.text.contains("\n<   \"value\": [\n<     {\n<       \"CustomerID\": \"ALFKI\",\n"))
            _ = try client.send(HTTPRequest(url: "\(nginx.http)/corpus/northwind-v2.xml"))
            #expect(trace.text.contains("\n<   <edmx:DataServices"))
        }

        @Test func longBodiesAreCut() throws {
            var c = HTTPConfiguration()
            c.traceBodyLimit = 1000
            let (limited, trace) = tracing(c)
            let response = try HTTPClient(configuration: limited).send(HTTPRequest(url: "\(nginx.http)/corpus/northwind-v4.xml"))
            let total = response.body!.count
            #expect(trace.text.contains("< ... (\(total - 1000) more bytes not shown)"))
        }
    }

    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct CSRFTracing {
        @Test func csrfTokenAndSessionCookieAreRedacted() throws {
            let port = try ReferenceServers.port(.v2)
            let root = "http://127.0.0.1:\(port)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/"
            let jar = NSTemporaryDirectory() + "odsh-csrf-\(UUID().uuidString).txt"
            defer { try? FileManager.default.removeItem(atPath: jar) }
            let collector = TraceCollector()
            var c = HTTPConfiguration(serviceRoot: root)
            c.traceWithData = true
            c.traceSink = collector.sink
            c.cookieJar = jar
            let client = try HTTPClient(configuration: c)
            let id = String(format: "08%08d", Int.random(in: 0..<100_000_000))
            let body = #"{"BusinessPartnerID":"\#(id)","CompanyName":"trace test","BusinessPartnerRole":"01","CurrencyCode":"EUR"}"#
            let response = try client.send(HTTPRequest(method: .post, url: "\(root)BusinessPartnerSet",
                                                       headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
            #expect(response.status == 201)
            client.flushCookies()
            let token = try #require(client.csrfToken)
            let cookieLine = try #require(try String(contentsOfFile: jar, encoding: .utf8).split(separator: "\n").first { $0.contains("SAP_SESSIONID") })
            let session = String(cookieLine.split(separator: "\t").last!)
            let trace = collector.text
            #expect(trace.contains("> X-CSRF-Token: Fetch"))
            #expect(trace.contains("< x-csrf-token: <redacted>"))
            #expect(trace.contains("> X-CSRF-Token: <redacted>"))
            #expect(trace.contains("> Cookie: <redacted>"))
            #expect(trace.contains("HTTP POST \(root)BusinessPartnerSet -> 201 Created"))
            #expect(trace.contains("\(id)"), "bodies are traced")
            #expect(!trace.contains(token))
            #expect(!trace.contains(session))
        }
    }
}
