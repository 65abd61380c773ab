import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// scripts/testenv/hostile-server.py: an OData V4 service on loopback that answers each hostile case of issue 28
/// (control characters, forged error lines, endless blanks, huge values, many rows) under its own service root.
/// One per test process, stopped when it ends (the script watches its parent).
public enum HostileServer {
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    nonisolated(unsafe) private static var port: Int?
    private static let lock = NSLock()

    /// `http://127.0.0.1:PORT/ROOT/`: the service root of one case (`rows/100`, `ctrl`, `odata-error`, ...).
    public static func serviceRoot(_ root: String) throws -> String {
        "http://127.0.0.1:\(try shared())/\(root)/"
    }

    /// The port of this process's server, started on first use.
    public static func shared() throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let p = port { return p }
        let output = NSTemporaryDirectory() + "odsh-hostile-server-\(getpid()).out"
        unlink(output)
        let script = TestPaths.testScripts.appendingPathComponent("hostile-server.py").path
        let pid = try Spawn.start(["python3", script], stdout: output, stderr: "/dev/null")
        for _ in 0..<100 {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, line.hasPrefix("PORT="), let p = Int(line.dropFirst(5)) {
                unlink(output)
                port = p
                return p
            }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
        throw StartError(description: "hostile-server.py did not print its port")
    }
}
