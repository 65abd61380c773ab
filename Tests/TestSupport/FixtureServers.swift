import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// scripts/testenv/fixture-server.py, one per mode and test process, on a free port; it exits by itself when the
/// test process ends. Its modes misbehave on purpose (hang, truncate, next-links: see the script).
public enum FixtureServers {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    nonisolated(unsafe) private static var ports: [String: Int] = [:]
    private static let lock = NSLock()

    /// The port of the server in `mode`, starting it first if needed.
    public static func port(_ mode: String) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let port = ports[mode] { return port }
        let output = NSTemporaryDirectory() + "odsh-fixture-\(mode)-\(getpid()).out"
        unlink(output)
        let script = TestPaths.testScripts.appendingPathComponent("fixture-server.py").path
        let pid = try Spawn.start(["python3", script, mode], stdout: output, stderr: "/dev/null")
        // It prints its port once it listens.
        let printed = try? Wait.value("fixture-server.py \(mode) to print its port", timeout: 30) { () -> Int? in
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first, line.hasPrefix("PORT=") else { return nil }
            return Int(line.dropFirst(5))
        }
        guard let port = printed else {
            kill(pid, SIGKILL)
            throw Failure(description: "fixture-server.py \(mode) did not print its port")
        }
        unlink(output)
        ports[mode] = port
        return port
    }

    /// What the `hang` or `slow` server has seen so far (its GET /_events): "request PATH", "answered PATH",
    /// "closed PATH", one an element, in order.
    public static func events(_ mode: String) throws -> [String] {
        let r = try Spawn.run(["curl", "-s", "-f", "http://127.0.0.1:\(try port(mode))/_events"], timeout: 30)
        guard r.status == 0 else { throw Failure(description: "fixture-server.py \(mode) /_events: curl exited with \(r.status)") }
        return r.stdout.split(separator: "\n").map(String.init)
    }
}
