import Foundation
import Testing
@testable import ODataModel
import TestSupport

/// Resolving base types is linear: a document of 8,000 entity types each deriving from the next (about 366 KB, as a
/// generated service might serve) loads in well under a second, and a cycle of as many types is reported once per
/// type. Resolving them used to take about a minute (each chain walked and checked for repeats type by type).
/// No assertion on the time a load takes (issue 53: a busy machine breaks those): each load runs on a thread of its
/// own, waited for until `Wait.hang` (a minute), which only the old way of resolving (a minute or more) or a hang
/// reaches. (Not a time limit trait: that one also counts the time a test waits for a thread of Swift's pool.)
@Suite("Long base type chains")
struct LongBaseTypeChainTests {
    static let count = 8_000

    /// `T0` derives from `T1`, ..., `T7998` from `T7999`; with `cycle`, `T7999` derives from `T0`, else it has the key.
    /// `T4` has a property `P4`.
    /// With `v2`, an OData V2 document (where every entity type needs a key, own or inherited).
    static func document(cycle: Bool, v2: Bool = false) -> [UInt8] {
        var xml = v2 ? """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><edmx:DataServices>
            <Schema Namespace="Chain" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">

            """ : """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="Chain" xmlns="http://docs.oasis-open.org/odata/ns/edm">

            """
        for i in 0..<count - 1 {
            xml += i == 4
                ? "<EntityType Name=\"T4\" BaseType=\"Chain.T5\"><Property Name=\"P4\" Type=\"Edm.String\"/></EntityType>\n"
                : "<EntityType Name=\"T\(i)\" BaseType=\"Chain.T\(i + 1)\"/>\n"
        }
        let last = count - 1
        xml += cycle
            ? "<EntityType Name=\"T\(last)\" BaseType=\"Chain.T0\"/>\n"
            : "<EntityType Name=\"T\(last)\"><Key><PropertyRef Name=\"ID\"/></Key><Property Name=\"ID\" Type=\"Edm.Int32\" Nullable=\"false\"/></EntityType>\n"
        xml += """
            <EntityContainer Name="C"><EntitySet Name="Items" EntityType="Chain.T0"/></EntityContainer>
            </Schema></edmx:DataServices></edmx:Edmx>
            """
        return Array(xml.utf8)
    }

    /// Loads `bytes` on a thread of its own; fails the test with `Wait.TimedOut` when that has not ended by `Wait.hang`.
    static func load(_ bytes: [UInt8]) throws -> CsdlDocument {
        final class Outcome: @unchecked Sendable {
            let lock = NSLock()
            var result: Result<CsdlDocument, Error>?
        }
        let outcome = Outcome()
        Thread {
            let r = Result { try bytes.withUnsafeBytes { try MetadataReader.read(bytes: $0, source: "chain.xml") } }
            outcome.lock.withLock { outcome.result = r }
        }.start()
        return try Wait.value("the load of \(bytes.count) bytes to end") { outcome.lock.withLock { outcome.result } }.get()
    }

    @Test("8,000 types each deriving from the next", arguments: [false, true])
    func chain(v2: Bool) throws {
        let bytes = Self.document(cycle: false, v2: v2)
        #expect(bytes.count > 300_000)
        let doc = try Self.load(bytes)
        #expect(doc.warnings.isEmpty)
        let first = try doc.entityType(withName: "Chain.T0")
        #expect(first.baseTypeChain.count == Self.count - 1)
        #expect(first.allKeyNames == ["ID"])
        #expect(first.structuralProperty(named: "P4") != nil)
        #expect(first.keyProperties.count == 1)
        #expect(first.isSubtype(of: try doc.entityType(withName: "Chain.T\(Self.count - 1)")))
    }

    @Test("a cycle of 8,000 types: each warned about once", arguments: [false, true])
    func cycle(v2: Bool) throws {
        let doc = try Self.load(Self.document(cycle: true, v2: v2))
        let cyclic = doc.warnings.filter { $0.code == "base-type-cycle" }.map(\.path)
        #expect(cyclic.count == Self.count)
        // No key anywhere on the cycle: in V2 each type lacks one, in V4 the entity set's type.
        #expect(doc.warnings.filter { $0.code == "missing-key" }.count == (v2 ? Self.count : 1))
        #expect(Set(cyclic).count == Self.count)
        // Walking the cycle ends, after every other type of it.
        let t = try #require(doc.schemaElement(named: "Chain.T5") as? EntityType)
        #expect(t.baseTypeChain.count == Self.count - 1)
        #expect(t.structuralProperty(named: "P4") != nil)
        #expect(t.structuralProperty(named: "missing") == nil)
    }
}
