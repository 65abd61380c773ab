import Testing
import TestSupport
@testable import ODataClient
import ODataModel

/// A payload fed in chunks of any size reads exactly as when fed whole: same entities, metadata, page information.
@Suite(.fixture("payload corpus", PayloadFixtures.available, PayloadFixtures.missing))
struct PayloadChunkingTests {
    @Test(arguments: PayloadFixtures.cases)
    func everyChunkingGivesTheSameResult(_ c: PayloadFixtures.Case) throws {
        let whole = try PayloadFixtures.read(c)
        let expected = PayloadFixtures.dump(whole.entities)
        #expect(!expected.isEmpty)
        var rng = SplitMix64(seed: 0xC0FFEE ^ UInt64(c.file.utf8.count))
        let randomSizes = (0..<64).map { _ in Int.random(in: 1...300, using: &rng) }
        for chunks in [[1], [7], [2, 3, 5, 11, 13], randomSizes, [4096]] {
            let r = try PayloadFixtures.read(c, chunks: chunks)
            #expect(PayloadFixtures.dump(r.entities) == expected, "chunks \(chunks.prefix(5))")
            #expect(r.pageInfo == whole.pageInfo, "chunks \(chunks.prefix(5))")
            #expect(r.warnings == whole.warnings)
        }
    }

    /// Entities come out as soon as their last byte has arrived, not at the end of the payload.
    @Test func entitiesComeOutWhileBytesArrive() throws {
        let c = PayloadFixtures.cases.first { $0.file == "pyslet-v2-northwind-Customers-page1.json" }!
        let doc = try PayloadFixtures.model(c.metadata)
        let bytes = try PayloadFixtures.payload(c.file)
        var seen: [(String, Int)] = []
        var fed = 0
        let r = PayloadReader(format: c.format, model: doc, target: try PayloadFixtures.target(doc, c.set)) { e in
            seen.append((e["CustomerID"]!.description, fed))
        }
        try bytes.withUnsafeBytes { raw in
            var i = 0
            while i < raw.count {
                let n = min(97, raw.count - i)
                try r.feed(UnsafeRawBufferPointer(rebasing: raw[i..<(i + n)]))
                i += n
                fed = i
            }
        }
        try r.finish()
        #expect(seen.count == 20)
        // Each entity was handed out while the chunk holding the end of its object was read (`at` counts the bytes
        // fed before that chunk).
        let text = String(decoding: bytes, as: UTF8.self)
        for (id, at) in seen {
            let marker = "Customers('\(id)')/CustomerDemographics\"}}}"
            let end = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: marker)!.upperBound.samePosition(in: text.utf8)!)
            #expect(at < end && end <= at + 97, "\(id) came after \(at) bytes, its end is at \(end)")
        }
    }

    /// Reading a large payload keeps memory flat: the buffer holds one entity and one chunk, not the payload.
    @Test func bufferStaysSmallOnALongPage() throws {
        let doc = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        var text = "{\"@odata.context\":\"$metadata#Parts\",\"value\":["
        for i in 0..<20_000 {
            if i > 0 { text += "," }
            text += "{\"ItemID\":\(i),\"PartNo\":\"P-\(i)-ÄÖÜ\",\"Quantity\":\(i % 30_000)}"
        }
        text += "],\"@odata.nextLink\":\"Parts?$skiptoken=20000\"}"
        var count = 0
        var last = -1
        let r = PayloadReader(format: .v4JSON, model: doc, target: .entitySet(try doc.entitySet(withName: "Parts"))) { e in
            count += 1
            if case .int(let id)? = e["ItemID"] { #expect(Int(id) == last + 1); last = Int(id) }
        }
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBytes { raw in
            var i = 0
            while i < raw.count {
                let n = min(16_384, raw.count - i)
                try r.feed(UnsafeRawBufferPointer(rebasing: raw[i..<(i + n)]))
                i += n
            }
        }
        let info = try r.finish()
        #expect(bytes.count > 1_000_000)
        #expect(r.bufferCapacity <= 64 * 1024)
        #expect(count == 20_000)
        #expect(info.nextLink == "Parts?$skiptoken=20000")
    }
}

extension PayloadChunkingTests {
    /// A byte order mark, even when it arrives one byte at a time; V1's `{"d": [...]}`; whitespace between chunks.
    @Test func byteOrderMarksAndV1Arrays() throws {
        let v4 = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        let v2 = try PayloadFixtures.model(xml: PayloadSampleModels.v2)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        for chunks in [nil, [1], [2], [4]] as [[Int]?] {
            let r = try PayloadFixtures.read(bom + Array(" \n{\"value\" : [ {\"ID\" : 1} , {\"ID\":2} ] }\n".utf8), format: .v4JSON, model: v4,
                                             target: .entitySet(try v4.entitySet(withName: "Items")), options: .strict, chunks: chunks)
            #expect(r.entities.map { $0["ID"] } == [.int(1), .int(2)])
            let v1 = try PayloadFixtures.read(bom + Array("{\"d\":[{\"ID\":3},{\"ID\":4}]}".utf8), format: .v2JSON, model: v2,
                                              target: .entitySet(try v2.entitySet(withName: "Items")), options: .strict, chunks: chunks)
            #expect(v1.entities.map { $0["ID"] } == [.int(3), .int(4)])
        }
        // Trailing data after the document is an error, also when it comes in a later chunk.
        let e = #expect(throws: PayloadError.self) {
            _ = try PayloadFixtures.read(Array("{\"value\":[]} {}".utf8), format: .v4JSON, model: v4,
                                         target: .entitySet(try v4.entitySet(withName: "Items")), chunks: [13, 2])
        }
        #expect(e?.issue.column == 14)
    }
}
