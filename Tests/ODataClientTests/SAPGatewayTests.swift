import Foundation
import Testing
@testable import ODataClient
import TestSupport

/// mock-sap: CSRF token fetch, retry on "Required", sap-client, and SAP's V2 JSON error body.
extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct SAPGateway {
        struct LoggedRequest: Equatable, CustomStringConvertible {
            var method: String
            var path: String
            var query: String
            var status: Int
            var description: String { "\(method) \(path)?\(query) \(status)" }
        }

        let port: Int
        var base: String { "http://127.0.0.1:\(port)" }
        var root: String { "\(base)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/" }

        init() throws {
            port = try ReferenceServers.port(.v2)
        }

        /// mock-sap's request log, oldest first, of the requests after `since`.
        func requests(after since: Int) throws -> [LoggedRequest] {
            let response = try HTTPClient().send(HTTPRequest(url: "\(base)/_mock/requests?limit=50"))
            let json = try JSONSerialization.jsonObject(with: response.body!) as! [String: Any]
            let rows = (json["results"] as! [[String: Any]]).filter { ($0["id"] as! Int) > since }
            return rows.reversed().map {
                LoggedRequest(method: $0["method"] as! String, path: $0["path"] as! String,
                              query: $0["query"] as? String ?? "", status: $0["status"] as! Int)
            }
        }

        /// True when `expected` ("METHOD path-suffix status") occur in `log` in this order. Other tests use the same
        /// server at the same time, so its log may hold their requests in between.
        func inOrder(_ log: [LoggedRequest], _ expected: [String]) -> Bool {
            var rest = expected[...]
            for r in log {
                guard let next = rest.first else { break }
                let parts = next.split(separator: " ").map(String.init)
                if r.method == parts[0], r.path.hasSuffix(parts[1]), String(r.status) == parts[2] { rest = rest.dropFirst() }
            }
            return rest.isEmpty
        }

        func lastLogID() throws -> Int {
            let response = try HTTPClient().send(HTTPRequest(url: "\(base)/_mock/requests?limit=1"))
            let json = try JSONSerialization.jsonObject(with: response.body!) as! [String: Any]
            return ((json["results"] as! [[String: Any]]).first?["id"] as? Int) ?? 0
        }

        func newPartner() -> HTTPRequest {
            let id = String(format: "09%08d", Int.random(in: 0..<100_000_000))
            let body = """
                {"BusinessPartnerID":"\(id)","CompanyName":"odsh test","EmailAddress":"test@example.com",\
                "BusinessPartnerRole":"01","CurrencyCode":"EUR","Address":{"City":"Walldorf","Country":"DE","AddressType":"02"}}
                """
            return HTTPRequest(method: .post, url: "\(root)BusinessPartnerSet",
                               headers: ["Content-Type": "application/json", "Accept": "application/json"],
                               body: Data(body.utf8))
        }

        @Test func postFetchesATokenFirstAndReusesIt() throws {
            let since = try lastLogID()
            let client = try HTTPClient(configuration: HTTPConfiguration(serviceRoot: root))
            let first = try client.send(newPartner())
            #expect(first.status == 201)
            #expect(first.metrics.exchanges == 2, "a token fetch, then the POST")
            #expect(first.headers["Location"]?.contains("BusinessPartnerSet('09") == true)
            let token = try #require(client.csrfToken)
            #expect(!token.isEmpty)
            let second = try client.send(newPartner())
            #expect(second.status == 201)
            #expect(second.metrics.exchanges == 1, "the token is reused")
            #expect(client.csrfToken == token)
            let log = try requests(after: since)
            #expect(inOrder(log, ["GET /GWSAMPLE_BASIC/ 200", "POST /BusinessPartnerSet 201", "POST /BusinessPartnerSet 201"]),
                    "one token fetch, then two POSTs: \(log)")
        }

        @Test func requiredTokenIsFetchedAgainAndTheRequestRetriedOnce() throws {
            let client = try HTTPClient(configuration: HTTPConfiguration(serviceRoot: root))
            _ = try client.send(newPartner())
            let oldToken = try #require(client.csrfToken)
            // The next POST is refused once with "403, X-CSRF-Token: Required", as when a token runs out.
            let rule = HTTPRequest(method: .post, url: "\(base)/_mock/faults", headers: ["Content-Type": "application/json"],
                                   body: Data(#"{"method":"POST","match":"BusinessPartnerSet","scenario":"csrf","count":1}"#.utf8))
            _ = try HTTPClient().send(rule)
            let since = try lastLogID()
            let response = try client.send(newPartner())
            #expect(response.status == 201)
            #expect(response.metrics.exchanges == 3)
            let log = try requests(after: since)
            #expect(inOrder(log, ["POST /BusinessPartnerSet 403", "GET /GWSAMPLE_BASIC/ 200", "POST /BusinessPartnerSet 201"]), "\(log)")
            #expect(client.csrfToken != oldToken)
        }

        @Test func aTokenGivenAsSessionHeaderIsSentAsItIs() throws {
            var configuration = HTTPConfiguration(serviceRoot: root)
            configuration.headers.add("X-CSRF-Token", "given-by-the-user")
            let since = try lastLogID()
            let client = try HTTPClient(configuration: configuration)
            let error = try #require(throws: ODataClientError.self) { try client.send(newPartner()) }
            #expect(error.httpStatus == 403)
            #expect(client.csrfToken == nil)
            // No token fetch (csrfToken stays nil) and no retry: the refused POST is what the server saw.
            #expect(inOrder(try requests(after: since), ["POST /BusinessPartnerSet 403"]))
        }

        @Test func withoutServiceRootTheRefusalIsAnODataError() throws {
            let client = try HTTPClient()
            let error = try #require(throws: ODataClientError.self) { try client.send(newPartner()) }
            #expect(error.httpStatus == 403)
            #expect(error.odataError?.code == "/IWFND/CM_CSRF")
            #expect(error.odataError?.language == "en")
            #expect(error.odataError?.message.hasPrefix("CSRF token validation failed") == true)
            #expect(error.summary.hasPrefix("HTTP 403 Forbidden: CSRF token validation failed"))
            #expect(error.summary.hasSuffix("[/IWFND/CM_CSRF]"))
            #expect(error.details.contains("transactionid"), "SAP's inner error is kept for --verbose")
            #expect(!error.isTransportFailure)
        }

        @Test func sapClientAndLanguageGoIntoEveryQuery() throws {
            var configuration = HTTPConfiguration(serviceRoot: root)
            configuration.sapClient = "100"
            configuration.sapLanguage = "EN"
            let since = try lastLogID()
            let client = try HTTPClient(configuration: configuration)
            _ = try client.send(HTTPRequest(url: "\(root)BusinessPartnerSet?$top=1", headers: ["Accept": "application/json"]))
            _ = try client.send(newPartner())
            // Other tests may use the server meanwhile: this client's three requests (GET, token fetch, POST) are the
            // ones with both parameters, and all three carry them.
            let log = try requests(after: since).filter { $0.query.contains("sap-client=100") && $0.query.contains("sap-language=EN") }
            #expect(log.count == 3, "\(log)")
            #expect(log.first?.query == "$top=1&sap-client=100&sap-language=EN")
        }

        @Test func wrongSapClientIsAnHTTPErrorWithTheServersMessage() throws {
            var configuration = HTTPConfiguration()
            configuration.sapClient = "999"
            let client = try HTTPClient(configuration: configuration)
            let error = try #require(throws: ODataClientError.self) {
                try client.send(HTTPRequest(url: "\(root)BusinessPartnerSet", headers: ["Accept": "application/json"]))
            }
            #expect(error.httpStatus == 400)
            #expect(error.odataError?.message.contains("Client 999 is not available") == true)
            #expect(error.url.hasSuffix("BusinessPartnerSet?sap-client=999"))
        }
    }
}
