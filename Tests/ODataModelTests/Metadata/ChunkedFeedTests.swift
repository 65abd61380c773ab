import Foundation
import Testing
@testable import ODataModel
import TestSupport

/// Metadata pushed in chunks (as it comes off the network) reads into the same model as in one piece, however the
/// chunks fall: the format is told from the first byte that is not a byte-order mark or blank, even when the
/// first chunks hold nothing else, and large chunks are handed to libxml2 in slices.
@Suite("Metadata fed in chunks", .enabled(if: Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
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

    @Test("nothing but blanks is an empty document")
    func onlyBlanks() {
        #expect(throws: MetadataError.self) { try Self.read([], prefix: Self.bom + Self.blanks, pieces: [2]) }
    }
}
