import Foundation
import Testing
import ODataClient
import ODataQuery
import TestSupport

/// A JSON batch may answer its requests in any order (OData 4.01 JSON Format, 19): each typed request gets the
/// answer with its id, never the one at its position. The fixture server answers in reverse order.
@Suite struct JSONBatchAnswerTests {
    @Test func answersAreMatchedByIDNotByPosition() throws {
        let port = try FixtureServers.port("v4-catalog")
        let root = "http://127.0.0.1:\(port)/sap/opu/odata4/sap/api_sales_order/srvd_a2x/sap/salesorder/0001/"
        let service = try DataService(url: try #require(URL(string: root)))
        let first = DataQuery().from("SalesOrders").withKey(EntityKey(.string("0000000001")))
        let second = DataQuery().from("SalesOrders").withKey(EntityKey(.string("0000000002")))
        let missing = DataQuery().from("SalesOrders").withKey(EntityKey(.string("0000000009")))
        let results = try service.executeBatch([.request(.query(first)), .request(.query(second)), .request(.query(missing))],
                                               json: true)
        #expect(results.map(\.response.status) == [200, 200, 404])
        #expect(results[0].entities.first?["Name"] == .string("First"))
        #expect(results[1].entities.first?["Name"] == .string("Second"))
        #expect(results[2].entities.isEmpty)
    }
}
