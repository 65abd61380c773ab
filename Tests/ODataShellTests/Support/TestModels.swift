import Foundation
import ODataModel
import Testing
import TestSupport

/// The documents the language tests bind against: Northwind from the shared corpus, the lab twins shipped beside
/// the tests.
enum TestModels {
    static var packageRoot: URL { TestPaths.packageRoot }
    static var corpusMetadata: URL { Corpus.root.appendingPathComponent("metadata", isDirectory: true) }
    static var fixtures: URL { packageRoot.appendingPathComponent("Tests/ODataShellTests/Language/Fixtures", isDirectory: true) }

    static var northwindAvailable: Bool {
        FileManager.default.fileExists(atPath: corpusMetadata.appendingPathComponent("northwind-v4.xml").path)
    }
    static var missingNorthwind: Comment {
        Comment(rawValue: "corpus not found at \(corpusMetadata.path) (set ODSH_SHARED)")
    }

    /// The path of a model file: `northwind-v2`, `lab-v4`, ...
    static func path(_ name: String) -> String {
        name.hasPrefix("lab") ? fixtures.appendingPathComponent(name + ".xml").path
            : corpusMetadata.appendingPathComponent(name + ".xml").path
    }

    nonisolated(unsafe) private static var cache: [String: CsdlDocument] = [:]
    private static let lock = NSLock()

    /// A loaded document, read once per test run.
    static func document(_ name: String) throws -> CsdlDocument {
        lock.lock(); defer { lock.unlock() }
        if let d = cache[name] { return d }
        let d = try MetadataReader.read(file: path(name))
        cache[name] = d
        return d
    }
}
