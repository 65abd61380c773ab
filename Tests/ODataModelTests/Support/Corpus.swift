import Foundation
import Testing

/// Where the shared test corpus and the package live, for tests that read real documents.
enum Corpus {
    /// The package root (this file is `Tests/ODataModelTests/Support/Corpus.swift`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$ODSH_SHARED`, else `../shared` beside the package root.
    static let sharedRoot: URL = {
        if let env = ProcessInfo.processInfo.environment["ODSH_SHARED"], !env.isEmpty {
            return URL(fileURLWithPath: env, isDirectory: true)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }()

    /// The corpus directory (`<shared>/corpus`).
    static var root: URL { sharedRoot.appendingPathComponent("corpus", isDirectory: true) }

    /// True when `<corpus>/<subdirectory>` exists.
    static func isAvailable(_ subdirectory: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(subdirectory).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The message a skipped corpus test shows.
    static func missing(_ subdirectory: String) -> Comment {
        Comment(rawValue: "corpus not found at \(root.appendingPathComponent(subdirectory).path) (set ODSH_SHARED)")
    }

    /// Names of the files in `<corpus>/<subdirectory>` ending in `.<ext>`, sorted; empty when the corpus is missing.
    static func files(in subdirectory: String, withExtension ext: String) -> [String] {
        let dir = root.appendingPathComponent(subdirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted()
    }

    /// The full path of a corpus file.
    static func url(_ subdirectory: String, _ name: String) -> URL {
        root.appendingPathComponent(subdirectory).appendingPathComponent(name)
    }

    /// The bytes of a corpus file.
    static func bytes(_ subdirectory: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(subdirectory, name)))
    }
}
