import Foundation
import Testing
@testable import ODataClient
import TestSupport

/// `RetryPolicy` on its own: Retry-After in both spellings, the count and the total wait.
@Suite struct RetryPolicyTests {
    @Test func retryAfterAsDeltaSecondsAndAsHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(RetryPolicy.parseRetryAfter("120", now: now) == 120)
        #expect(RetryPolicy.parseRetryAfter(" 0 ", now: now) == 0)
        #expect(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:28:05 GMT", now: now) == 5)
        #expect(RetryPolicy.parseRetryAfter("Wednesday, 21-Oct-15 07:28:07 GMT", now: now) == 7)  // RFC 850
        #expect(RetryPolicy.parseRetryAfter("Wed Oct 21 07:28:09 2015", now: now) == 9)            // asctime
        #expect(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == 0)       // past: now
        #expect(RetryPolicy.parseRetryAfter("-5", now: now) == nil)
        #expect(RetryPolicy.parseRetryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.parseRetryAfter("1.5", now: now) == nil)
    }

    @Test func countAndTotalWaitBoundTheRetries() {
        let p = RetryPolicy(maxRetries: 3, maxTotalWait: 10, initialBackoff: 1)
        #expect(p.delay(attempt: 1, retryAfter: nil, waited: 0) == 1)
        #expect(p.delay(attempt: 2, retryAfter: nil, waited: 1) == 2)
        #expect(p.delay(attempt: 3, retryAfter: nil, waited: 3) == 4)
        #expect(p.delay(attempt: 4, retryAfter: nil, waited: 7) == nil)   // count used up
        #expect(p.delay(attempt: 1, retryAfter: "11", waited: 0) == nil)  // beyond the total wait
        #expect(p.delay(attempt: 2, retryAfter: "6", waited: 5) == nil)
        #expect(p.delay(attempt: 2, retryAfter: "5", waited: 5) == 5)
        #expect(RetryPolicy.off.delay(attempt: 1, retryAfter: "0", waited: 0) == nil)
        #expect(RetryPolicy.isRetryable(status: 429) && RetryPolicy.isRetryable(status: 503))
        #expect(!RetryPolicy.isRetryable(status: 500) && !RetryPolicy.isRetryable(status: 502))
    }
}

/// HTTPClient against fixture-server.py busy: 429 and 503 with Retry-After, a few times, then 200.
extension IntegrationTests {
    @Suite(.fixture("python3", Tools.hasPython, Tools.noPython))
    struct Retries {
        let base: String
        init() throws { base = "http://127.0.0.1:\(try FixtureServers.port("busy"))" }

        /// A key no other test uses, so the server's count starts at 0.
        func key() -> String { "k\(UInt32.random(in: 0...UInt32.max))" }

        func count(_ key: String) throws -> Int {
            Int(String(decoding: try HTTPClient().send(HTTPRequest(url: "\(base)/\(key)/count")).body ?? Data(), as: UTF8.self)) ?? -1
        }

        static func client(_ policy: RetryPolicy = RetryPolicy(), trace: RecordingSink? = nil) throws -> HTTPClient {
            var c = HTTPConfiguration()
            c.retry = policy
            if let trace { c.traceRequests = true; c.traceSink = trace }
            return try HTTPClient(configuration: c)
        }

        /// Set once something has ended.
        final class Ended: @unchecked Sendable {
            private let lock = NSLock()
            private var value = false
            func set() { lock.lock(); value = true; lock.unlock() }
            var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
        }

        final class RecordingSink: TraceSink, @unchecked Sendable {
            private let lock = NSLock()
            private var text = ""
            func write(_ s: String) { lock.lock(); text += s; lock.unlock() }
            var written: String { lock.lock(); defer { lock.unlock() }; return text }
        }

        @Test func aGETTurnedAwayTwiceWith429IsSentAgainAfterRetryAfterAndSucceeds() throws {
            let k = key()
            let trace = RecordingSink()
            let started = ContinuousClock.now
            let response = try Self.client(trace: trace).send(HTTPRequest(url: "\(base)/\(k)/2/429/1"))
            let elapsed = ContinuousClock.now - started
            #expect(response.status == 200)
            #expect(response.metrics.retries == 2)
            #expect(try count(k) == 3)
            #expect(elapsed >= .seconds(2), "Retry-After: 1 was honoured twice: \(elapsed)")
            #expect(trace.written.contains("429, retry 1 of 3 in 1 s"), "\(trace.written)")
            #expect(trace.written.contains("429, retry 2 of 3 in 1 s"), "\(trace.written)")
        }

        @Test func a503WithAnHTTPDateIsRetried() throws {
            let k = key()
            let response = try Self.client().send(HTTPRequest(url: "\(base)/\(k)/1/503/date"))
            #expect(response.status == 200)
            #expect(try count(k) == 2)
        }

        @Test func theCountBoundsTheRetriesAndTheLastAnswerIsThrown() throws {
            let k = key()
            let trace = RecordingSink()
            let error = try #require(throws: ODataClientError.self) {
                try Self.client(RetryPolicy(maxRetries: 2), trace: trace).send(HTTPRequest(url: "\(base)/\(k)/5/503/0"))
            }
            #expect(trace.written.contains("503, gave up after 2 retries"), "\(trace.written)")
            #expect(error.httpStatus == 503)
            #expect(try count(k) == 3)
        }

        @Test func aRetryAfterBeyondTheTotalWaitIsNotWaitedFor() throws {
            let k = key()
            let trace = RecordingSink()
            let error = try #require(throws: ODataClientError.self) {
                try Self.client(RetryPolicy(maxRetries: 3, maxTotalWait: 5), trace: trace).send(HTTPRequest(url: "\(base)/\(k)/1/429/120"))
            }
            #expect(trace.written.contains("429, not retried: the wait it asks for (Retry-After: 120) goes past the 5 s allowed for retries"),
                    "\(trace.written)")
            #expect(error.httpStatus == 429)
            #expect(try count(k) == 1)
        }

        @Test func retriesOffSendsOnce() throws {
            let k = key()
            _ = try #require(throws: ODataClientError.self) { try Self.client(.off).send(HTTPRequest(url: "\(base)/\(k)/1/503/0")) }
            #expect(try count(k) == 1)
        }

        @Test func aPOSTIsNotRetriedUnlessMarkedRepeatable() throws {
            let k = key()
            let post = HTTPRequest(method: .post, url: "\(base)/\(k)/1/503/0", headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
            _ = try #require(throws: ODataClientError.self) { try Self.client().send(post) }
            #expect(try count(k) == 1)
            let k2 = key()
            var repeatable = HTTPRequest(method: .post, url: "\(base)/\(k2)/1/503/0", headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
            repeatable.isRepeatable = true
            #expect(try Self.client().send(repeatable).status == 200)
            #expect(try count(k2) == 2)
        }

        @Test func cancellingEndsTheWaitBeforeARetry() async throws {
            let k = key()
            // Retry-After: an hour. Only the cancellation can end that wait within the test's deadline.
            let client = try Self.client(RetryPolicy(maxRetries: 3, maxTotalWait: 7200))
            let task = Task { try await client.send(HTTPRequest(url: "\(base)/\(k)/1/429/3600")) }
            // Cancelled once the first answer (429) has come: the client waits to retry.
            try await Wait.untilAsync("the first request to be turned away") { try count(k) == 1 }
            task.cancel()
            let ended = Ended()
            Task { _ = await task.result; ended.set() }
            try await Wait.untilAsync("the cancelled wait before the retry to end") { ended.isSet }
            let result = await task.result
            guard case .failure(let error) = result, error is CancellationError else {
                Issue.record("expected a cancellation, got \(result)"); return
            }
            #expect(try count(k) == 1)
        }
    }
}
