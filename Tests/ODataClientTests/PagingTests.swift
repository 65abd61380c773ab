import Foundation
import Testing
import ODataClient
import TestSupport

extension IntegrationTests {
    @Suite(.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
    struct Paging {
        func page(_ client: HTTPClient, _ url: String) throws -> (ids: [String], next: String?) {
            let response = try client.send(HTTPRequest(url: url, headers: ["Accept": "application/json"]))
            let json = try JSONSerialization.jsonObject(with: response.body!) as! [String: Any]
            let rows = json["value"] as! [[String: Any]]
            return (rows.map { $0["CustomerID"] as! String }, json["@odata.nextLink"] as? String)
        }

        @Test func odatapyNextLinkIsReachableOnTheSameConnection() throws {
            let port = try ReferenceServers.port(.v4)
            let client = try HTTPClient()
            let first = try page(client, "http://127.0.0.1:\(port)/northwind/Customers")
            #expect(first.ids.count == 20)
            let next = try #require(first.next)
            #expect(next.contains("$skiptoken="))
            let second = try page(client, next)
            #expect(second.ids.count == 20)
            #expect(Set(first.ids).isDisjoint(with: second.ids))
            #expect(second.ids.first! > first.ids.last!)
        }
    }
}
