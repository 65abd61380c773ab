import Foundation
import Testing
import ODataClient
import TestSupport

/// Cancelling one request (`cancelCurrentRequest`) or one piece of work (`CancellationToken`) stops that only.
extension IntegrationTests {
    @Suite(.enabled(if: Tools.hasPython, Tools.noPython))
    struct RequestCancellation {
        static func client() throws -> HTTPClient {
            var configuration = HTTPConfiguration()
            configuration.timeout = 20
            return try HTTPClient(configuration: configuration)
        }

        /// Runs `body` on a thread of its own; `wait()` returns what it threw or returned.
        final class Background<T>: @unchecked Sendable {
            private let done = DispatchSemaphore(value: 0)
            private var result: Result<T, Error>?
            init(_ body: @escaping @Sendable () throws -> T) {
                Thread { [self] in
                    result = Result(catching: body)
                    done.signal()
                }.start()
            }
            func wait() -> Result<T, Error> {
                done.wait()
                return result!
            }
        }

        static func isCancelled(_ result: Result<HTTPResponse, Error>) -> Bool {
            if case .failure(let e as ODataClientError) = result, case .cancelled = e.kind { return true }
            return false
        }

        @Test func cancellingOneClientsRequestLeavesTheOtherClientsRequestAlone() throws {
            let hanging = try Fixtures.shared.hangingServer(), slow = try Fixtures.shared.slowServer()
            let a = try Self.client(), b = try Self.client()
            let started = ContinuousClock.now
            let first = Background { try a.send(HTTPRequest(url: "http://127.0.0.1:\(hanging)/long")) }
            let second = Background { try b.send(HTTPRequest(url: "http://127.0.0.1:\(slow)/answers")) }
            Thread.sleep(forTimeInterval: 0.3)
            a.cancelCurrentRequest()
            let cancelled = first.wait()
            #expect(Self.isCancelled(cancelled), "\(cancelled)")
            #expect(ContinuousClock.now - started < .seconds(1), "the token is looked at every 100 ms")
            let answered = second.wait()
            let body = try answered.get().body.map { String(decoding: $0, as: UTF8.self) }
            #expect(body == #"{"value":[]}"#)
            #expect(ContinuousClock.now - started >= .milliseconds(900), "it ran to its end")
            #expect(!HTTPCancellation.isCancelled, "the process-wide flag was not used")

            // The cancelled client's next request is not cancelled.
            let next = try a.send(HTTPRequest(url: "http://127.0.0.1:\(slow)/again"))
            #expect(next.head.status == 200)
        }

        @Test func cancellingWithNothingInFlightCancelsNothing() throws {
            let slow = try Fixtures.shared.slowServer()
            let a = try Self.client()
            a.cancelCurrentRequest()
            #expect(try a.send(HTTPRequest(url: "http://127.0.0.1:\(slow)/x")).head.status == 200)
        }

        @Test func aTokenStopsTheRequestsOfItsScopeOnly() throws {
            let hanging = try Fixtures.shared.hangingServer(), slow = try Fixtures.shared.slowServer()
            let a = try Self.client(), b = try Self.client()
            let token = CancellationToken()
            let first = Background { try a.withCancellation(token) { try a.send(HTTPRequest(url: "http://127.0.0.1:\(hanging)/long")) } }
            let second = Background { try b.send(HTTPRequest(url: "http://127.0.0.1:\(slow)/answers")) }
            Thread.sleep(forTimeInterval: 0.3)
            token.cancel()
            #expect(Self.isCancelled(first.wait()))
            #expect(try second.wait().get().head.status == 200)
            // Inside the scope of a cancelled token a request fails at once; outside it, it goes.
            let again = Result { try a.withCancellation(token) { try a.send(HTTPRequest(url: "http://127.0.0.1:\(slow)/x")) } }
            #expect(Self.isCancelled(again))
            #expect(try a.send(HTTPRequest(url: "http://127.0.0.1:\(slow)/y")).head.status == 200)
        }

        @Test func theProcessWideFlagStillStopsEveryClient() throws {
            let hanging = try Fixtures.shared.hangingServer()
            HTTPCancellation.reset()
            defer { HTTPCancellation.reset() }
            let a = try Self.client(), b = try Self.client()
            let first = Background { try a.send(HTTPRequest(url: "http://127.0.0.1:\(hanging)/a")) }
            let second = Background { try b.send(HTTPRequest(url: "http://127.0.0.1:\(hanging)/b")) }
            Thread.sleep(forTimeInterval: 0.3)
            HTTPCancellation.requestCancel()
            #expect(Self.isCancelled(first.wait()))
            #expect(Self.isCancelled(second.wait()))
        }
    }
}
