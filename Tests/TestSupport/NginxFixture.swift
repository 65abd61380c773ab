import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The nginx of scripts/testenv/nginx.sh in front of the V4 reference server (see the script for what each port
/// serves): TLS with a test CA, basic auth under /auth/, a redirect away, a forward proxy, corpus files as
/// /static/NAME/$metadata. One per test process, stopped when it ends.
public struct NginxFixture: Sendable {
    /// Its folder: certificates, the password, the logs.
    public var directory: URL
    public var httpPort: Int
    public var tlsPort: Int
    public var mtlsPort: Int
    public var awayPort: Int
    public var proxyPort: Int
    /// The basic-auth password of the user "tester".
    public var password: String
    public var http: String { "http://127.0.0.1:\(httpPort)" }
    public var https: String { "https://127.0.0.1:\(tlsPort)" }
    /// The test CA's certificate.
    public var caFile: String { file("ca.crt") }
    public func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    public static var isAvailable: Bool {
        ReferenceServers.isAvailable && Tools.isInstalled("nginx") && Tools.isInstalled("openssl")
    }
    public static let missing = "nginx or openssl missing (scripts/setup.sh --tests installs them), or no reference servers"

    nonisolated(unsafe) private static var started: NginxFixture?
    private static let lock = NSLock()

    /// The nginx of this test process, started on first use.
    public static func shared() throws -> NginxFixture {
        let upstream = try ReferenceServers.port(.v4)
        lock.lock()
        defer { lock.unlock() }
        if let n = started { return n }
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-nginx-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        ExitCleanup.remove(atExit: dir.path)
        let values = try TestScripts.run("nginx.sh", ["start", dir.path, String(upstream), String(getpid())], timeout: 120)
        guard let http = values["HTTP_PORT"].flatMap(Int.init), let tls = values["TLS_PORT"].flatMap(Int.init),
              let mtls = values["MTLS_PORT"].flatMap(Int.init), let away = values["AWAY_PORT"].flatMap(Int.init),
              let proxy = values["PROXY_PORT"].flatMap(Int.init) else {
            throw ReferenceServers.ServerStartError(message: "nginx.sh printed no ports: \(values)")
        }
        let password = try String(contentsOf: dir.appendingPathComponent("password"), encoding: .utf8)
        let n = NginxFixture(directory: dir, httpPort: http, tlsPort: tls, mtlsPort: mtls, awayPort: away, proxyPort: proxy,
                             password: password)
        started = n
        return n
    }

    /// The lines of one of nginx's logs once one contains `text` (nginx logs after it has answered); the lines as
    /// they are if none does within `Wait.hang` seconds.
    public func logLines(_ name: String, once text: String) throws -> [Substring] {
        var lines: [Substring] = []
        _ = try Wait.poll {
            lines = try String(contentsOfFile: file(name), encoding: .utf8).split(separator: "\n")
            return lines.contains(where: { $0.contains(text) })
        }
        return lines
    }

    /// The access log's lines that contain `text`.
    public func accessLog(containing text: String) -> [Substring] {
        ((try? String(contentsOfFile: file("access.log"), encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains(text) }
    }
}
