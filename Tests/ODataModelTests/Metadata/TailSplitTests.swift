import Foundation
import Testing
@testable import ODataModel
import TestSupport

/// When the parser ends before the building thread, the parsing thread builds parts of what waits apart (each from
/// a schema child's start, taken from the back) and the parts are put together front first. Wherever the cuts fall,
/// the model must be the one a single builder makes: the same elements in the same order, the same annotations with
/// the same aliases resolved, the same warnings in the same order. Where a part does not fit (the parser tells
/// schemas by local name alone), the first builder builds it after all.
struct TailSplitTests {
    /// Reads a document with no building thread: in one piece (no shares) or cut at those shares of the blocks,
    /// with what became of each part built apart, front first.
    static func read(_ bytes: [UInt8], name: String, split shares: [Double] = []) throws -> (CsdlDocument, [CsdlXmlReader.TailOutcome]) {
        let r = CsdlXmlReader(source: name, expectedSize: bytes.count, freesLeftovers: true, splitForTesting: shares)
        try bytes.withUnsafeBytes { try r.feed($0) }
        let doc = try r.finish()
        ModelResolver(doc).resolve()
        return (doc, r.tailOutcomes)
    }

    /// The canonical dump, the order of every schema's elements, every element's annotations in order and the
    /// warnings in order.
    static func dump(_ doc: CsdlDocument) -> [String] {
        var out = CanonicalDump.dump(doc).split(separator: "\n").map(String.init)
        for s in doc.schemas {
            let kinds: [(String, [SchemaElement])] = [
                ("entity", s.entityTypes), ("complex", s.complexTypes), ("enum", s.enumTypes), ("typedef", s.typeDefinitions),
                ("association", s.associations), ("container", s.entityContainers), ("action", s.actions),
                ("function", s.functions), ("term", s.terms),
            ]
            out.append("order \(s.namespace) alias=\(s.alias ?? "-")")
            for (kind, elements) in kinds where !elements.isEmpty {
                out.append("  \(kind): " + elements.map { "\($0.name)@\($0.location.line):\($0.location.column)" }.joined(separator: " "))
            }
            out.append("  blocks: " + s.annotationsBlocks.map { "\($0.target)@\($0.location.line)" }.joined(separator: " "))
        }
        return out + ParallelResolveTests.dump(doc)
    }

    static func compare(_ name: String, _ a: [String], _ b: [String], _ how: String) {
        #expect(a.count == b.count, "\(name) \(how): \(a.count) lines in one piece, \(b.count) cut")
        if let i = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) {
            Issue.record("\(name) \(how): line \(i) differs:\n  one piece: \(a[i])\n  cut: \(b[i])")
        }
    }

    static let shares = stride(from: 0.0, through: 1.0, by: 0.125).map { $0 }

    /// A document of several blocks of events whose second schema declares an alias the first one's last annotations
    /// use before it (so annotation names read early must be resolved again), with inline annotations under a
    /// schema on both sides of any cut, a type declared twice, an unknown property type, and with `decoy` a
    /// `Schema` element of another namespace first (which the parser counts and the builder skips).
    static func synthetic(decoy: Bool, trailing: Bool = false) -> [UInt8] {
        var x = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
        <edmx:Reference Uri="http://example.org/vocabulary.xml"><edmx:Include Namespace="Org.Example.V1" Alias="Ex"/></edmx:Reference>
        <edmx:DataServices>

        """
        if decoy { x += "<d:Schema xmlns:d=\"urn:example:not-csdl\" Namespace=\"Decoy\" Alias=\"D\"/>\n" }
        x += "<Schema Namespace=\"First.NS\" Alias=\"F\" xmlns=\"http://docs.oasis-open.org/odata/ns/edm\">\n"
        for t in 0..<80 {
            x += "<EntityType Name=\"T\(t)\"><Key><PropertyRef Name=\"ID\"/></Key><Property Name=\"ID\" Type=\"Edm.Int32\" Nullable=\"false\"/>"
            for p in 0..<30 {
                let type = ["Edm.String\" MaxLength=\"40", "F.Kind", "S.Thing", "Edm.Decimal\" Precision=\"15\" Scale=\"2"][p % 4]
                // Only the last types use the alias declared later: cut before them, only the second part has
                // annotation names to resolve again once it is declared.
                let term = t >= 72 ? "S.Later" : "Ex.Flag"
                x += "<Property Name=\"P\(p)\" Type=\"\(type)\"><Annotation Term=\"\(term)\" Bool=\"\(p % 2 == 0)\"/></Property>"
            }
            x += "<NavigationProperty Name=\"Next\" Type=\"F.T\((t + 1) % 80)\"/><Annotation Term=\"Ex.Label\" String=\"type \(t)\"/></EntityType>\n"
            if t % 20 == 10 { x += "<Annotation Term=\"Ex.Note\" String=\"after T\(t)\"/>\n<EntityType Name=\"T\(t / 2)\"/>\n" }
            if t % 10 == 5 { x += "<Annotations Target=\"F.T\(t)/P1\"><Annotation Term=\"Ex.Flag\" Bool=\"true\"/><Annotation Term=\"Ex.Label\" String=\"p\"/></Annotations>\n" }
        }
        x += "<EnumType Name=\"Kind\"><Member Name=\"A\"/><Member Name=\"B\"/></EnumType>\n<EntityContainer Name=\"Container\">"
        for t in 0..<80 { x += "<EntitySet Name=\"Set\(t)\" EntityType=\"F.T\(t)\"><NavigationPropertyBinding Path=\"Next\" Target=\"Set\((t + 1) % 80)\"/></EntitySet>" }
        x += """
        </EntityContainer>
        </Schema>
        <Schema Namespace="Second.NS" Alias="S" xmlns="http://docs.oasis-open.org/odata/ns/edm">
        <ComplexType Name="Thing"><Property Name="X" Type="F.Missing"/><Annotation Term="F.Unknown" String="x"/></ComplexType>
        <Term Name="Later" Type="Edm.Boolean"/>
        <Annotation Term="Ex.Note" String="second"/>
        </Schema>
        </edmx:DataServices>

        """
        // With `trailing`, a reference after the services: the document's, which a part built apart cannot take.
        if trailing { x += "<edmx:Reference Uri=\"http://example.org/late.xml\"><edmx:Include Namespace=\"Org.Late.V1\" Alias=\"L\"/></edmx:Reference>\n" }
        x += "</edmx:Edmx>\n"
        return Array(x.utf8)
    }

    @Test("a document cut anywhere gives the model it gives in one piece, aliases declared after the cut included")
    func synthetic() throws {
        let bytes = Self.synthetic(decoy: false)
        let (whole, none) = try Self.read(bytes, name: "synthetic")
        #expect(none.isEmpty)
        let expected = Self.dump(whole)
        // The alias declared last is resolved in annotations read before it.
        #expect(expected.contains { $0.contains("Second.NS.Later") })
        #expect(!expected.contains { $0.contains("@S.Later") })
        #expect(whole.warnings.count >= 2)
        var absorbed = 0
        for share in Self.shares {
            let (cut, outcomes) = try Self.read(bytes, name: "synthetic", split: [share])
            if outcomes == [.absorbed] { absorbed += 1 }
            #expect(!outcomes.contains(.rebuilt), "cut at \(share): the parts did not fit")
            Self.compare("synthetic", expected, Self.dump(cut), "cut at \(share)")
        }
        #expect(absorbed == Self.shares.count, "only \(absorbed) of \(Self.shares.count) cuts were built apart")
        // Several parts, taken from the back as the parsing thread takes them, put together front first.
        for shares in [[0.2, 0.5, 0.8], [0.1, 0.3, 0.5, 0.7, 0.9], [0.0, 0.95]] {
            let (cut, outcomes) = try Self.read(bytes, name: "synthetic", split: shares)
            #expect(outcomes == Array(repeating: .absorbed, count: shares.count), "cuts at \(shares): \(outcomes)")
            Self.compare("synthetic", expected, Self.dump(cut), "cuts at \(shares)")
        }
    }

    @Test("where the parts do not fit, the first builder builds the rest: the same model")
    func decoy() throws {
        let bytes = Self.synthetic(decoy: true)
        let expected = Self.dump(try Self.read(bytes, name: "decoy").0)
        for shares in [[0.25], [0.5], [0.75], [0.25, 0.75]] {
            let (cut, outcomes) = try Self.read(bytes, name: "decoy", split: shares)
            #expect(outcomes == Array(repeating: .rebuilt, count: shares.count), "cuts at \(shares): \(outcomes)")
            Self.compare("decoy", expected, Self.dump(cut), "cuts at \(shares)")
        }
    }

    @Test("a part that reaches past the services (a reference after them) is dropped and built by the first builder")
    func trailing() throws {
        let bytes = Self.synthetic(decoy: false, trailing: true)
        let whole = try Self.read(bytes, name: "trailing").0
        #expect(whole.references.map(\.uri) == ["http://example.org/vocabulary.xml", "http://example.org/late.xml"])
        let expected = Self.dump(whole)
        for shares in [[0.25], [0.5], [0.75]] {
            let (cut, outcomes) = try Self.read(bytes, name: "trailing", split: shares)
            #expect(outcomes == [.rebuilt], "cuts at \(shares)")
            #expect(cut.references.count == 2)
            Self.compare("trailing", expected, Self.dump(cut), "cuts at \(shares)")
        }
        // Parts before the last one fit; the last, which reaches past the services, is built again.
        let (cut, outcomes) = try Self.read(bytes, name: "trailing", split: [0.3, 0.6, 0.9])
        #expect(outcomes == [.absorbed, .absorbed, .rebuilt])
        Self.compare("trailing", expected, Self.dump(cut), "cuts at 0.3, 0.6, 0.9")
    }

    @Test("the parsing thread takes parts from the back, a couple of blocks each, leaving the building thread its blocks in front")
    func takeBack() {
        let pipe = SAXEventPipe()
        // Eight waiting blocks (no records), schema children starting in blocks 1, 3, 4 and 6.
        for i in 0..<8 {
            var b = pipe.emptyBlock(atLeast: 8)
            b.boundary = [1, 3, 4, 6].contains(i) ? 0 : -1
            b.boundarySchema = Int32(i)
            pipe.send(b)
        }
        var taken: [SAXEventPipe.Block] = []
        defer { for b in taken { b.base.deallocate() } }
        // The last two blocks, from block 6's boundary.
        let first = pipe.takeBack(span: 2, leaving: 2)
        #expect(first?.schema == 6 && first?.blocks.count == 2)
        taken += first?.blocks ?? []
        // Of the six left, from block 4 on (block 4 is the last at or before 6 - 2 with a boundary).
        let second = pipe.takeBack(span: 2, leaving: 2)
        #expect(second?.schema == 4 && second?.blocks.count == 2)
        taken += second?.blocks ?? []
        // Four left: block 2 has no boundary, and a part from block 3 on would be shorter than two blocks: nothing
        // more is taken.
        #expect(pipe.takeBack(span: 2, leaving: 2) == nil)
    }

    @Suite("Corpus documents cut", .enabled(if: Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
    struct CorpusCut {
        static let documents = Corpus.files(in: "metadata", withExtension: "xml").filter { name in
            ((try? Corpus.bytes("metadata", name).count) ?? 0) > 200_000
        }

        @Test("large documents cut at a third, a half, near the end and in five parts give the model they give in one piece", arguments: documents)
        func corpus(_ name: String) throws {
            let bytes = try Corpus.bytes("metadata", name)
            let expected = TailSplitTests.dump(try TailSplitTests.read(bytes, name: name).0)
            for shares in [[0.33], [0.5], [0.9], [0.2, 0.4, 0.6, 0.8]] {
                let (cut, outcomes) = try TailSplitTests.read(bytes, name: name, split: shares)
                #expect(outcomes == Array(repeating: .absorbed, count: shares.count), "\(name) cuts at \(shares): \(outcomes)")
                TailSplitTests.compare(name, expected, TailSplitTests.dump(cut), "cuts at \(shares)")
            }
        }

        @Test("the corpus has large documents to cut")
        func haveDocuments() {
            #expect(Self.documents.contains("msgraph-v1.0-Prod.v2.xml"))
            #expect(Self.documents.contains("sap-gw-v2-FAR_MANAGE_BS_SRV.xml"))
        }
    }
}
