import Foundation
import ODataClient
import Testing
@testable import ODataShell

/// `.curl` without secrets (issue 38): every line it prints is redacted, the CSRF note's service root included.
@Suite("Copy as curl: redaction of every line")
struct CurlCommandRedactionTests {
    @Test("a password in the URL stands in no line of a write's command, the CSRF note included")
    func everyLine() {
        var config = HTTPConfiguration(serviceRoot: "http://bob:root-secret@127.0.0.1:9/sap/?sap-password=query-secret")
        config.proxy = "http://p:proxy-secret@proxy.invalid:3128"
        let request = HTTPRequest(method: .post, url: "http://bob:url-secret@127.0.0.1:9/sap/Items?password=q2",
                                  body: Data(#"{"Name":"x"}"#.utf8))
        let text = CurlCommand(request: request, configuration: config).text
        for secret in ["root-secret", "query-secret", "proxy-secret", "url-secret", "q2"] {
            #expect(!text.contains(secret), "\(secret) in:\n\(text)")
        }
        #expect(text.contains("# The service wants a CSRF token"))
        #expect(text.contains("'http://bob:<redacted>@127.0.0.1:9/sap/?sap-password=<redacted>'"))
        // The body is the request's own data and goes as it is; with --with-secrets every line does.
        #expect(text.contains(#"--data-binary '{"Name":"x"}'"#))
        let full = CurlCommand(request: request, configuration: config, includingSecrets: true).text
        #expect(full.contains("root-secret") && full.contains("url-secret"))
    }
}
