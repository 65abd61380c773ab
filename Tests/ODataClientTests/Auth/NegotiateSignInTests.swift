import Foundation
import Testing
@testable import ODataClient
import TestSupport

extension IntegrationTests {
    /// SPNEGO against a real KDC and Apache with mod_auth_gssapi (scripts/testenv/kerberos.sh) in front of odatapy.
    @Suite(.fixture("kerberos (KDC, apache2)", KerberosFixture.isAvailable, Comment(rawValue: KerberosFixture.missing)))
    struct NegotiateSignIn {
        let kerberos: KerberosFixture
        var root: String { "\(kerberos.http)/northwind/" }

        init() throws {
            kerberos = try KerberosFixture.shared()
        }

        func client(_ authentication: HTTPAuthentication) throws -> HTTPClient {
            var c = HTTPConfiguration(serviceRoot: root)
            c.authentication = authentication
            return try HTTPClient(configuration: c)
        }

        @Test func readsWithTheTicketsOfTheCredentialCache() throws {
            let client = try client(.negotiate)
            var metadata = Data()
            try client.fetchMetadata(serviceURL: root) { metadata.append(contentsOf: $0) }
            #expect(String(decoding: metadata, as: UTF8.self).contains("<EntitySet Name=\"Customers\""))
            let response = try client.send(HTTPRequest(url: root + "Customers?$top=1&$select=CustomerID"))
            #expect(response.status == 200)
            #expect(response.head.headers["X-Remote-User"] == KerberosFixture.principal)
            #expect(String(decoding: response.body ?? Data(), as: UTF8.self).contains("\"CustomerID\":\"ALFKI\""))
        }

        @Test func aRequestWithABodyIsSignedInToo() throws {
            // A malformed body: odatapy answers 400 once Apache has let the request through, and nothing is written.
            let request = HTTPRequest(method: .post, url: root + "Customers", headers: ["Content-Type": "application/json"],
                                      body: Data("{\"CustomerID\":".utf8))
            let error = try #require(throws: ODataClientError.self) { try client(.negotiate).send(request) }
            #expect(error.httpStatus == 400, "\(error.summary)")
        }

        @Test func withoutNegotiateTheServerRefuses() throws {
            let error = try #require(throws: ODataClientError.self) { try client(.none).send(HTTPRequest(url: root)) }
            #expect(error.httpStatus == 401)
            #expect(error.category == .service)
        }
    }
}
