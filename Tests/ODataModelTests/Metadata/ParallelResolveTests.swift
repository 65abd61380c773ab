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
        for s in doc.schemas {
            add(s.namespace, s)
            for t in s.entityTypes as [StructuredType] + s.complexTypes {
                add(t.qualifiedName, t)
                for p in t.ownProperties { add("\(t.qualifiedName)/\(p.name)", p) }
                for n in t.ownNavigationProperties { add("\(t.qualifiedName)/\(n.name)", n) }
            }
            for e in s.enumTypes {
                add(e.qualifiedName, e)
                for m in e.members { add("\(e.qualifiedName)/\(m.name)", m) }
            }
            for t in s.typeDefinitions { add(t.qualifiedName, t) }
            for t in s.terms { add(t.qualifiedName, t) }
            for o in s.actions + s.functions {
                add(o.qualifiedName, o)
                for p in o.parameters { add("\(o.qualifiedName)/\(p.name)", p) }
            }
            for c in s.entityContainers {
                add(c.name, c)
                for x in c.entitySets as [ContainerElement] + c.singletons { add("\(c.name)/\(x.name)", x) }
                for f in c.functionImports {
                    add("\(c.name)/\(f.name)", f)
                    for p in f.parameters { add("\(c.name)/\(f.name)/\(p.name)", p) }
                }
                for a in c.actionImports { add("\(c.name)/\(a.name)", a) }
            }
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
}
