import Foundation
import Testing
@testable import ODataClient

struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndKeepsRepeats() {
        var h: HTTPHeaders = ["Set-Cookie": "a=1", "Content-Type": "application/json"]
        h.add("set-cookie", "b=2")
        #expect(h["content-type"] == "application/json")
        #expect(h.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(h["Missing"] == nil)
        h.set("SET-cookie", "c=3")
        #expect(h.values(for: "Set-Cookie") == ["c=3"])
        #expect(h.count == 2)
    }

    @Test func mergingReplacesByName() {
        let session: HTTPHeaders = ["Accept": "application/json", "X-A": "1", "x-a": "2"]
        let merged = session.merging(["X-a": "3"])
        #expect(merged.values(for: "X-A") == ["3"])
        #expect(merged["Accept"] == "application/json")
    }
}

struct RedactionTests {
    @Test func urlPasswords() {
        #expect(Redaction.redactURLPasswords("http://u:p@h/x") == "http://u:<redacted>@h/x")
        #expect(Redaction.redactURLPasswords("see https://me:p%40ss@h:8443/a?b=c@d and http://x/y")
                == "see https://me:<redacted>@h:8443/a?b=c@d and http://x/y")
        #expect(Redaction.redactURLPasswords("http://user@h/x") == "http://user@h/x")
        #expect(Redaction.redactURLPasswords("http://h/x?mail=a:b@c") == "http://h/x?mail=a:b@c")
        #expect(Redaction.redactURLPasswords("no url: here") == "no url: here")
    }

    @Test func headerValues() {
        #expect(Redaction.headerLine("Authorization: Basic dXNlcjpwYXNz") == "Authorization: <redacted>")
        #expect(Redaction.headerLine("proxy-authorization: x") == "proxy-authorization: <redacted>")
        #expect(Redaction.headerLine("Cookie: a=b") == "Cookie: <redacted>")
        #expect(Redaction.headerLine("X-CSRF-Token: Fetch") == "X-CSRF-Token: Fetch")
        #expect(Redaction.headerLine("x-csrf-token: Required") == "x-csrf-token: Required")
        #expect(Redaction.headerLine("X-CSRF-Token: abc123") == "X-CSRF-Token: <redacted>")
        #expect(Redaction.headerLine("Accept: application/json") == "Accept: application/json")
        #expect(Redaction.headerLine("GET /svc/People('a:b') HTTP/1.1") == "GET /svc/People('a:b') HTTP/1.1")
        #expect(Redaction.headerLine("Location: http://u:pw@h/") == "Location: http://u:<redacted>@h/")
    }
}

struct SAPQueryParametersTests {
    @Test func appendsUnlessPresent() {
        #expect(SAPQueryParameters.apply(to: "http://h/s/E", client: "100", language: "EN") == "http://h/s/E?sap-client=100&sap-language=EN")
        #expect(SAPQueryParameters.apply(to: "http://h/s/E?$top=1", client: "100", language: nil) == "http://h/s/E?$top=1&sap-client=100")
        #expect(SAPQueryParameters.apply(to: "http://h/s/E?sap-client=200", client: "100", language: "DE")
                == "http://h/s/E?sap-client=200&sap-language=DE")
        #expect(SAPQueryParameters.apply(to: "http://h/s/E#frag", client: "1 0", language: nil) == "http://h/s/E?sap-client=1%200#frag")
        #expect(SAPQueryParameters.apply(to: "http://h/s/E", client: nil, language: "") == "http://h/s/E")
    }
}

struct PrettyJSONTests {
    @Test func indentsKeepingOrderAndSpelling() {
        let text = PrettyJSON.indent(Data(#"{"b":1.50,"a":[],"c":{},"d":["x,y",{"e":"q\"}"}]}"#.utf8))
        #expect(text == """
            {
              "b": 1.50,
              "a": [],
              "c": {},
              "d": [
                "x,y",
                {
                  "e": "q\\"}"
                }
              ]
            }
            """)
    }

    @Test func cutDocumentsStillIndent() {
        #expect(PrettyJSON.indent(Data(#"{"value":[{"a":1"#.utf8)) == "{\n  \"value\": [\n    {\n      \"a\": 1")
    }
}

struct MetadataURLTests {
    @Test func metadataURLKeepsTheQuery() {
        #expect(HTTPClient.metadataURL("http://h/svc") == "http://h/svc/$metadata")
        #expect(HTTPClient.metadataURL("http://h/svc/") == "http://h/svc/$metadata")
        #expect(HTTPClient.metadataURL("http://h/svc/?sap-client=100") == "http://h/svc/$metadata?sap-client=100")
    }
}

struct URLOriginTests {
    @Test func sameOrigin() {
        #expect(URLOrigin("http://Host/a") == URLOrigin("http://host:80/b?c"))
        #expect(URLOrigin("https://h/") == URLOrigin("https://h:443/x"))
        #expect(URLOrigin("http://h/") != URLOrigin("https://h/"))
        #expect(URLOrigin("http://127.0.0.1:8080/") != URLOrigin("http://127.0.0.2:8080/"))
        #expect(URLOrigin("http://h:1/") != URLOrigin("http://h:2/"))
        #expect(URLOrigin("http://u:p@h/") == URLOrigin("http://h/"))
        #expect(URLOrigin("not a url") == nil)
    }
}

struct ConfigurationTests {
    @Test func defaults() {
        let c = HTTPConfiguration()
        #expect(c.timeout == 30 && c.connectTimeout == 30)
        #expect(c.userAgent == ODataClientVersion.userAgent)
        #expect(!c.insecure && c.acceptCompressed && c.csrfProtection)
        #expect(!c.isTracing)
    }

    @Test func closedClientRefusesToSend() throws {
        let client = try HTTPClient()
        client.close()
        let error = try #require(throws: ODataClientError.self) { try client.send(HTTPRequest(url: "http://127.0.0.1:1/")) }
        #expect(error.summary.contains("closed"))
    }

    @Test func headerInjectionIsRefused() throws {
        let client = try HTTPClient()
        let error = try #require(throws: ODataClientError.self) {
            try client.send(HTTPRequest(url: "http://127.0.0.1:1/", headers: ["X-A": "1\r\nX-B: 2"]))
        }
        guard case .invalidRequest = error.kind else {
            Issue.record("expected invalidRequest, got \(error.kind)")
            return
        }
    }

    @Test func onlyHTTPAndHTTPSAreSpoken() throws {
        let error = try #require(throws: ODataClientError.self) { try HTTPClient().send(HTTPRequest(url: "file:///etc/passwd")) }
        guard case .invalidRequest(let text) = error.kind else {
            Issue.record("expected invalidRequest, got \(error.kind)")
            return
        }
        #expect(text.hasSuffix("(curl error 1)"))  // CURLE_UNSUPPORTED_PROTOCOL
        #expect(!error.isTransportFailure)
    }

    @Test func malformedURLIsTheCallersMistake() throws {
        let error = try #require(throws: ODataClientError.self) { try HTTPClient().send(HTTPRequest(url: "http://h/a b")) }
        guard case .invalidRequest(let text) = error.kind else {
            Issue.record("expected invalidRequest, got \(error.kind)")
            return
        }
        #expect(text.hasSuffix("(curl error 3)"))  // CURLE_URL_MALFORMAT
    }
}

/// What the engine queues a request under, and what a response's header lines become.
struct TransferTextTests {
    @Test func theOriginOfAURLEndsBeforeItsPathQueryOrFragment() {
        #expect(HTTPClient.originText("http://127.0.0.1:8080/svc/Things(1)?$top=1") == "http://127.0.0.1:8080")
        #expect(HTTPClient.originText("https://host.example") == "https://host.example")
        #expect(HTTPClient.originText("https://host.example?x=1") == "https://host.example")
        #expect(HTTPClient.originText("https://host.example#top") == "https://host.example")
        #expect(HTTPClient.originText("https://user@höst.example:1/a") == "https://user@höst.example:1")
        #expect(HTTPClient.originText("no scheme here") == "no scheme here")
        #expect(HTTPClient.originText("odd:") == "odd:")
    }

    @Test func aFieldValueLosesSpacesAndTabsOnly() {
        func text(_ s: String) -> String { Array(s.utf8).withUnsafeBytes { CurlTransfer.text(trimmingOWS: $0) } }
        #expect(text(" \tapplication/json \t") == "application/json")
        #expect(text("   ") == "")
        #expect(text("") == "")
        // A no-break space is not HTTP's optional whitespace (RFC 9110, 5.6.3): it stays.
        #expect(text(" \u{A0}x\u{A0} ") == "\u{A0}x\u{A0}")
        #expect(text("a b") == "a b")
    }
}
