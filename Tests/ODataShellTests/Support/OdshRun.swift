import Foundation

/// Runs the built `odsh` binary (`.build/debug/odsh`, which `swift build` makes before `swift test`) and collects
/// what it printed and its exit status.
struct OdshRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The package root (this file is `Tests/ODataShellTests/Support/OdshRun.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/odsh").path
    static var binaryExists: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// `$ODSH_SHARED/corpus/metadata`, else `../shared/corpus/metadata` beside the package.
    static let corpus: URL = {
        let shared = ProcessInfo.processInfo.environment["ODSH_SHARED"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return shared.appendingPathComponent("corpus/metadata")
    }()
    static var corpusExists: Bool { FileManager.default.fileExists(atPath: corpus.path) }
    static func corpusFile(_ name: String) -> String { corpus.appendingPathComponent(name).path }

    /// Runs `odsh ARGS`; output goes through files, so that a large output cannot fill a pipe and stall the run.
    static func run(_ arguments: [String]) throws -> OdshRun {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("stdout"), err = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = arguments
        p.standardOutput = try FileHandle(forWritingTo: out)
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        p.waitUntilExit()
        return OdshRun(status: p.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
                       stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// Runs a command line tool (such as `xmllint`) when it is installed; nil when it is not.
    static func tool(_ name: String, _ arguments: [String], input: String) throws -> Int32? {
        guard let path = ["/usr/bin/", "/usr/local/bin/", "/bin/"].map({ $0 + name }).first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-tool-\(UUID().uuidString)")
        try input.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments + [file.path]
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}
