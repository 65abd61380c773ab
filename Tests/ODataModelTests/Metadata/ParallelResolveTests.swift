import Foundation
import Testing
@testable import ODataModel
import TestSupport

/// Large documents resolve annotation targets on a second thread while members, operations and containers are
/// resolved on the first. Resolving them on one thread must give the same model: the same annotations on the same
/// elements in the same order, the same block targets, and the same warnings in the same order.
@Suite("Parallel resolving", .enabled(if: Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct ParallelResolveTests {
    /// XML documents with enough `Annotations` blocks for the second thread (plus a few below, which must not use it).
    static let documents: [String] = {
        Corpus.files(in: "metadata", withExtension: "xml").filter { name in
            guard let data = try? Corpus.bytes("metadata", name) else { return false }
            let text = String(decoding: data, as: UTF8.self)
            return text.components(separatedBy: "<Annotations ").count - 1 >= 32
        }
    }()

    static func resolved(_ name: String, parallelFrom: Int) throws -> CsdlDocument {
        let bytes = try Corpus.bytes("metadata", name)
        let doc = try bytes.withUnsafeBytes { try CsdlXmlReader.read(bytes: $0, source: name) }
        ModelResolver(doc, parallelFrom: parallelFrom).resolve()
        return doc
    }

    /// Every element's annotations in order (term, qualifier, target, value), then the blocks' targets and the
    /// warnings in order.
    static func dump(_ doc: CsdlDocument) -> [String] {
        var out: [String] = []
        func add(_ path: String, _ e: CsdlElement) {
            for a in e.annotations {
                out.append("\(path) @\(a.term)#\(a.qualifier ?? "") target=\(a.target ?? "") \(a.value.map(CanonicalDump.value) ?? "-")")
            }
        }
        for s in doc.schemas { add(s.namespace, s) }
        ElementPaths.forEach(doc, add)
        for s in doc.schemas {
            for b in s.annotationsBlocks { out.append("block \(b.target) → \(b.resolvedTarget) problems=\(b.problems.count)") }
        }
        out += doc.issues.map(\.description)
        return out
    }

    @Test("the corpus has documents for both ways")
    func haveDocuments() {
        #expect(Self.documents.contains("msgraph-v1.0-Prod.v2.xml"))
        #expect(Self.documents.count >= 5)
    }

    @Test("one thread and two give the same model", arguments: documents)
    func sameModel(_ name: String) throws {
        let serial = try Self.resolved(name, parallelFrom: .max)
        let parallel = try Self.resolved(name, parallelFrom: 1)
        let a = Self.dump(serial), b = Self.dump(parallel)
        #expect(a.count == b.count, "\(name): \(a.count) lines one way, \(b.count) the other")
        if let i = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) {
            Issue.record("\(name): line \(i) differs:\n  one thread: \(a[i])\n  two threads: \(b[i])")
        }
        #expect(!a.isEmpty)
    }

    /// When no thread can be started, the reader replays the recorded events itself once parsing ends and the
    /// resolver looks the targets up after the rest: the same model, only slower.
    @Test("no thread to be had: the same model", arguments: ["msgraph-v1.0-Prod.v2.xml", "sap-gw-v2-FAR_MANAGE_BS_SRV.xml"])
    func withoutThreads(_ name: String) throws {
        let usual = try Self.resolved(name, parallelFrom: 1)
        let alone = try WorkerThread.$refusedForTesting.withValue(true) { try Self.resolved(name, parallelFrom: 1) }
        let a = Self.dump(usual), b = Self.dump(alone)
        #expect(a.count == b.count, "\(name): \(a.count) lines with threads, \(b.count) without")
        if let i = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) {
            Issue.record("\(name): line \(i) differs:\n  with threads: \(a[i])\n  without: \(b[i])")
        }
        #expect(CanonicalDump.dump(usual) == CanonicalDump.dump(alone))
    }
}
