import Foundation
import Testing
@testable import ODataModel
import TestSupport

/// Metadata pushed in chunks (as it comes off the network) reads into the same model as in one piece, however the
/// chunks fall: the format is told from the first byte that is not a byte-order mark or blank, even when the
/// first chunks hold nothing else, and large chunks are handed to libxml2 in slices.
@Suite("Metadata fed in chunks", .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct ChunkedFeedTests {
    /// Reads `bytes` after `prefix`, cut into pieces of the given sizes (the last size repeats to the end).
    static func read(_ bytes: [UInt8], prefix: [UInt8], pieces: [Int]) throws -> CsdlDocument {
        let all = prefix + bytes
        let reader = MetadataReader(source: "chunks")
        var offset = 0
        var index = 0
        while offset < all.count {
            let n = min(pieces[min(index, pieces.count - 1)], all.count - offset)
            try all[offset..<(offset + n)].withUnsafeBytes { try reader.feed($0) }
            offset += n
            index += 1
        }
        return try reader.finish()
    }

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let blanks = Array(" \n\t\r\n ".utf8)

    @Test("the same model from one piece, from first chunks holding only a byte-order mark and blanks, and from uneven chunks",
          arguments: ["northwind-v4.xml", "served-odatapy-northwind-v4.json", "msgraph-v1.0-Prod.v2.xml"])
    func sameModel(_ name: String) throws {
        let bytes = try Corpus.bytes("metadata", name)
        let whole = CanonicalDump.dump(try Self.read(bytes, prefix: [], pieces: [bytes.count]))
        #expect(!whole.isEmpty)
        // XML allows nothing but a byte-order mark before its declaration; JSON allows blanks too. One byte per
        // chunk: nothing is decided until the document's first byte comes.
        let prefix = name.hasSuffix(".json") ? Self.bom + Self.blanks : Self.bom
        let trickled = try Self.read(bytes, prefix: prefix, pieces: Array(repeating: 1, count: prefix.count) + [7, 4_093, 65_537])
        #expect(CanonicalDump.dump(trickled) == whole)
        // The mark alone in the first chunk, then one chunk larger than libxml2's slices.
        let big = try Self.read(bytes, prefix: prefix, pieces: [prefix.count, 1 << 22])
        #expect(CanonicalDump.dump(big) == whole)
        #expect(trickled.warnings.count == big.warnings.count)
    }

    /// Reads `bytes` through `MetadataReader.finish(first:pulling:)` (how files are read): the first `first` bytes
    /// handed over at once, the rest at most `most` bytes per request; with `failAfter`, the source fails (-1) once
    /// that many bytes were handed over.
    static func pull(_ bytes: [UInt8], first: Int, most: Int, failAfter: Int? = nil) throws -> CsdlDocument {
        let reader = MetadataReader(source: "pulled")
        var offset = min(first, bytes.count)
        return try bytes.withUnsafeBytes { all in
            try reader.finish(first: UnsafeRawBufferPointer(rebasing: all.prefix(offset))) { out in
                if let failAfter, offset >= failAfter { return -1 }
                let n = min(out.count, most, bytes.count - offset)
                out.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[offset..<(offset + n)]))
                offset += n
                return n
            }
        }
    }

    @Test("pulled (as files are read) gives the same model as fed, however the source hands the bytes over",
          arguments: ["northwind-v4.xml", "served-odatapy-northwind-v4.json", "sap-gw-v2-FAR_MANAGE_BS_SRV.xml"])
    func pulledSameModel(_ name: String) throws {
        let bytes = try Corpus.bytes("metadata", name)
        let whole = CanonicalDump.dump(try Self.read(bytes, prefix: [], pieces: [bytes.count]))
        for (first, most) in [(bytes.count, 1 << 16), (4, 1), (1, 4_093), (65_536, 65_536)] {
            let pulled = try Self.pull(bytes, first: first, most: most)
            #expect(CanonicalDump.dump(pulled) == whole, "first \(first), at most \(most) per request")
        }
        // A start of nothing but blanks does not settle the format: the rest is fed as it comes.
        let padded = Self.bom + bytes
        #expect(CanonicalDump.dump(try Self.pull(padded, first: 2, most: 1_000)) == whole)
    }

    @Test("a source that fails part-way is an unreadable document, not a shorter one",
          arguments: ["northwind-v4.xml", "served-odatapy-northwind-v4.json"])
    func pulledSourceFails(_ name: String) throws {
        let bytes = try Corpus.bytes("metadata", name)
        // Part-way, and after the last byte (where ending the document there would have read it all).
        for failAfter in [bytes.count / 2, bytes.count] {
            let error = #expect(throws: MetadataError.self) { try Self.pull(bytes, first: 100, most: 512, failAfter: failAfter) }
            #expect(error?.description.contains("could not be read to its end") == true, "\(error.map { "\($0)" } ?? "")")
        }
    }

    @Test("nothing but blanks is an empty document")
    func onlyBlanks() {
        #expect(throws: MetadataError.self) { try Self.read([], prefix: Self.bom + Self.blanks, pieces: [2]) }
    }
}
