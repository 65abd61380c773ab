import Foundation

/// scripts/testenv/auth-gateway.py (form login, an OAuth2 token endpoint, ETags on $metadata) in front of the V4
/// reference server. Each test suite starts its own, so request logs do not mix; `stop()` takes it down for the
/// tests of what works offline.
final class AuthGateway: @unchecked Sendable {
    let port: Int
    let pid: Int32
    let log: String
    var base: String { "http://127.0.0.1:\(port)" }

    static let user = "alice", password = "wonderland"
    static let clientID = "odsh-client", clientSecret = "client-secret"

    init(sessionSeconds: Double = 60, tokenSeconds: Double = 60) throws {
        let upstream = try ReferenceServers.baseURL(.v4)
        let upstreamPort = upstream.split(separator: ":").last!
        let tag = "\(getpid())-\(UUID().uuidString.prefix(6))"
        let out = NSTemporaryDirectory() + "odsh-gw-\(tag).out"
        let pidFile = NSTemporaryDirectory() + "odsh-gw-\(tag).pid"
        log = NSTemporaryDirectory() + "odsh-gw-\(tag).log"
        let script = OdshProcess.packageRoot.appendingPathComponent("scripts/testenv/auth-gateway.py").path
        let status = system("python3 '\(script)' --upstream \(upstreamPort) --owner \(getpid()) --log '\(log)' "
                            + "--session-seconds \(sessionSeconds) --token-seconds \(tokenSeconds) > '\(out)' 2>/dev/null & echo $! > '\(pidFile)'")
        var port: Int?
        for _ in 0..<100 where status == 0 {
            let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, line.hasPrefix("PORT=") { port = Int(line.dropFirst(5)); break }
            usleep(50_000)
        }
        pid = Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        unlink(out)
        unlink(pidFile)
        guard let port else { throw ReferenceServers.ServerStartError(message: "auth-gateway.py did not start") }
        self.port = port
    }

    deinit {
        stop()
        unlink(log)
    }

    /// Ends the gateway (and waits until it is gone). SIGKILL: children of the test process may inherit a signal
    /// mask that blocks SIGTERM (see ODataClientTests' Spawn.swift).
    func stop() {
        guard pid > 0, kill(pid, SIGKILL) == 0 else { return }
        for _ in 0..<50 {
            if kill(pid, 0) != 0 { break }
            usleep(20_000)
        }
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
    }

    /// The log's entries from line `from` on.
    func entries(from: Int = 0) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst(from).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    var mark: Int { entries().count }

    func count(_ event: String, since mark: Int = 0) -> Int {
        entries(from: mark).filter { ($0["event"] as? String) == event }.count
    }

    /// "STATUS PATH" of each request since `mark`.
    func requests(since mark: Int) -> [String] {
        entries(from: mark).map { "\($0["status"] ?? "?") \($0["path"] ?? "?")" }
    }
}

/// nginx of scripts/testenv/nginx.sh in front of the V4 server: TLS with a test CA, basic auth under /auth/,
/// corpus files as /static/NAME/$metadata. One per test process.
struct NginxServer {
    let directory: String
    let httpPort: Int
    let tlsPort: Int
    let password: String
    var http: String { "http://127.0.0.1:\(httpPort)" }
    var https: String { "https://127.0.0.1:\(tlsPort)" }
    var caFile: String { directory + "/ca.crt" }

    static var isAvailable: Bool {
        ReferenceServers.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
    }
    static let missing = "nginx or openssl missing (scripts/setup.sh installs them), or no reference servers"

    nonisolated(unsafe) private static var started: NginxServer?
    private static let lock = NSLock()

    static func shared() throws -> NginxServer {
        lock.lock()
        defer { lock.unlock() }
        if let s = started { return s }
        let upstream = try ReferenceServers.baseURL(.v4)
        let dir = NSTemporaryDirectory() + "odsh-shell-nginx-\(getpid())"
        let out = dir + ".out"
        let script = OdshProcess.packageRoot.appendingPathComponent("scripts/testenv/nginx.sh").path
        let shared = SharedCorpus.root.deletingLastPathComponent().path
        let status = system("rm -rf '\(dir)'; ODSH_SHARED='\(shared)' bash '\(script)' start '\(dir)' \(upstream.split(separator: ":").last!) \(getpid()) > '\(out)' 2>/dev/null")
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        unlink(out)
        func value(_ key: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        guard status == 0, let http = value("HTTP_PORT"), let tls = value("TLS_PORT"),
              let password = try? String(contentsOfFile: dir + "/password", encoding: .utf8) else {
            throw ReferenceServers.ServerStartError(message: "nginx.sh failed (\(status)): \(text)")
        }
        let s = NginxServer(directory: dir, httpPort: http, tlsPort: tls, password: password)
        started = s
        return s
    }

    /// nginx's access log lines that contain `text`.
    func accessLog(containing text: String) -> [Substring] {
        ((try? String(contentsOfFile: directory + "/access.log", encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains(text) }
    }
}
