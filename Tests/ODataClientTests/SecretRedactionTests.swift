import Foundation
import Testing
@testable import ODataClient

/// What traces, errors and the metadata cache hide (issue 28): API-key headers, passwords in URLs and in the
/// `password` and `sap-password` query parameters.
@Suite("Redaction of secrets")
struct SecretRedactionTests {
    @Test("API-key headers are secrets, whatever their case", arguments: [
        "APIKey", "apikey", "API-Key", "x-api-key", "X-API-KEY", "X-APIKey", "Ocp-Apim-Subscription-Key", "X-Auth-Token",
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-CSRF-Token", "Private-Token",
    ])
    func secretHeaders(_ name: String) {
        #expect(Redaction.headerValue(name: name, value: "s3cret") == "<redacted>")
        #expect(Redaction.headerLine("\(name): s3cret") == "\(name): <redacted>")
    }

    @Test("Other headers stay readable, unless the configuration names them")
    func otherHeaders() {
        #expect(Redaction.headerValue(name: "Accept", value: "application/json") == "application/json")
        #expect(Redaction.headerValue(name: "X-Tenant-Secret", value: "v", extra: ["x-tenant-secret"]) == "<redacted>")
        #expect(Redaction.headerValue(name: "X-CSRF-Token", value: "Fetch") == "Fetch")
    }

    @Test("Passwords in URLs: user info and query parameters")
    func urls() {
        #expect(Redaction.redactURLPasswords("http://bob:pw@host/x") == "http://bob:<redacted>@host/x")
        #expect(Redaction.redactURLPasswords("http://h/s/?sap-password=pw&sap-client=100")
                == "http://h/s/?sap-password=<redacted>&sap-client=100")
        #expect(Redaction.redactURLPasswords("GET http://h/s?x=1&Password=pw#frag and more")
                == "GET http://h/s?x=1&Password=<redacted>#frag and more")
        #expect(Redaction.redactURLPasswords("http://h/s?mypassword=x") == "http://h/s?mypassword=x")
        #expect(Redaction.redactURLPasswords("http://h/s?x=1") == "http://h/s?x=1")
        let e = ODataClientError(.cancelled, method: .get, url: "http://u:p@h/s?password=p2")
        #expect(!e.description.contains("p2") && !e.description.contains("u:p@"))
    }

    @Test("A trace file readable by others is tightened to 0600 before anything is appended")
    func traceFileMode() throws {
        let path = NSTemporaryDirectory() + "odsh-trace-mode-\(getpid()).log"
        defer { unlink(path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old\n".utf8), attributes: [.posixPermissions: 0o644]))
        let sink = try FileTraceSink(path: path)
        sink.write("new")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        unlink(path)
        _ = try FileTraceSink(path: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }
}
