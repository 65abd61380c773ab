import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Servers of the client's own tests, each started once per test run on a free port and stopped when the test
/// process ends (the Python fixtures watch their parent). The reference servers, nginx and the sign-in gateway
/// are TestSupport's (`ReferenceServers`, `NginxFixture`, `AuthGateway`).
final class Fixtures: @unchecked Sendable {
    static let shared = Fixtures()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let lock = NSLock()
    private var gateways: [String: AuthGateway] = [:]

    /// scripts/testenv/auth-gateway.py in front of the V4 server, one per distinct set of options (session and
    /// token lifetimes), kept for the whole run.
    func authGateway(sessionSeconds: Double = 60, tokenSeconds: Double = 60, tokenClaimsSeconds: Double? = nil) throws -> AuthGateway {
        let key = "\(sessionSeconds) \(tokenSeconds) \(tokenClaimsSeconds.map { String($0) } ?? "-")"
        lock.lock()
        defer { lock.unlock() }
        if let g = gateways[key] { return g }
        let g = try AuthGateway(sessionSeconds: sessionSeconds, tokenSeconds: tokenSeconds, tokenClaimsSeconds: tokenClaimsSeconds)
        gateways[key] = g
        return g
    }

    /// A Python server that accepts and never answers.
    func hangingServer() throws -> Int { try pythonServer("hang") }
    /// A Python server that answers every request after one second (200, `{"value":[]}`).
    func slowServer() throws -> Int { try pythonServer("slow") }
    /// A Python server that promises more body than it sends, then closes.
    func truncatingServer() throws -> Int { try pythonServer("truncate") }
    /// A V2 service whose next links are degenerate: /same/ (the URL just read), /empty/ (""), /cycle/ (two pages
    /// linking to each other).
    func nextLinkServer() throws -> Int { try pythonServer("next-links") }

    /// A port nothing listens on (bound and released just now).
    func closedPort() throws -> Int {
        let output = try Spawn.output(["python3", TestPaths.testScripts.appendingPathComponent("free-port.py").path])
        guard let port = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "free-port.py: \(output)")
        }
        return port
    }

    private func pythonServer(_ mode: String) throws -> Int { try FixtureServers.port(mode) }
}
