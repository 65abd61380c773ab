import Foundation
import Testing
import ODataModel
import TestSupport

/// Every CSDL JSON document of the shared corpus: it reads, its element counts match an independent oracle,
/// and every truncation of it fails cleanly with a position.
@Suite(.fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct CsdlJsonCorpusTests {
    static let files = Corpus.files(in: "metadata", withExtension: "json")

    @Test func corpusHasJsonDocuments() {
        #expect(Self.files.count >= 10)
    }

    @Test(arguments: files) func readsWithoutErrorsOrWarnings(_ file: String) throws {
        let doc = try CsdlJsonReader.read(bytes: Corpus.bytes("metadata", file), source: file)
        #expect(!doc.schemas.isEmpty)
        #expect(doc.edmxVersion != nil)
        #expect(doc.issues.isEmpty, "\(doc.issues.map(\.description).joined(separator: "\n"))")
        // Every element the reader made knows where it was written.
        let elements: [CsdlElement] = doc.schemas + doc.entityTypes + doc.complexTypes + doc.enumTypes + doc.entitySets
            + doc.actions + doc.functions + doc.entityTypes.flatMap(\.ownProperties)
        #expect(elements.allSatisfy { $0.location.line > 0 && $0.location.column > 0 })
    }

    /// Counts computed by Python's json module over the same file, by the CSDL JSON rules.
    static let oracle = """
        import json, sys
        doc = json.load(open(sys.argv[1], encoding="utf-8"))
        c = dict(et=0, ct=0, en=0, es=0, sg=0, act=0, fn=0, fi=0, ai=0)
        def named(obj):
            return [(k, v) for k, v in obj.items() if not k.startswith("$") and "@" not in k]
        for ns, schema in named(doc):
            if not isinstance(schema, dict):
                continue
            for name, el in named(schema):
                if isinstance(el, list):
                    for o in el:
                        kind = o.get("$Kind") if isinstance(o, dict) else None
                        if kind == "Action": c["act"] += 1
                        if kind == "Function": c["fn"] += 1
                elif isinstance(el, dict):
                    kind = el.get("$Kind")
                    if kind == "EntityType": c["et"] += 1
                    if kind == "ComplexType": c["ct"] += 1
                    if kind == "EnumType": c["en"] += 1
                    if kind == "EntityContainer":
                        for cname, child in named(el):
                            if not isinstance(child, dict): continue
                            if "$Action" in child: c["ai"] += 1
                            elif "$Function" in child: c["fi"] += 1
                            elif child.get("$Collection") is True: c["es"] += 1
                            elif "$Type" in child: c["sg"] += 1
        print(" ".join(str(c[k]) for k in ["et", "ct", "en", "es", "sg", "act", "fn", "fi", "ai"]))
        """

    @Test(.fixture("python3", Python.isAvailable, "python3 is needed for the oracle"), arguments: files)
    func countsMatchTheOracle(_ file: String) throws {
        let expected = try Python.run(Self.oracle, [Corpus.url("metadata", file).path])
            .split(whereSeparator: \.isWhitespace).map { Int($0)! }
        let doc = try CsdlJsonReader.read(bytes: Corpus.bytes("metadata", file), source: file)
        let actual = [doc.entityTypes.count, doc.complexTypes.count, doc.enumTypes.count, doc.entitySets.count,
                      doc.singletons.count, doc.actions.count, doc.functions.count, doc.functionImports.count,
                      doc.actionImports.count]
        #expect(actual == expected, "entity types, complex types, enum types, entity sets, singletons, actions, functions, function imports, action imports")
    }

    /// Cut off anywhere before its closing brace, a document is never well-formed: reading it must fail at the cut,
    /// with a position, and must neither crash nor hang. (Alone it takes a second; in the whole suite's parallel run
    /// it waits its turn for up to two minutes, so the limit against a hang is ten, as for the XML corpus.)
    @Test(.timeLimit(.minutes(10)), arguments: files)
    func truncatedDocumentsFailAtTheCut(_ file: String) throws {
        let bytes = try Corpus.bytes("metadata", file)
        let lastBrace = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
        var rng = SplitMix64(seed: 0xC5D1 &+ UInt64(bytes.count))
        for _ in 0..<200 {
            let cut = Int(rng.next() % UInt64(lastBrace + 1))
            let prefix = Array(bytes[..<cut])
            // The scanner: an unexpected end exactly at the cut.
            let scanError = Self.parseError(prefix)
            #expect(scanError?.kind == .unexpectedEndOfInput && scanError?.offset == cut,
                    "\(file) cut at \(cut): \(scanError.map(String.init(describing:)) ?? "parsed")")
            // The reader: a not-well-formed metadata error at the same place.
            let readError = Self.readError(prefix, source: file)
            let issue = readError?.issues.first
            #expect(issue?.severity == .error && issue?.code == "not-well-formed",
                    "\(file) cut at \(cut): \(readError.map(String.init(describing:)) ?? "read")")
            #expect(issue?.location == scanError?.location)
            if let e = readError, let i = issue {
                #expect(e.description.hasPrefix("\(file):\(i.location.line):\(i.location.column):"))
            }
        }
    }

    static func parseError(_ bytes: [UInt8]) -> JSONError? {
        do { _ = try JSONValue.parse(bytes: bytes); return nil } catch { return error }
    }

    static func readError(_ bytes: [UInt8], source: String) -> MetadataError? {
        do { _ = try CsdlJsonReader.read(bytes: bytes, source: source); return nil } catch { return error as? MetadataError }
    }
}
