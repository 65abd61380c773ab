import Foundation
import Testing

/// `.refresh` in the interactive shell against a real HTTP server whose $metadata is swapped between two loads.
@Suite("REPL .refresh", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing),
       .fixture("corpus", SharedCorpus.isAvailable, "corpus not found at \(SharedCorpus.root.path) (set ODSH_SHARED)"))
struct RefreshTerminalTests {
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// Serves DIR with Python's http.server inside the terminal session, then opens the shell on it.
    func session(_ dir: URL, port: Int) throws -> TerminalSession {
        let state = dir.appendingPathComponent("state").path
        let cmd = "cd \(dir.path) && (python3 -m http.server \(port) --bind 127.0.0.1 >/dev/null 2>&1 &) && sleep 0.7 && "
            + "XDG_STATE_HOME=\(state) XDG_CACHE_HOME=\(state) \(TerminalSession.odsh!) http://127.0.0.1:\(port)/svc/"
        return try TerminalSession(cmd, width: 140, height: 40)
    }

    /// Waits for `text`; a report taller than the terminal is shown by less first: leave it with q.
    func waitThroughPager(_ t: TerminalSession, for text: String) throws {
        let screen = try t.waitFor(text, timeout: 20) { lines in
            lines.contains { $0.contains(text) } || lines.last(where: { !$0.isEmpty }) == ":"
        }
        if !screen.contains(where: { $0.contains(text) }) {
            try t.press("q")
            try t.waitFor(text, timeout: 20) { $0.contains { $0.contains(text) } }
        }
    }

    func swap(_ dir: URL, to name: String) throws {
        let target = dir.appendingPathComponent("svc/$metadata")
        let previous = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.modificationDate] as? Date
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(atPath: SharedCorpus.metadata(name), toPath: target.path)
        // http.server's Last-Modified counts whole seconds: a swap within the second of the previous copy would be
        // answered 304 to odsh's If-Modified-Since, and the cached (old) metadata read again.
        let stamp = max(Date(), (previous ?? .distantPast).addingTimeInterval(2))
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: target.path)
    }

    func makeDir(_ first: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-refresh-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("svc"), withIntermediateDirectories: true)
        try swap(dir, to: first)
        return dir
    }

    @Test("a compatible change is applied and added elements are marked")
    func compatible() throws {
        let dir = try makeDir("msgraph-v1.0-GovSG.v1.xml")
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = try session(dir, port: Self.freePort())
        try t.waitFor("prompt", timeout: 30) { $0.contains { $0.hasPrefix("odsh:svc>") } }
        try swap(dir, to: "msgraph-v1.0-GovSG.v2.xml")
        try t.type(".refresh")
        try t.press("Enter")
        try waitThroughPager(t, for: "refreshed: the new metadata is in use")
        try t.type(".describe microsoft.graph.rootDomains")
        try t.press("Enter")
        try t.waitFor("(added)") { $0.contains { $0.contains("rootDomains (added)") } }
    }

    @Test("an incompatible change is refused and the old metadata stays; pre-approval applies it")
    func incompatible() throws {
        let dir = try makeDir("msgraph-v1.0-Prod.v1.xml")
        defer { try? FileManager.default.removeItem(at: dir) }
        let t = try session(dir, port: Self.freePort())
        try t.waitFor("prompt", timeout: 20) { $0.contains { $0.hasPrefix("odsh:svc>") } }
        try swap(dir, to: "msgraph-v1.0-Prod.v2.xml")
        try t.type(".refresh")
        try t.press("Enter")
        try waitThroughPager(t, for: "refresh refused")
        try t.press("C-l")
        try t.type(".refresh --open-enums")
        try t.press("Enter")
        try waitThroughPager(t, for: "refreshed: the new metadata is in use")
    }
}
