import Foundation
import Testing
import ODataModel
import ODataProxyGen
import TestSupport

/// Every metadata document of the shared corpus: proxy classes generate, or the generator refuses with an error
/// that names the construct. Fast: nothing is compiled here (the consumer package test compiles a representative
/// set).
@Suite("Proxy classes for the corpus", .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct ProxyGeneratorCorpusTests {
    @Test("Every corpus document generates, or is refused with a clear reason")
    func everyDocument() throws {
        let names = Corpus.files(in: "metadata", withExtension: "xml") + Corpus.files(in: "metadata", withExtension: "json")
            + Corpus.files(in: "metadata", withExtension: "edmx")
        #expect(names.count >= 100, "the corpus has \(names.count) documents")
        var generated = 0
        var refused: [String] = []
        var unreadable = 0
        for name in names {
            let path = Corpus.url("metadata", name).path
            guard let document = try? MetadataReader.read(file: path) else { unreadable += 1; continue }
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            do {
                let files = try ProxyGenerator(document: document, metadataText: text, source: name).generate()
                generated += 1
                let paths = files.map(\.path)
                #expect(Set(paths).count == paths.count, "\(name): two files with one name")
                #expect(Set(paths.map { $0.lowercased() }).count == paths.count, "\(name): file names that differ only in case")
                for f in files where !f.contents.contains("static let text: String =") {
                    #expect(Self.balanced(f.contents), "\(name): \(f.path) has unbalanced braces")
                }
                let classes = document.entityTypes.count + document.complexTypes.count
                let enums = document.enumTypes.filter { !$0.isFlags }.count
                if classes + enums <= ProxyGeneratorOptions().filePerTypeLimit {
                    #expect(files.count == 2 + classes + enums, "\(name)")
                } else {
                    // A file per initial letter, for classes and for enums.
                    #expect(files.count <= 2 + 2 * 27, "\(name)")
                }
                // Every class and enum declared once, the metadata's enum besides.
                let lines = files.flatMap { $0.contents.split(separator: "\n") }
                #expect(lines.filter { $0.hasPrefix("public final class ") || $0.hasPrefix("public class ") }.count == classes + 1, "\(name)")
                #expect(lines.filter { $0.hasPrefix("public enum ") }.count == enums + 1, "\(name)")
            } catch let e as ProxyGenerationError {
                let text = "\(e)"
                refused.append("\(name): \(text)")
                switch e {
                case .caseConflict(_, let first, let second, _):
                    #expect(text.contains(first) && text.contains(second), "\(name): \(text)")
                case .noEntityContainer:
                    #expect(document.entityContainer == nil, "\(name)")
                default:
                    Issue.record("\(name): \(text)")
                }
            }
        }
        // Most of the corpus is real services' metadata: nearly all of it must generate.
        #expect(generated >= names.count - unreadable - refused.count)
        #expect(generated >= 85, "generated \(generated), refused \(refused), unreadable \(unreadable)")
        print("proxy classes: \(generated) generated, \(refused.count) refused, \(unreadable) unreadable of \(names.count)")
        for r in refused { print("  refused \(r)") }
    }

    /// Braces outside string literals and comments balance (the generated code's own structure; the file with the
    /// embedded metadata is left out).
    static func balanced(_ text: String) -> Bool {
        var depth = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.drop(while: { $0 == " " })
            if t.hasPrefix("//") { continue }
            var inString = false
            var previous: Character = " "
            for c in t {
                if c == "\"" && previous != "\\" { inString.toggle() }
                if !inString { if c == "{" { depth += 1 } else if c == "}" { depth -= 1 } }
                previous = c
            }
        }
        return depth == 0
    }
}
