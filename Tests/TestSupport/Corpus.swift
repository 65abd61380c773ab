import Foundation
import Testing

/// The shared test corpus (`<shared>/corpus`: metadata documents, captured payloads), for tests that read real documents.
public enum Corpus {
    /// The corpus directory.
    public static var root: URL { TestPaths.shared.appendingPathComponent("corpus", isDirectory: true) }

    /// True when `<corpus>/<subdirectory>` exists.
    public static func isAvailable(_ subdirectory: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(subdirectory).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The message a skipped corpus test shows.
    public static func missing(_ subdirectory: String) -> Comment {
        Comment(rawValue: "corpus not found at \(root.appendingPathComponent(subdirectory).path) (set ODSH_SHARED)")
    }

    /// Names of the files in `<corpus>/<subdirectory>` ending in `.<ext>`, sorted; empty when the corpus is missing.
    public static func files(in subdirectory: String, withExtension ext: String) -> [String] {
        let dir = root.appendingPathComponent(subdirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted()
    }

    /// The full path of a corpus file.
    public static func url(_ subdirectory: String, _ name: String) -> URL {
        root.appendingPathComponent(subdirectory).appendingPathComponent(name)
    }

    /// The bytes of a corpus file.
    public static func bytes(_ subdirectory: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(subdirectory, name)))
    }
}
