import Foundation
import Testing
import ODataClient
import TestSupport

/// A time limit is a cancellation: `RequestCancellation.withDeadline` cancels the requests inside its scope after its
/// limit (a timeout error, not "cancelled"); those after it have the configured one.
extension IntegrationTests {
    @Suite(.fixture("python3", Tools.hasPython, Tools.noPython))
    struct RequestTimeout {
        @Test func aScopeShortensTheLimitOfItsRequestsOnly() throws {
            let slow = try Fixtures.shared.slowServer()   // answers after one second
            var configuration = HTTPConfiguration()
            configuration.timeout = 20
            let client = try HTTPClient(configuration: configuration)
            let request = HTTPRequest(url: "http://127.0.0.1:\(slow)/x")
            // The answer comes after a second: within the scope's 0.3 s only a timeout can end the request.
            let inside = Result { try ODataClient.RequestCancellation.withDeadline(0.3) { try client.send(request) } }
            guard case .failure(let e as ODataClientError) = inside, case .timeout = e.kind else {
                Issue.record("expected a timeout, got \(inside)")
                return
            }
            // A longer limit than the configured one does not lengthen it; after the scope, the configured one.
            #expect(try ODataClient.RequestCancellation.withDeadline(60) { try client.send(request) }.head.status == 200)
            #expect(try client.send(request).head.status == 200)
        }
    }
}
