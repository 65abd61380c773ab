import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the scripts of scripts/testenv.
public enum TestScripts {
    /// Runs `bash scripts/testenv/NAME ARGUMENTS...` with the tests' shared folder (and `environment` besides) and
    /// reads the `KEY=VALUE` lines it prints; throws with its output when it fails or takes longer than `timeout`.
    public static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:],
                           timeout: Double = 300) throws -> [String: String] {
        let script = TestPaths.testScripts.appendingPathComponent(name).path
        let output = try Spawn.output(["bash", script] + arguments,
                                      environment: Spawn.environment(TestPaths.scriptEnvironment.merging(environment) { $1 }),
                                      timeout: timeout)
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }
}

/// The reference OData servers of `<shared>/refsrv`, each started once per test process on a free loopback port
/// through scripts/testenv/refsrv.sh: the server runs through scripts/testenv/owned.py, which ends it within half a
/// second of the test process (even a killed one), and a watchdog stops it by its PID file should it outlive it.
public enum ReferenceServers {
    public enum Kind: String, Sendable {
        /// odatapy (OData V4): /northwind/ and /catalog/.
        case v4
        /// mock-sap (OData V2, SAP Gateway style): /sap/opu/odata/IWBEP/GWSAMPLE_BASIC/ and more.
        case v2
        /// pyslet (OData V2, Atom): /northwind/. It logs every request (REFSRV_LOG): see `requestLog`.
        case v2Atom = "v2-atom"
        /// pyslet with V2 function imports (scripts/testenv/pyslet_functions_server.py): /northwind/.
        case v2Functions = "v2-fn"
    }

    /// True when the shared folder has the servers and python3 and curl (which the scripts use) are installed.
    public static let isAvailable = FileManager.default.isExecutableFile(atPath: TestPaths.shared.appendingPathComponent("refsrv/start-v4.sh").path)
        && Tools.isInstalled("python3") && Tools.isInstalled("curl")
    /// Why tests of the servers are skipped (`.fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing))`).
    public static let missing = "reference servers not found in \(TestPaths.shared.appendingPathComponent("refsrv").path) "
        + "or python3 or curl missing (set ODSH_SHARED to the shared folder)"

    public struct ServerStartError: Error, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    private struct Running { var port: Int; var log: String? }
    nonisolated(unsafe) private static var running: [Kind: Running] = [:]
    private static let lock = NSLock()

    /// The port of the running server of this kind, starting it first if needed.
    public static func port(_ kind: Kind) throws -> Int { try server(kind).port }

    /// `http://127.0.0.1:PORT` of the running server of this kind, starting it first if needed.
    public static func baseURL(_ kind: Kind) throws -> String { "http://127.0.0.1:\(try port(kind))" }

    /// The server's log file, which for pyslet (`.v2Atom`) has a line for every request it answered.
    public static func requestLog(_ kind: Kind) throws -> String {
        guard let log = try server(kind).log else { throw ServerStartError(message: "refsrv.sh printed no LOG for \(kind.rawValue)") }
        return log
    }

    private static func server(_ kind: Kind) throws -> Running {
        lock.lock()
        defer { lock.unlock() }
        if let r = running[kind] { return r }
        // The first start builds the servers' venv from PyPI, which takes a while.
        let values: [String: String]
        do {
            values = try TestScripts.run("refsrv.sh", ["start", kind.rawValue, String(getpid())],
                                         environment: kind == .v2Atom ? ["REFSRV_LOG": "1"] : [:], timeout: 600)
        } catch {
            throw ServerStartError(message: "refsrv.sh start \(kind.rawValue): \(error)")
        }
        guard let port = values["PORT"].flatMap(Int.init) else {
            throw ServerStartError(message: "refsrv.sh start \(kind.rawValue) printed no port: \(values)")
        }
        let r = Running(port: port, log: values["LOG"])
        running[kind] = r
        return r
    }
}
