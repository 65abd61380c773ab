import Foundation
import Testing
@testable import ODataClient
import ODataQuery
import ODataModel
import TestSupport

/// The engine (one libcurl multi thread under every request), seen from a server that answers late and logs how
/// many requests it has under way at once (scripts/bench/delay-server.py): requests beyond the per-host limit wait
/// without a thread each, and within it they all run at once.
extension IntegrationTests {
    @Suite(.fixture("python3", Tools.hasPython, Tools.noPython))
    struct Engine {
        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        /// A delay server of this test's own, and the file it logs to.
        final class DelayServer {
            let port: Int
            let log: String
            let pid: pid_t

            init() throws {
                log = NSTemporaryDirectory() + "odsh-delay-\(getpid())-\(UUID().uuidString).log"
                let portFile = log + ".port"
                defer { unlink(portFile) }
                let free = try Spawn.start(["python3", TestPaths.testScripts.appendingPathComponent("free-port.py").path],
                                           stdout: portFile, stderr: "/dev/null")
                var status: Int32 = 0
                waitpid(free, &status, 0)
                guard let text = try? String(contentsOfFile: portFile, encoding: .utf8),
                      let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw Failure(description: "free-port.py gave no port")
                }
                self.port = port
                let script = TestPaths.packageRoot.appendingPathComponent("scripts/bench/delay-server.py").path
                pid = try Spawn.start(["python3", script, String(port), "--log", log], stdout: "/dev/null", stderr: "/dev/null")
                // Ready once it answers.
                let answered = Wait.poll { (try? HTTPClient().send(HTTPRequest(url: "http://127.0.0.1:\(port)/svc/$metadata"))) != nil }
                if !answered { throw Failure(description: "delay-server.py did not answer on port \(port)") }
            }

            deinit {
                kill(pid, SIGTERM)
                unlink(log)
            }

            /// The most delayed requests the server had under way at once.
            func maxInFlight() -> Int {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                return text.split(separator: "\n").compactMap { line -> Int? in
                    guard line.hasPrefix("arrive"), let field = line.split(separator: " ").first(where: { $0.hasPrefix("in_flight=") })
                    else { return nil }
                    return Int(field.dropFirst("in_flight=".count))
                }.max() ?? 0
            }
        }

        static func client(limit: Int) throws -> HTTPClient {
            var configuration = HTTPConfiguration()
            configuration.timeout = 60
            configuration.maxConnectionsPerHost = limit
            return try HTTPClient(configuration: configuration)
        }

        @Test("requests beyond the per-host limit wait their turn: the server never has more at once, and all succeed")
        func theLimitHolds() async throws {
            let server = try DelayServer()
            let client = try Self.client(limit: 2)
            let port = server.port
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<6 {
                    group.addTask { try await client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/d/300/svc/Things(\(i))")).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 6))
            #expect(server.maxInFlight() == 2)
        }

        @Test("40 requests of one client run at once: no thread waits per request")
        func manyRequestsRunAtOnce() async throws {
            let server = try DelayServer()
            let client = try Self.client(limit: 64)
            let port = server.port
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<40 {
                    group.addTask { try await client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/d/1500/svc/Things(\(i))")).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 40))
            // With a thread per request (the async API before the engine), a 2-core machine had about 6 at once.
            #expect(server.maxInFlight() == 40)
        }

        /// A blocking read, from synchronous code (which the blocking API is for) that a task calls.
        static func blockingName(_ service: DataService, _ set: EntitySet, _ i: Int) throws -> String {
            let result = try service.executeQuery(DataQuery().from(set).withKey(EntityKey(.int32(Int32(i)))))
            let name = try set.entityType.property(withName: "Name")
            return name.getStringValue(from: try result.requiredEntity()) ?? ""
        }

        @Test("blocking calls from many tasks of Swift's pool at once do not starve it: each runs on its own caller")
        func blockingCallsFromThePool() async throws {
            let server = try DelayServer()
            let service = try await DataService(url: URL(string: "http://127.0.0.1:\(server.port)/d/200/svc/")!,
                                          configuration: { var c = HTTPConfiguration(); c.maxConnectionsPerHost = 16; return c }())
            let set = try service.entitySet(withName: "Things")
            let names = try await withThrowingTaskGroup(of: String.self) { group in
                for i in 0..<8 {
                    group.addTask {
                        // The blocking form, called from inside the pool (2 threads here).
                        try Self.blockingName(service, set, i)
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }.sorted()
            }
            #expect(names == (0..<8).map { "thing \($0)" }.sorted())
        }
    }
}
