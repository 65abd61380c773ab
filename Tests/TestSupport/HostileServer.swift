import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// scripts/testenv/hostile-server.py: an OData V4 service on loopback that answers each hostile case of issues 28
/// and 38 (control characters in values and names, forged error lines, endless blanks, huge values, many rows,
/// next-link cycles, runs of empty pages, a page that never ends, two Content-Lengths, a gzip bomb, a Gateway
/// catalog that points elsewhere) under its own service root. One per test process, stopped when it ends (the
/// script watches its parent).
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

    /// `http://127.0.0.1:PORT`: the server as an SAP system (its Gateway catalog), without a path.
    public static func systemRoot() throws -> String {
        "http://127.0.0.1:\(try shared())"
    }

    /// What reached the server by the name "localhost" (another origin than 127.0.0.1): request lines and
    /// credential headers, one a line; empty when nothing did.
    public static func seenElsewhere() throws -> String {
        // Asked with python's urllib (the server needs python anyway), not through odsh's own HTTP client.
        let get = "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())"
        return try Spawn.run(["python3", "-c", get, "http://127.0.0.1:\(try shared())/seen"]).stdout
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
        let printed = try? Wait.value("hostile-server.py to print its port", timeout: 30) { () -> Int? in
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first, line.hasPrefix("PORT=") else { return nil }
            return Int(line.dropFirst(5))
        }
        if let printed {
            unlink(output)
            port = printed
            return printed
        }
        kill(pid, SIGKILL)
        throw StartError(description: "hostile-server.py did not print its port")
    }
}
