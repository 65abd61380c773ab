import Foundation

/// The reference OData servers of ../shared/refsrv, started once per test run on free loopback ports through
/// scripts/testenv/refsrv.sh (a watchdog stops them when the test process ends).
enum ReferenceServers {
    enum Kind: String { case v4, v2, v2Atom = "v2-atom", v2Functions = "v2-fn" }

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: SharedCorpus.root.deletingLastPathComponent().appendingPathComponent("refsrv/start-v4.sh").path)
    }
    static let missing = "reference servers not found beside the corpus (set ODSH_SHARED)"

    nonisolated(unsafe) private static var ports: [Kind: Int] = [:]
    private static let lock = NSLock()

    /// The base URL (`http://127.0.0.1:PORT`) of a running server of this kind, starting it if needed.
    static func baseURL(_ kind: Kind) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let p = ports[kind] { return "http://127.0.0.1:\(p)" }
        // system() waits for the script alone; a pipe would stay open as long as the server it starts lives.
        let out = NSTemporaryDirectory() + "odsh-refsrv-\(kind.rawValue)-\(getpid()).out"
        let script = OdshProcess.packageRoot.appendingPathComponent("scripts/testenv/refsrv.sh").path
        let shared = SharedCorpus.root.deletingLastPathComponent().path
        let status = system("ODSH_SHARED='\(shared)' bash '\(script)' start \(kind.rawValue) \(getpid()) > '\(out)' 2>/dev/null")
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        unlink(out)
        guard status == 0, let line = text.split(separator: "\n").last(where: { $0.hasPrefix("PORT=") }),
              let port = Int(line.dropFirst(5)) else {
            throw ServerStartError(message: "refsrv.sh start \(kind.rawValue) failed (status \(status)): \(text)")
        }
        ports[kind] = port
        return "http://127.0.0.1:\(port)"
    }

    struct ServerStartError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
