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
}
