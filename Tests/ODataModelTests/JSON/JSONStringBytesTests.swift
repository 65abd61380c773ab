import Testing
@testable import ODataModel

/// The eight-bytes-at-a-time classifier the JSON scanner and writer share, against the plain byte rule.
struct JSONStringBytesTests {
    /// A byte a JSON string cannot hold as it is.
    static func mustEscape(_ b: UInt8) -> Bool { b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 }

    /// Eight bytes, the first in the lowest.
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    @Test func flagsTheFirstByteToEscapeAndNothingBeforeIt() {
        // Every byte value at every position, among plain bytes and among bytes of every other kind.
        for filler: UInt8 in [UInt8(ascii: "a"), 0x7F, 0xC3, 0xFF, 0x20] {
            for position in 0..<8 {
                for b in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(b)
                    let flags = JSONStringBytes.needingEscape(Self.word(bytes))
                    let first = bytes.firstIndex(where: Self.mustEscape)
                    if let first {
                        #expect(flags != 0 && flags.trailingZeroBitCount >> 3 == first, "\(bytes)")
                    } else {
                        #expect(flags == 0, "\(bytes)")
                    }
                }
            }
        }
    }

    @Test func scannerAlsoStopsAtBytesAboveASCII() {
        #expect(JSONScanner.specialBytes(Self.word(Array("abcdefgh".utf8))) == 0)
        let flags = JSONScanner.specialBytes(Self.word(Array("abc".utf8) + [0xC3, 0xA9] + Array("xyz".utf8)))
        #expect(flags.trailingZeroBitCount >> 3 == 3)
        let quote = JSONScanner.specialBytes(Self.word(Array("ab\"defgh".utf8)))
        #expect(quote.trailingZeroBitCount >> 3 == 2)
    }
}
