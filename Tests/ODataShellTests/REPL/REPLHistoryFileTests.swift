import Foundation
import Testing
@testable import ODataShell

/// A fresh directory under /tmp, removed at the end.
final class TemporaryDirectory {
    let path: String
    init() {
        var template = Array((NSTemporaryDirectory() + "/odsh-repl-XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

private func mode(_ path: String) -> mode_t {
    var st = stat()
    stat(path, &st)
    return st.st_mode & 0o777
}

@Suite struct REPLHistoryFileTests {
    @Test func defaultPathFollowsXDG() {
        #expect(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"]) == "/x/state/odsh/history")
        #expect(HistoryFile.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/state/odsh/history")
        // The XDG spec: a relative XDG_STATE_HOME is invalid and ignored.
        #expect(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "rel/state", "HOME": "/home/a"]) == "/home/a/.local/state/odsh/history")
    }

    @Test func createsFileAndDirectoryPrivately() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/state/odsh/history"
        let h = HistoryFile(path: path)
        #expect(try h.load() == [])
        #expect(mode(path) == 0o600)
        #expect(mode(tmp.path + "/state/odsh") == 0o700)
        #expect(mode(tmp.path + "/state") == 0o700)
        try h.append("Customers top 1")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "#odsh history v1\nCustomers top 1\n")
    }

    @Test func loosePermissionsAreTightened() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history"
        try "#odsh history v1\nOrders\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        #expect(try HistoryFile(path: path).load() == ["Orders"])
        #expect(mode(path) == 0o600)
        chmod(path, 0o666)
        try HistoryFile(path: path).append("Products")
        #expect(mode(path) == 0o600)
    }

    /// Issue 38: a symlink planted at the history's name (or at the name of its trimmed copy) is never written
    /// through, read or chmodded: it is replaced by a file of our own.
    @Test func aSymlinkIsReplacedNotFollowed() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history", target = tmp.path + "/precious"
        try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o644)
        #expect(symlink(target, path) == 0)
        let h = HistoryFile(path: path, limit: 2)
        #expect(try h.load() == [])
        try h.append("Orders")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(mode(target) == 0o644)
        var st = stat()
        #expect(lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG)
        #expect(mode(path) == 0o600)
        #expect(try HistoryFile(path: path).load() == ["Orders"])
        // The trimmed copy is written to a file of its own too, not through a link planted at its name.
        let temporary = path + ".tmp-\(getpid())"
        #expect(symlink(target, temporary) == 0)
        for e in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"] { try h.append(e) }
        #expect(try HistoryFile(path: path, limit: 2).load() == ["m", "n"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }

    @Test func entriesRoundTrip() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history"
        let entries = ["Customers top 1", "Orders where (\nFreight gt 10)", "back\\slash \\n literal", "Müller 日本", "tab\there"]
        let h = HistoryFile(path: path)
        _ = try h.load()
        for e in entries { try h.append(e) }
        #expect(try HistoryFile(path: path).load() == entries)
        // One line per entry, whatever it holds.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == entries.count + 1)
    }

    @Test func repeatedEntryIsKeptOnce() throws {
        let tmp = TemporaryDirectory()
        let h = HistoryFile(path: tmp.path + "/history")
        try h.append("a")
        try h.append("a")
        try h.append("b")
        try h.append("a")
        #expect(try HistoryFile(path: tmp.path + "/history").load() == ["a", "b", "a"])
    }

    @Test func loadKeepsTheNewestAndTrimsTheFile() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history"
        try ("#odsh history v1\n" + (1...30).map { "q\($0)\n" }.joined()).write(toFile: path, atomically: false, encoding: .utf8)
        let entries = try HistoryFile(path: path, limit: 10).load()
        #expect(entries == (21...30).map { "q\($0)" })
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 11)
        #expect(mode(path) == 0o600)
    }

    @Test func appendsTrimNowAndThen() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history"
        let h = HistoryFile(path: path, limit: 20)
        _ = try h.load()
        for i in 1...100 { try h.append("q\(i)") }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count <= 20 + 10 + 1)
        #expect(try HistoryFile(path: path, limit: 20).load() == (81...100).map { "q\($0)" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == ["history"])
    }

    @Test func twoSessionsInterleave() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history"
        let a = HistoryFile(path: path), b = HistoryFile(path: path)
        #expect(try a.load() == [])
        #expect(try b.load() == [])
        try a.append("a1")
        try b.append("b1")
        try a.append("a2")
        try b.append("b2")
        // A third session sees both, in the order they were entered.
        #expect(try HistoryFile(path: path).load() == ["a1", "b1", "a2", "b2"])
    }

    @Test func concurrentSessionsLoseNothing() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history"
        DispatchQueue.concurrentPerform(iterations: 3) { session in
            let h = HistoryFile(path: path, limit: 5000)
            for i in 0..<200 { try? h.append("s\(session)-\(i)") }
        }
        let entries = try HistoryFile(path: path, limit: 5000).load()
        #expect(entries.count == 600)
        for s in 0..<3 {
            #expect(entries.filter { $0.hasPrefix("s\(s)-") } == (0..<200).map { "s\(s)-\($0)" })
        }
    }

    @Test func concurrentSessionsWhileTrimming() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history"
        DispatchQueue.concurrentPerform(iterations: 2) { session in
            let h = HistoryFile(path: path, limit: 30)
            for i in 0..<150 { try? h.append("s\(session)-\(i)") }
        }
        let entries = try HistoryFile(path: path, limit: 30).load()
        #expect(entries.count == 30)
        // Each session's entries stay in order, and the newest entry of the session that finished last is there.
        for s in 0..<2 {
            let mine = entries.filter { $0.hasPrefix("s\(s)-") }.map { Int($0.split(separator: "-")[1])! }
            #expect(mine == mine.sorted())
        }
        #expect(entries.contains("s0-149") || entries.contains("s1-149"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == ["history"])
    }

    @Test func unwritableLocationIsAnError() {
        #expect(throws: HistoryFileError.self) { try HistoryFile(path: "/proc/odsh-no/history").load() }
    }
}
