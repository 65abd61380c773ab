import Foundation
import Testing
@testable import ODataClient
import ODataModel
import TestSupport

/// The shared corpus (captured payloads and their metadata) and helpers for payload tests. Tests that need the
/// corpus skip with a visible message when `../shared` (or `$ODSH_SHARED`) is missing.
enum PayloadFixtures {
    static var corpus: URL { Corpus.root }

    static var available: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("payloads/captured").path)
    }
    static let missing = Comment(rawValue: "corpus not found at \(corpus.path) (set ODSH_SHARED): payload corpus tests skipped")

    static func payload(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpus.appendingPathComponent("payloads/captured/\(name)")))
    }

    nonisolated(unsafe) private static var models: [String: CsdlDocument] = [:]
    private static let lock = NSLock()

    /// A metadata document of the corpus, read once.
    static func model(_ name: String) throws -> CsdlDocument {
        lock.lock(); defer { lock.unlock() }
        if let m = models[name] { return m }
        let m = try MetadataReader.read(file: corpus.appendingPathComponent("metadata/\(name)").path)
        models[name] = m
        return m
    }

    /// A model from CSDL text.
    static func model(xml: String) throws -> CsdlDocument {
        try Array(xml.utf8).withUnsafeBytes { try MetadataReader.read(bytes: $0) }
    }

    /// A captured payload, its metadata, format and target.
    struct Case: CustomStringConvertible, Sendable {
        let file: String
        let metadata: String
        let format: PayloadFormat
        let set: String
        var description: String { file }
    }

    /// Every captured data payload with the metadata of the service it came from.
    static let cases: [Case] = [
        Case(file: "odatapy-v4-catalog-Products.json", metadata: "served-odatapy-catalog.xml", format: .v4JSON, set: "Products"),
        Case(file: "odatapy-v4-catalog-TopProduct-singleton.json", metadata: "served-odatapy-catalog.xml", format: .v4JSON, set: "TopProduct"),
        Case(file: "odatapy-v4-northwind-Customers-page1.json", metadata: "northwind-v4.xml", format: .v4JSON, set: "Customers"),
        Case(file: "odatapy-v4-northwind-Customers-top2.atom.xml", metadata: "northwind-v4.xml", format: .atom, set: "Customers"),
        Case(file: "odatapy-v4-northwind-Order10248-expanded.json", metadata: "northwind-v4.xml", format: .v4JSON, set: "Orders"),
        Case(file: "odatapy-v4-northwind-Products-top3-metadata-full.json", metadata: "northwind-v4.xml", format: .v4JSON, set: "Products"),
        Case(file: "mocksap-v2-A_SalesOrder-expand.json", metadata: "served-mocksap-API_SALES_ORDER_SRV-v2.xml", format: .v2JSON, set: "A_SalesOrder"),
        Case(file: "mocksap-v2-GWSAMPLE-BusinessPartnerSet-expand.json", metadata: "served-mocksap-GWSAMPLE_BASIC-v2.xml", format: .v2JSON, set: "BusinessPartnerSet"),
        Case(file: "pyslet-v2-northwind-Customers-page1.atom.xml", metadata: "served-pyslet-northwind-v2.xml", format: .atom, set: "Customers"),
        Case(file: "pyslet-v2-northwind-Customers-page1.json", metadata: "served-pyslet-northwind-v2.xml", format: .v2JSON, set: "Customers"),
        Case(file: "pyslet-v2-northwind-Order10248-expanded.json", metadata: "served-pyslet-northwind-v2.xml", format: .v2JSON, set: "Orders"),
    ]

    static func target(_ doc: CsdlDocument, _ name: String) throws -> PayloadTarget {
        if let s = try? doc.entitySet(withName: name) { return .entitySet(s) }
        return .singleton(try doc.singleton(withName: name))
    }

    /// Reads a corpus case, whole or in chunks of the sizes `chunks` gives (cycled).
    static func read(_ c: Case, options: PayloadReadOptions = PayloadReadOptions(), chunks: [Int]? = nil) throws -> PayloadReader.Result {
        let doc = try model(c.metadata)
        let bytes = try payload(c.file)
        return try read(bytes, format: c.format, model: doc, target: try target(doc, c.set), options: options, chunks: chunks)
    }

    static func read(_ bytes: [UInt8], format: PayloadFormat, model: CsdlDocument, target: PayloadTarget,
                     options: PayloadReadOptions = PayloadReadOptions(), chunks: [Int]? = nil) throws -> PayloadReader.Result {
        var result = PayloadReader.Result()
        var entities: [EntityValue] = []
        var values: [DataValue] = []
        let r = PayloadReader(format: format, model: model, target: target, options: options,
                              onEntity: { entities.append($0) }, onValue: { values.append($0) })
        try bytes.withUnsafeBytes { raw in
            var i = 0, k = 0
            while i < raw.count {
                let n = chunks.map { $0[k % $0.count] } ?? raw.count
                try r.feed(UnsafeRawBufferPointer(rebasing: raw[i..<min(raw.count, i + n)]))
                i += n; k += 1
            }
        }
        result.pageInfo = try r.finish()
        result.entities = entities
        result.values = values
        result.warnings = r.warnings
        return result
    }

    /// Entities as NDJSON with every annotation (the output dialect odsh writes): a canonical text to compare
    /// readings by.
    static func dump(_ entities: [EntityValue]) -> String {
        let out = JSONOutput()
        var w = JSONValueWriter(dialect: .output)
        w.annotations = true
        for e in entities {
            w.writeEntity(e, to: out)
            out.byte(0x0A)
        }
        return String(decoding: out.bytesView, as: UTF8.self)
    }
}

