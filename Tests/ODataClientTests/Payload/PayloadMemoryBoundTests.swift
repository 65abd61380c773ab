import Testing
@testable import ODataClient
import ODataModel

/// Hostile JSON bodies in bounded memory (issue 28): blanks between tokens are not kept, and one value larger than
/// `maxUnitBytes` is an error that names the limit. Before, 200 MiB of blanks after `[` grew odsh to 300 MB.
@Suite("Payload readers in bounded memory")
struct PayloadMemoryBoundTests {
    static func reader(_ options: PayloadReadOptions = PayloadReadOptions(), count: UnsafeMutablePointer<Int>? = nil) throws -> PayloadReader {
        let doc = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        return PayloadReader(format: .v4JSON, model: doc, target: .entitySet(try doc.entitySet(withName: "Parts")), options: options) { _ in
            count?.pointee += 1
        }
    }

    static func feed(_ r: PayloadReader, _ text: String) throws {
        var t = text
        try t.withUTF8 { try r.feed(UnsafeRawBufferPointer($0)) }
    }

    @Test("64 MiB of blanks before, between and after entities: the buffer stays small", arguments: ["[", "[{\"ItemID\":1,\"PartNo\":\"a\"}", "[{\"ItemID\":1,\"PartNo\":\"a\"},"])
    func blanks(_ prefix: String) throws {
        var n = 0
        let r = try Self.reader(count: &n)
        try Self.feed(r, "{\"value\":" + prefix)
        let blanks = String(repeating: " \n\t\r", count: 16_384)   // 64 KiB a chunk
        for _ in 0..<1024 { try Self.feed(r, blanks) }
        try Self.feed(r, prefix.hasSuffix(",") ? "{\"ItemID\":2,\"PartNo\":\"b\"}]}" : "]}")
        _ = try r.finish()
        #expect(r.bufferCapacity <= 256 * 1024, "\(r.bufferCapacity)")
        #expect(n == (prefix == "[" ? 0 : prefix.hasSuffix(",") ? 2 : 1))
    }

    @Test("A value over the limit is an error that names it")
    func valueLimit() throws {
        var options = PayloadReadOptions()
        options.maxUnitBytes = 1 << 20
        let r = try Self.reader(options)
        try Self.feed(r, "{\"value\":[{\"ItemID\":1,\"PartNo\":\"")
        let piece = String(repeating: "a", count: 64 * 1024)
        var thrown: PayloadError?
        do {
            for _ in 0..<64 { try Self.feed(r, piece) }
        } catch let e as PayloadError {
            thrown = e
        }
        let e = try #require(thrown)
        #expect(e.description.contains("larger than the limit of 1 MiB (PayloadReadOptions.maxUnitBytes)"), "\(e)")
        #expect(r.bufferCapacity <= 4 << 20)
        #expect(PayloadReadOptions().maxUnitBytes == 64 << 20)
    }
}

/// A row with very many properties the model does not know (issue 48): each is kept, in order, and costs time in
/// proportion to their number only (each used to copy all those before it: 200,000 took over a minute).
@Suite("Payload rows with many unknown properties")
struct PayloadManyUnknownPropertiesTests {
    @Test func twoHundredThousandUnknownPropertiesAreKeptInOrder() throws {
        let doc = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        var json = "{\"value\":[{\"ItemID\":1,\"PartNo\":\"a\""
        let n = 200_000
        json.reserveCapacity(n * 20)
        for i in 0..<n { json += ",\"Extra\(i)\":\(i)" }
        json += "}]}"
        var options = PayloadReadOptions()
        options.maxCollectedWarnings = 10
        let result = try PayloadReader.readAll(Array(json.utf8), format: .v4JSON, model: doc,
                                               target: .entitySet(try doc.entitySet(withName: "Parts")), options: options)
        let dynamic = try #require(result.entities.first).dynamicProperties
        #expect(dynamic.count == n)
        #expect(dynamic.first?.name == "Extra0" && dynamic.last?.name == "Extra\(n - 1)")
    }
}
