import Foundation
import Testing
@testable import ODataClient
import TestSupport

/// Cancelling a task cancels its transfer, at once, and only its own; one client serves several tasks at once.
extension IntegrationTests {
    @Suite(.fixture("python3", Tools.hasPython, Tools.noPython))
    struct RequestCancellation {
        static func client() throws -> HTTPClient {
            var configuration = HTTPConfiguration()
            configuration.timeout = 20
            return try HTTPClient(configuration: configuration)
        }

        static func isCancellation(_ result: Result<HTTPResponse, Error>) -> Bool {
            if case .failure(let e) = result, e is CancellationError { return true }
            return false
        }

        /// How many of the `mode` server's events are `kind` (request, answered, closed) for `path`.
        static func events(_ mode: String, _ kind: String, _ path: String) throws -> Int {
            try FixtureServers.events(mode).filter { $0 == "\(kind) \(path)" }.count
        }

        @Test func cancellingATaskEndsItsTransferAtOnceAndLeavesTheOtherTaskAlone() async throws {
            let hanging = try Fixtures.shared.hangingServer(), slow = try Fixtures.shared.slowServer()
            let client = try Self.client()
            let long = "/long-\(UUID().uuidString)"
            let started = ContinuousClock.now
            let first = Task { try await client.send(HTTPRequest(url: "http://127.0.0.1:\(hanging)\(long)")) }
            let second = Task { try await client.send(HTTPRequest(url: "http://127.0.0.1:\(slow)/answers")) }
            // Cancelled once its request is at the server (which never answers it).
            try await Wait.untilAsync("the request to reach the hanging server") { try Self.events("hang", "request", long) == 1 }
            first.cancel()
            let cancelled = await first.result
            // A cancellation (the server never answers, and the client's limit, 20 s, would be a timeout). How soon it
            // comes (curl_multi_wakeup, not the next 100 ms poll) is a timing goal, not asserted by a test (issue 53:
            // such goals belong in scripts/bench-*.sh; none measures this one yet).
            #expect(Self.isCancellation(cancelled), "\(cancelled)")
            // Its connection was closed, not left open.
            try await Wait.untilAsync("the hanging server to see the connection closed") { try Self.events("hang", "closed", long) == 1 }
            let answered = await second.result
            let body = try answered.get().body.map { String(decoding: $0, as: UTF8.self) }
            #expect(body == #"{"value":[]}"#)
            #expect(ContinuousClock.now - started >= .milliseconds(900), "it ran to its end")
            // The client's next request is not cancelled.
            let next = try await client.send(HTTPRequest(url: "http://127.0.0.1:\(slow)/again"))
            #expect(next.head.status == 200)
        }

        @Test func oneClientRunsRequestsOfSeveralTasksSideBySide() async throws {
            let slow = try Fixtures.shared.slowServer()
            let client = try Self.client()
            let tag = "/side-by-side-\(UUID().uuidString)-"
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<4 {
                    group.addTask { try await client.send(HTTPRequest(url: "http://127.0.0.1:\(slow)\(tag)\(i)")).head.status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == [200, 200, 200, 200])
            // Four answers of one second each, at the same time, not one after the other: the server had all four
            // requests before it answered any of them.
            let events = try FixtureServers.events("slow").filter { $0.contains(tag) }
            let lastRequest = try #require(events.lastIndex { $0.hasPrefix("request ") }, "\(events)")
            let firstAnswer = try #require(events.firstIndex { $0.hasPrefix("answered ") }, "\(events)")
            #expect(events.filter { $0.hasPrefix("request ") }.count == 4, "\(events)")
            #expect(lastRequest < firstAnswer, "\(events)")
        }

        /// The task is cancelled before it calls `send` (it waits, without sleeping, until the test has cancelled
        /// it): the `CancellationError` comes from the request path, and the server never hears of the request.
        @Test func aTaskCancelledBeforeItsRequestSendsNothing() async throws {
            let slow = try Fixtures.shared.slowServer()
            let client = try Self.client()
            let never = "/never-\(UUID().uuidString)", after = "/after-\(UUID().uuidString)"
            let (cancelled, cancel) = AsyncStream<Void>.makeStream()
            let task = Task { () -> (Bool, Result<HTTPResponse, Error>) in
                for await _ in cancelled { break }  // until the test has cancelled this task
                let wasCancelled = Task.isCancelled
                do {
                    return (wasCancelled, .success(try await client.send(HTTPRequest(url: "http://127.0.0.1:\(slow)\(never)"))))
                } catch {
                    return (wasCancelled, .failure(error))
                }
            }
            task.cancel()
            cancel.yield()
            cancel.finish()
            let (wasCancelled, result) = await task.value
            #expect(wasCancelled, "the task was cancelled before it sent")
            guard case .failure(let error) = result else { Issue.record("sent: \(result)"); return }
            #expect(error is CancellationError, "\(error)")
            // A request sent after it, and answered, reached the server; the cancelled one did not.
            #expect(try await client.send(HTTPRequest(url: "http://127.0.0.1:\(slow)\(after)")).head.status == 200)
            #expect(try Self.events("slow", "request", after) == 1)
            #expect(try Self.events("slow", "request", never) == 0, "the cancelled task's request reached the server")
        }
    }
}
