import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Servers for the tests, each started once per test run on a free port and stopped when the test process
/// ends (the scripts leave a watchdog on our pid; the Python fixtures watch their parent).
final class Fixtures: @unchecked Sendable {
    static let shared = Fixtures()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The nginx fixture: ports and the folder with its certificates, password and logs.
    struct Nginx {
        var directory: URL
        var httpPort: Int
        var tlsPort: Int
        var mtlsPort: Int
        var awayPort: Int
        var proxyPort: Int
        var password: String
        var http: String { "http://127.0.0.1:\(httpPort)" }
        func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

        /// The lines of one of nginx's logs once one contains `text` (nginx logs after it has answered; 1 s at most).
        func logLines(_ name: String, once text: String) throws -> [Substring] {
            var lines: [Substring] = []
            for _ in 0..<50 {
                lines = try String(contentsOfFile: file(name), encoding: .utf8).split(separator: "\n")
                if lines.contains(where: { $0.contains(text) }) { break }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return lines
        }
    }

    private let lock = NSLock()
    private var ports: [String: Int] = [:]
    private var nginxFixture: Nginx?

    /// odatapy (OData V4): /northwind/ and /catalog/.
    func v4() throws -> Int { try referenceServer("v4") }
    /// mock-sap (OData V2, SAP Gateway style): /sap/opu/odata/IWBEP/GWSAMPLE_BASIC/ and more.
    func v2() throws -> Int { try referenceServer("v2") }
    /// pyslet (OData V2, Atom): /northwind/.
    func v2Atom() throws -> Int { try referenceServer("v2-atom") }
    /// pyslet with V2 function imports (scripts/testenv/pyslet_functions_server.py): /northwind/.
    func v2Functions() throws -> Int { try referenceServer("v2-fn") }

    /// nginx in front of the V4 server (see scripts/testenv/nginx.sh for what it serves).
    func nginx() throws -> Nginx {
        let upstream = try v4()
        lock.lock()
        defer { lock.unlock() }
        if let n = nginxFixture { return n }
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-nginx-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        let values = try Self.runScript("nginx.sh", ["start", dir.path, String(upstream), String(getpid())])
        guard let http = values["HTTP_PORT"].flatMap(Int.init), let tls = values["TLS_PORT"].flatMap(Int.init),
              let mtls = values["MTLS_PORT"].flatMap(Int.init), let away = values["AWAY_PORT"].flatMap(Int.init),
              let proxy = values["PROXY_PORT"].flatMap(Int.init) else {
            throw Failure(description: "nginx.sh printed no ports: \(values)")
        }
        let password = try String(contentsOf: dir.appendingPathComponent("password"), encoding: .utf8)
        let n = Nginx(directory: dir, httpPort: http, tlsPort: tls, mtlsPort: mtls, awayPort: away, proxyPort: proxy,
                      password: password)
        nginxFixture = n
        return n
    }

    /// scripts/testenv/auth-gateway.py in front of the V4 server: form login, an OAuth2 token endpoint, ETags on
    /// $metadata. One per distinct set of options (session and token lifetimes).
    struct AuthGateway {
        var port: Int
        var log: String
        var base: String { "http://127.0.0.1:\(port)" }

        /// The log's entries (one JSON object a line) from line `from` on.
        func entries(from: Int = 0) -> [[String: Any]] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").dropFirst(from).compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }

        /// How many entries the log has now: a mark to count from.
        var mark: Int { entries().count }

        /// How many entries after `mark` have this event.
        func count(_ event: String, since mark: Int) -> Int {
            entries(from: mark).filter { ($0["event"] as? String) == event }.count
        }
    }

    private var gateways: [String: AuthGateway] = [:]

    func authGateway(sessionSeconds: Double = 60, tokenSeconds: Double = 60, tokenClaimsSeconds: Double? = nil) throws -> AuthGateway {
        let upstream = try v4()
        var options = ["--session-seconds", String(sessionSeconds), "--token-seconds", String(tokenSeconds)]
        if let claims = tokenClaimsSeconds { options += ["--token-claims-seconds", String(claims)] }
        let key = options.joined(separator: " ")
        lock.lock()
        defer { lock.unlock() }
        if let g = gateways[key] { return g }
        let tag = "\(getpid())-\(gateways.count)"
        let output = NSTemporaryDirectory() + "odsh-gateway-\(tag).out"
        let log = NSTemporaryDirectory() + "odsh-gateway-\(tag).log"
        unlink(output)
        unlink(log)
        let script = TestEnvironment.scripts.appendingPathComponent("auth-gateway.py").path
        let pid = try Spawn.start(["python3", script, "--upstream", String(upstream), "--owner", String(getpid()), "--log", log] + options,
                                  stdout: output, stderr: "/dev/null")
        for _ in 0..<100 {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, line.hasPrefix("PORT="), let port = Int(line.dropFirst(5)) {
                unlink(output)
                let g = AuthGateway(port: port, log: log)
                gateways[key] = g
                return g
            }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
        throw Failure(description: "auth-gateway.py did not print its port")
    }

    /// A Python server that accepts and never answers.
    func hangingServer() throws -> Int { try pythonServer("hang") }
    /// A Python server that promises more body than it sends, then closes.
    func truncatingServer() throws -> Int { try pythonServer("truncate") }
    /// A V2 service whose next links are degenerate: /same/ (the URL just read), /empty/ (""), /cycle/ (two pages
    /// linking to each other).
    func nextLinkServer() throws -> Int { try pythonServer("next-links") }

    /// A port nothing listens on (bound and released just now).
    func closedPort() throws -> Int {
        let output = try Spawn.run(["python3", TestEnvironment.scripts.appendingPathComponent("free-port.py").path])
        guard let port = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "free-port.py: \(output)")
        }
        return port
    }

    private func referenceServer(_ kind: String) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let port = ports[kind] { return port }
        let values = try Self.runScript("refsrv.sh", ["start", kind, String(getpid())])
        guard let port = values["PORT"].flatMap(Int.init) else { throw Failure(description: "refsrv.sh printed no port") }
        ports[kind] = port
        return port
    }

    private func pythonServer(_ mode: String) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let port = ports[mode] { return port }
        let output = NSTemporaryDirectory() + "odsh-fixture-\(mode)-\(getpid()).out"
        unlink(output)
        let script = TestEnvironment.scripts.appendingPathComponent("fixture-server.py").path
        let pid = try Spawn.start(["python3", script, mode], stdout: output, stderr: "/dev/null")
        // It prints its port once it listens; it exits by itself when this process ends.
        for _ in 0..<100 {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, line.hasPrefix("PORT="), let port = Int(line.dropFirst(5)) {
                unlink(output)
                ports[mode] = port
                return port
            }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
        throw Failure(description: "fixture-server.py \(mode) did not print its port")
    }

    /// Runs a script of scripts/testenv and reads its KEY=VALUE lines.
    static func runScript(_ name: String, _ arguments: [String]) throws -> [String: String] {
        let output = try Spawn.run(["bash", TestEnvironment.scripts.appendingPathComponent(name).path] + arguments)
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }
}
