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

    /// Read through `MetadataReader`, the XML reader's building thread, done building, does the second thread's part
    /// (`WorkerThread.then`): the same model as on one thread.
    @Test("the building thread as the second thread: the same model", arguments: ["msgraph-v1.0-Prod.v2.xml", "sap-gw-v2-FAR_MANAGE_BS_SRV.xml"])
    func onTheBuildingThread(_ name: String) throws {
        let serial = try Self.resolved(name, parallelFrom: .max)
        let bytes = try Corpus.bytes("metadata", name)
        let read = try bytes.withUnsafeBytes { try MetadataReader.read(bytes: $0, source: name) }
        let a = Self.dump(serial), b = Self.dump(read)
        #expect(a.count == b.count, "\(name): \(a.count) lines on one thread, \(b.count) through the reader")
        if let i = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) {
            Issue.record("\(name): line \(i) differs:\n  one thread: \(a[i])\n  through the reader: \(b[i])")
        }
        #expect(CanonicalDump.dump(serial) == CanonicalDump.dump(read))
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

/// Warnings of every resolving step, on one thread and on two (annotation targets looked up on the second): the
/// same warnings in the order of the steps. Needs no corpus, and covers warnings the corpus documents with many
/// `Annotations` blocks do not have (operations, containers, bindings).
@Suite("Parallel resolving: warnings in order")
struct ParallelResolveWarningOrderTests {
    static let document = """
        <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
          <edmx:DataServices>
            <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="NS" Alias="self">
              <EntityType Name="Order">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <Property Name="Status" Type="self.NoSuchStatus"/>
                <Property Name="Amount" Type="Edm.Decimal" DefaultValue="1.5"/>
              </EntityType>
              <ComplexType Name="Address"><Property Name="City" Type="NS.NoSuchCity"/></ComplexType>
              <Action Name="Cancel" IsBound="true">
                <Parameter Name="order" Type="self.Order"/>
                <Parameter Name="reason" Type="NS.NoSuchReason"/>
              </Action>
              <Function Name="Total"><Parameter Name="currency" Type="Edm.String"/></Function>
              <Function Name="Rate"><ReturnType Type="NS.NoSuchRate"/></Function>
              <EntityContainer Name="Container">
                <EntitySet Name="Orders" EntityType="self.Order">
                  <NavigationPropertyBinding Path="Customer" Target="NoSuchSet"/>
                </EntitySet>
                <EntitySet Name="Ghosts" EntityType="NS.NoSuchGhost"/>
                <FunctionImport Name="TotalImport" Function="NS.NoSuchFunction"/>
              </EntityContainer>
              <Annotations Target="self.Order"><Annotation Term="Core.Description" String="orders"/></Annotations>
              <Annotations Target="self.Order/Status"><Annotation Term="Core.Description" String="status"/></Annotations>
              <Annotations Target="NS.Nowhere"><Annotation Term="Core.Description" String="lost"/></Annotations>
              <Annotations Target="NS.Cancel(NS.Order)/reason"><Annotation Term="Core.Description" String="why"/></Annotations>
              <Annotations><Annotation Term="Core.Description" String="aimless"/></Annotations>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    static func warnings(parallelFrom: Int) throws -> [String] {
        let doc = try Array(document.utf8).withUnsafeBytes { try CsdlXmlReader.read(bytes: $0, source: "order.xml") }
        ModelResolver(doc, parallelFrom: parallelFrom).resolve()
        return doc.issues.map(\.description)
    }

    @Test("the same warnings in the same order, members before operations before containers")
    func sameOrder() throws {
        let serial = try Self.warnings(parallelFrom: .max)
        let parallel = try Self.warnings(parallelFrom: 1)
        #expect(serial == parallel)
        func first(_ text: String) -> Int? { parallel.firstIndex { $0.contains(text) } }
        let member = try #require(first("NS.NoSuchCity"))
        let parameter = try #require(first("NS.NoSuchReason"))
        let returnType = try #require(first("NS.NoSuchRate"))
        let missingReturn = try #require(first("function has no return type"))
        let set = try #require(first("NS.NoSuchGhost"))
        let binding = try #require(first("NoSuchSet"))
        let function = try #require(first("NS.NoSuchFunction"))
        let target = try #require(first("NS.Nowhere"))
        // A block without a target is named by its schema.
        let aimless = try #require(first("NS/Annotations"))
        #expect(parallel[aimless].contains("Annotations without a target"))
        #expect(member < parameter && parameter < missingReturn && missingReturn < returnType)
        #expect(returnType < set && set < function && function < binding && binding < target && target < aimless)
    }
}

/// Both threads take chunks of types whose members they resolve: a document with many types, warnings in many of
/// them, types that are their own base or each other's, and annotation targets that are inherited members (those
/// wait until base types are linked), resolved on one thread and on two, gives the same model and the same warnings
/// in the same order. Needs no corpus.
@Suite("Parallel resolving: members in chunks")
struct ParallelResolveChunkTests {
    static let types = 300

    static var document: String {
        var schema = ""
        for i in 0..<types {
            // Every type derives from the one before (every tenth starts a chain again); every seventh has a
            // property of a type that does not exist; two pairs form cycles.
            let base = i == 17 ? " BaseType=\"self.T17\"" : i == 40 ? " BaseType=\"self.T41\""
                : i % 10 == 0 ? "" : " BaseType=\"self.T\(i - 1)\""
            schema += "<EntityType Name=\"T\(i)\"\(base)>"
            if i % 10 == 0 { schema += "<Key><PropertyRef Name=\"ID\(i)\"/></Key>" }
            schema += "<Property Name=\"ID\(i)\" Type=\"Edm.Int32\" Nullable=\"false\"/>"
            schema += "<Property Name=\"P\(i)\" Type=\"\(i % 7 == 0 ? "self.Missing\(i)" : "Edm.String")\"/>"
            schema += "<NavigationProperty Name=\"Next\(i)\" Type=\"self.T\((i + 1) % types)\"/>"
            schema += "</EntityType>\n"
        }
        var sets = "", blocks = ""
        for i in stride(from: 0, to: types, by: 3) {
            sets += "<EntitySet Name=\"S\(i)\" EntityType=\"self.T\(i)\"/>"
            // An own property, an inherited one (through the base chain), a navigation, a missing one.
            let inherited = i % 10 == 0 ? "ID\(i)" : "ID\(i - i % 10)"
            for target in ["self.T\(i)/P\(i)", "self.T\(i)/\(inherited)", "self.T\(i)/Next\(i)", "self.T\(i)/Nothing"] {
                blocks += "<Annotations Target=\"\(target)\"><Annotation Term=\"Core.Description\" String=\"\(target)\"/></Annotations>\n"
            }
            // Paths in values are checked on types and entity sets: one that leads somewhere and one that does not.
            for target in ["self.T\(i)", "NS.Container/S\(i)"] {
                blocks += "<Annotations Target=\"\(target)\"><Annotation Term=\"UI.Identification\"><Collection>"
                blocks += "<Record><PropertyValue Property=\"Value\" PropertyPath=\"\(inherited)\"/></Record>"
                blocks += "<Record><PropertyValue Property=\"Value\" PropertyPath=\"Gone\(i)\"/></Record>"
                blocks += "</Collection></Annotation></Annotations>\n"
            }
        }
        return """
            <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
              <edmx:DataServices>
                <Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="NS" Alias="self">
                  \(schema)
                  <Function Name="F"><Parameter Name="p" Type="self.NoSuchParameter"/><ReturnType Type="Edm.String"/></Function>
                  <EntityContainer Name="Container">\(sets)<EntitySet Name="Ghosts" EntityType="self.NoSuchGhost"/></EntityContainer>
                  \(blocks)
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
    }

    static func resolved(parallelFrom: Int) throws -> CsdlDocument {
        let doc = try Array(document.utf8).withUnsafeBytes { try CsdlXmlReader.read(bytes: $0, source: "chunks.xml") }
        ModelResolver(doc, parallelFrom: parallelFrom).resolve()
        return doc
    }

    @Test("one thread and two give the same model and warnings")
    func sameModel() throws {
        let serial = try Self.resolved(parallelFrom: .max)
        // A few times: which thread takes which chunk changes from run to run.
        for _ in 0..<5 {
            let parallel = try Self.resolved(parallelFrom: 1)
            #expect(ParallelResolveTests.dump(serial) == ParallelResolveTests.dump(parallel))
            #expect(CanonicalDump.dump(serial) == CanonicalDump.dump(parallel))
            // Each element's own warnings in the same order too.
            var a: [String] = [], b: [String] = []
            ElementPaths.forEach(serial) { path, e in a += e.problems.map { "\(path): \($0)" } }
            ElementPaths.forEach(parallel) { path, e in b += e.problems.map { "\(path): \($0)" } }
            #expect(a == b)
        }
        let codes = Set(serial.issues.map(\.code))
        // The document has what the test is about.
        #expect(serial.schemaElements.count > 2 * ModelResolver.typesPerChunk)
        #expect(codes.isSuperset(of: ["unresolved-type", "base-type-cycle", "unresolved-path", "unresolved-target"]))
        let order = serial.issues.map(\.code)
        #expect(try #require(order.firstIndex(of: "unresolved-path")) > #require(order.lastIndex(of: "unresolved-type")))
        // An inherited member as a target: found through the base chain.
        let id30 = try #require((serial.schemaElements["NS.T30"] as? EntityType)?.structuralProperty(named: "ID30"))
        #expect(id30.annotations.contains { $0.target == "self.T33/ID30" })
    }
}
