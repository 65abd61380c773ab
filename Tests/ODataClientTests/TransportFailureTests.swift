import Foundation
import Testing
import ODataClient
import TestSupport

/// Failures below HTTP: refused, silent, cut-off servers, and cancellation.
extension IntegrationTests {
    @Suite(.fixture("python3", Tools.hasPython, Tools.noPython))
    struct TransportFailures {
        @Test func connectionRefusedIsATransportErrorWithCurlCodeAndURL() throws {
            let url = "http://127.0.0.1:\(try Fixtures.shared.closedPort())/service/$metadata"
            let client = try HTTPClient()
            let error = try #require(throws: ODataClientError.self) { try client.send(HTTPRequest(url: url)) }
            guard case .transport(let code, let text) = error.kind else {
                Issue.record("expected a transport error, got \(error.kind)")
                return
            }
            #expect(code == 7)  // CURLE_COULDNT_CONNECT
            #expect(text.contains("Failed to connect to 127.0.0.1"))
            #expect(error.url == url)
            #expect(error.isTransportFailure)
            #expect(error.summary == "GET \(url): \(text) (curl error 7)")
        }

        @Test func failedExchangeIsTraced() throws {
            let url = "http://127.0.0.1:\(try Fixtures.shared.closedPort())/x"
            let trace = TraceCollector()
            var configuration = HTTPConfiguration()
            configuration.traceRequests = true
            configuration.traceSink = trace.sink
            #expect(throws: ODataClientError.self) { try HTTPClient(configuration: configuration).send(HTTPRequest(url: url)) }
            #expect(trace.text.hasPrefix("HTTP GET \(url) -> failed after "))
            #expect(trace.text.contains(" ms: Failed to connect to 127.0.0.1 port"))
            #expect(trace.text.hasSuffix(" (curl error 7)\n"))
            #expect(trace.text.split(separator: "\n").count == 1)
        }

        @Test func silentServerTimesOut() throws {
            let port = try Fixtures.shared.hangingServer()
            var configuration = HTTPConfiguration()
            configuration.timeout = 1
            let client = try HTTPClient(configuration: configuration)
            let started = ContinuousClock.now
            let error = try #require(throws: ODataClientError.self) {
                try client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/slow"))
            }
            let elapsed = ContinuousClock.now - started
            guard case .timeout(let text) = error.kind else {
                Issue.record("expected a timeout, got \(error.kind)")
                return
            }
            #expect(text.contains("timed out"))
            #expect(error.isTransportFailure)
            // Not before the limit; the hanging server never answers, so only the limit ended it (the kind above).
            #expect(elapsed >= .milliseconds(900), "took \(elapsed)")
        }

        @Test func bodyCutShortIsATransportError() throws {
            let port = try Fixtures.shared.truncatingServer()
            let client = try HTTPClient()
            var received = 0
            let error = try #require(throws: ODataClientError.self) {
                try client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/Customers")) { received += $0.count }
            }
            guard case .transport(let code, let text) = error.kind else {
                Issue.record("expected a transport error, got \(error.kind)")
                return
            }
            #expect(code == 18)  // CURLE_PARTIAL_FILE
            #expect(text.contains("bytes remaining"))
            #expect(received == 1000, "what did arrive was streamed before the error")
        }

        @Test func cancellationStopsARequestInFlight() throws {
            let port = try Fixtures.shared.hangingServer()
            var configuration = HTTPConfiguration()
            configuration.timeout = 20
            let client = try HTTPClient(configuration: configuration)
            let token = ODataClient.RequestCancellation()
            let long = "/long-\(UUID().uuidString)"
            @Sendable func events(_ kind: String) -> Int { ((try? FixtureServers.events("hang")) ?? []).filter { $0 == "\(kind) \(long)" }.count }
            let canceller = Thread {
                // Once the request is at the server (which never answers it).
                _ = Wait.poll { events("request") == 1 }
                token.cancel()  // what the shell does on Ctrl-C to the statement's token
            }
            canceller.start()
            let error = try #require(throws: ODataClientError.self) {
                try token.run { try client.send(HTTPRequest(url: "http://127.0.0.1:\(port)\(long)")) }
            }
            // Cancelled, not timed out (the limit, 20 s, would say so): the token ended the transfer.
            guard case .cancelled = error.kind else {
                Issue.record("expected cancelled, got \(error.kind)")
                return
            }
            #expect(error.summary == "GET http://127.0.0.1:\(port)\(long): cancelled")
            #expect(Wait.poll { events("closed") == 1 }, "the server saw the connection closed")

            // Under the cancelled token, a new request fails at once; outside it, nothing is cancelled.
            let again = try #require(throws: ODataClientError.self) {
                try token.run { try client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/long")) }
            }
            guard case .cancelled = again.kind else {
                Issue.record("expected cancelled, got \(again.kind)")
                return
            }
            #expect(!ODataClient.RequestCancellation.isCancelled)
        }
    }
}
