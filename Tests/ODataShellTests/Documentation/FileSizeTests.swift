import Foundation
import Testing
import TestSupport

/// Every Swift file of the package small enough to read in one sitting (issue 36): none over 600 lines, and the
/// statement language (`Sources/ODataShell/Language`: lexer, parser, binder) none over 420, so that a reader finds
/// where a rule lives from the file named after its concern.
@Suite("file sizes")
struct FileSizeTests {
    /// The most lines a Swift file under `Sources/` may have.
    static let limit = 600
    /// The most lines a file of the statement language may have.
    static let languageLimit = 420
    static let languageFolder = "Sources/ODataShell/Language/"

    /// Files allowed over the limit for now, each with the reason. An exception that is no longer needed fails
    /// the test, so that the list only ever shrinks.
    static let exceptions: [String: String] = [:]

    /// A file over its limit: where, how long, and the limit it breaks.
    struct Oversized: Equatable, CustomStringConvertible {
        var path: String
        var lines: Int
        var limit: Int
        var description: String { "\(path): \(lines) lines (at most \(limit))" }
    }

    /// The Swift files under `root`'s `Sources/` over their limit, paths relative to `root`, sorted.
    static func oversized(under root: URL) throws -> [Oversized] {
        let sources = root.appendingPathComponent("Sources", isDirectory: true)
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var found: [Oversized] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            let lines = try lineCount(of: url)
            let limit = path.hasPrefix(languageFolder) ? languageLimit : Self.limit
            if lines > limit { found.append(Oversized(path: path, lines: lines, limit: limit)) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Lines as an editor shows them: a last line without a newline counts too.
    static func lineCount(of url: URL) throws -> Int {
        let data = try Data(contentsOf: url)
        var n = data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        if let last = data.last, last != UInt8(ascii: "\n") { n += 1 }
        return n
    }

    @Test("no Swift file under Sources is over 600 lines, none of the statement language over 420")
    func sourcesAreSmall() throws {
        let over = try Self.oversized(under: TestPaths.packageRoot)
        let unexcused = over.filter { Self.exceptions[$0.path] == nil }
        let list = unexcused.map(\.description).joined(separator: "\n")
        #expect(unexcused.isEmpty, "split these by concern:\n\(list)")
        let stale = Self.exceptions.keys.filter { path in !over.contains { $0.path == path } }.sorted()
        #expect(stale.isEmpty, "no longer over the limit (or gone): remove from FileSizeTests.exceptions: \(stale)")
        for (path, reason) in Self.exceptions {
            #expect(!reason.trimmingCharacters(in: .whitespaces).isEmpty, "\(path) needs a reason")
        }
    }

    @Test("the check finds a long file, and holds the language folder to its own limit")
    func checkFindsLongFiles() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("odsh-file-sizes-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, lines: Int, finalNewline: Bool = true) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            var text = Array(repeating: "let x = 1", count: lines).joined(separator: "\n")
            if finalNewline { text += "\n" }
            try Data(text.utf8).write(to: url)
        }
        try write("Sources/ODataModel/Long.swift", lines: 601)
        try write("Sources/ODataModel/AtTheLimit.swift", lines: 600)
        try write("Sources/ODataModel/NoFinalNewline.swift", lines: 601, finalNewline: false)
        try write("Sources/ODataShell/Language/Parsing/Big.swift", lines: 421)
        try write("Sources/ODataShell/Language/Small.swift", lines: 420)
        try write("Sources/ODataShell/Other.swift", lines: 500)
        try write("Sources/ODataModel/notes.md", lines: 900)
        #expect(try Self.oversized(under: root) == [
            Oversized(path: "Sources/ODataModel/Long.swift", lines: 601, limit: 600),
            Oversized(path: "Sources/ODataModel/NoFinalNewline.swift", lines: 601, limit: 600),
            Oversized(path: "Sources/ODataShell/Language/Parsing/Big.swift", lines: 421, limit: 420),
        ])
    }
}
