import Foundation
import Testing
@testable import ODataModel
import TestSupport

/// Every CSDL XML document of the shared corpus: read, counted against an independent oracle, and broken on purpose.
@Suite("CSDL XML corpus", .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct CorpusXmlTests {
    /// Not well-formed on purpose (see SOURCES.md "Odd things"): they must fail with a position.
    static let notWellFormed: Set<String> = [
        "sap-gw-v2-MM_PUR_CNTRL_PO_MAINTAIN_SRV.xml",
        "sap-cloudsdk-v4-API_MULTIPLE_SCHEMAS_SRV.xml",
    ]
    static let efDesigner = "ef-designer-NorthwindModel.edmx"

    static var xmlFiles: [String] {
        Corpus.files(in: "metadata", withExtension: "xml") + Corpus.files(in: "metadata", withExtension: "edmx")
    }
    static var readable: [String] { xmlFiles.filter { !notWellFormed.contains($0) && $0 != efDesigner } }

    static func read(_ name: String, strict: Bool = false) throws -> CsdlDocument {
        try MetadataReader.read(file: Corpus.url("metadata", name).path, options: .init(strict: strict))
    }

    @Test("every readable document loads", arguments: readable)
    func loads(_ name: String) throws {
        let doc = try Self.read(name)
        #expect(!doc.schemas.isEmpty, "\(name) has no schema")
        for w in doc.warnings {
            #expect(w.location.line > 0, "warning without a line: \(w)")
            #expect(!w.path.isEmpty, "warning without an element path: \(w)")
        }
    }

    @Test("the two documents that are not well-formed fail with line:column", arguments: Array(notWellFormed).sorted())
    func notWellFormedFails(_ name: String) throws {
        let error = try #require(throws: MetadataError.self) { try Self.read(name) }
        let issue = try #require(error.issues.first)
        #expect(issue.code == "not-well-formed")
        #expect(issue.location.line >= 1 && issue.location.column >= 1)
        #expect(error.description.contains("\(issue.location.line):\(issue.location.column)"))
    }

    @Test("the Entity Framework designer file is recognised as not being service metadata")
    func efDesignerFile() throws {
        let error = try #require(throws: MetadataError.self) { try Self.read(Self.efDesigner) }
        #expect(error.issues.first?.code == "not-service-metadata")
        #expect(error.description.contains("Entity Framework designer"))
    }

    /// The deliberately invalid documents load (lenient) with the warnings that say what is wrong, and fail in strict mode.
    @Test("deliberately invalid documents: warnings that name the problem", arguments: [
        ("oasis-csdl-counterexample-annotationtarget1.xml", "unresolved-target"),
        ("oasis-csdl-counterexample-test1.xml", "duplicate-key"),
        ("oasis-csdl-counterexample-test2.xml", "bad-navigation-type"),
        ("sap-cloudsdk-faulty-test-service.xml", "unresolved-type"),
        ("sap-cloudsdk-faulty-test-service.xml", "missing-key-property"),
        ("sap-edge-v4-invalidReferences.xml", "unresolved-path"),
        ("sap-edge-v4-crappyAnno.xml", "unresolved-target"),
        ("sap-edmxparser-inlineError.metadata.xml", "unresolved-target"),
    ])
    func invalidDocuments(_ name: String, _ code: String) throws {
        let doc = try Self.read(name)
        #expect(doc.warnings.contains { $0.code == code }, "\(name): expected a \(code) warning, got \(doc.warnings.map(\.code))")
        let strict = try #require(throws: MetadataError.self) { try Self.read(name, strict: true) }
        #expect(strict.issues.contains { $0.code == code && $0.severity == .error })
    }

    @Test("the faulty service names the broken property only when it is used")
    func brokenElementIsMarked() throws {
        let doc = try Self.read("sap-cloudsdk-faulty-test-service.xml")
        let type = try doc.entityType(withName: "A_TestEntityType")
        let error = try #require(throws: ModelLookupError.self) { try type.property(withName: "ComplexTypeProperty") }
        #expect(error.description.contains("A_TestComplexTypeMISTAKE"))
        // The type itself and the rest of the document stay usable; the complex type the property meant is fine.
        #expect(type.allKeyNames == ["KeyPropertyGuid", "KeyPropertyString"])
        let complex = try doc.complexType(withName: "A_TestComplexType")
        #expect(try complex.property(withName: "StringProperty").facets.maxLength == .length(10))
    }

    /// Counts per document against xmllint's XPath over the same file (an independent reader).
    @Test("element counts equal an xmllint XPath oracle", .fixture("xmllint", Oracle.hasXmllint, "xmllint not installed (apt install libxml2-utils)"),
          arguments: readable)
    func countsMatchOracle(_ name: String) throws {
        let doc = try Self.read(name)
        let kinds = ["EntityType", "ComplexType", "EnumType", "EntitySet", "Singleton", "Function", "Action", "FunctionImport",
                     "ActionImport", "TypeDefinition", "Term", "Association"]
        let oracle = try Oracle.xmllintCounts(Corpus.url("metadata", name).path, kinds)
        let mine = [doc.entityTypes.count, doc.complexTypes.count, doc.enumTypes.count, doc.entitySets.count, doc.singletons.count,
                    doc.functions.count, doc.actions.count, doc.functionImports.count, doc.actionImports.count,
                    doc.typeDefinitions.count, doc.terms.count, doc.associations.count]
        for (i, k) in kinds.enumerated() {
            #expect(mine[i] == oracle[i], "\(name): \(k) \(mine[i]) but xmllint counts \(oracle[i])")
        }
    }

    /// Every document cut short gives an error with a position: never a crash, never a hang.
    @Test("truncated documents fail with a position", .timeLimit(.minutes(10)), arguments: readable)
    func truncated(_ name: String) throws {
        let bytes = try Corpus.bytes("metadata", name)
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: name.hashValueStable))
        // 200 cuts; large documents get most of theirs in the first 128 KB to keep the run short.
        let window = min(bytes.count, 128 * 1024)
        let offsets = (0..<200).map { i in i < 30 ? Int.random(in: 0..<bytes.count, using: &rng) : Int.random(in: 0..<window, using: &rng) }
        let full = try Self.read(name)
        let rootEnd = Self.rootEndOffset(bytes)
        for cut in offsets {
            do {
                let doc = try bytes[..<cut].withUnsafeBytes { try MetadataReader.read(bytes: $0, source: "cut") }
                // Only a cut after the root element's end tag may still read, and then it reads the same model.
                #expect(cut >= rootEnd, "\(name) cut at \(cut) read without error")
                #expect(doc.entityTypes.count == full.entityTypes.count)
            } catch let e as MetadataError {
                let loc = try #require(e.issues.first?.location)
                #expect(loc.line >= 1, "\(name) cut at \(cut): no position in \(e)")
            }
        }
    }

    static func rootEndOffset(_ bytes: [UInt8]) -> Int {
        let tag = Array("Edmx>".utf8)
        var i = bytes.count - tag.count
        while i >= 0 {
            if bytes[i..<(i + tag.count)].elementsEqual(tag) { return i + tag.count }
            i -= 1
        }
        return bytes.count
    }
}

/// Independent counts computed by other tools.
enum Oracle {
    static let hasXmllint = FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint")

    /// `count(//*[local-name()=K])` for each kind, in one xmllint run.
    static func xmllintCounts(_ path: String, _ kinds: [String]) throws -> [Int] {
        let expr = "concat(" + kinds.map { "count(//*[local-name()='\($0)'])" }.joined(separator: ", ',', ") + ")"
        let text = try Spawn.run(["/usr/bin/xmllint", "--huge", "--nowarning", "--xpath", expr, path]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.split(separator: ",").map { Int($0) ?? -1 }
    }
}


extension String {
    /// A hash that is the same in every run (Swift's `hashValue` is seeded per process).
    var hashValueStable: Int {
        var h: UInt64 = 1469598103934665603
        for b in utf8 { h = (h ^ UInt64(b)) &* 1099511628211 }
        return Int(truncatingIfNeeded: h)
    }
}
