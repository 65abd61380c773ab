import Testing
import TestSupport
@testable import ODataClient
import ODataModel

/// Seeded fuzzing of the JSON payload readers (issue 28): valid V4 and V2 payloads mutated (bytes flipped, cut,
/// brackets and blanks inserted, nesting multiplied) and fed in random chunks. None may crash; every failure is
/// a `PayloadError`. Deterministic: the same seeds every run.
@Suite("Payload reader fuzzing")
struct PayloadFuzzTests {
    static let v4 = #"{"@odata.context":"$metadata#Parts","@odata.count":3,"value":[{"ItemID":1,"PartNo":"a\u00e9\"x","Quantity":3},{"ItemID":2,"PartNo":"b","Quantity":-1,"Extra":{"n":[1,2,{"x":null}]}},{"ItemID":3,"PartNo":"","Quantity":1e2}],"@odata.nextLink":"Parts?$skip=3"}"#
    static let v2 = #"{"d":{"results":[{"__metadata":{"uri":"x"},"ItemID":1,"PartNo":"a","Quantity":"3"},{"ItemID":"2","PartNo":null}],"__count":"2","__next":"n"}}"#
    static let inserts: [[UInt8]] = ["[", "]", "{", "}", ",", ":", "\"", "\\", " ", "\n", "\u{0}", "nul", "1e999", "-", "\u{FF}",
                                     String(repeating: "[", count: 600), String(repeating: " ", count: 70_000)].map { Array($0.utf8) }

    static func mutated(_ base: String, _ rng: inout SplitMix64) -> [UInt8] {
        var b = Array(base.utf8)
        for _ in 0..<(1 + rng.int(4)) {
            switch rng.int(5) {
            case 0 where !b.isEmpty: b[rng.int(b.count)] = UInt8(truncatingIfNeeded: rng.next())
            case 1: b = Array(b.prefix(rng.int(b.count + 1)))
            case 2: b.insert(contentsOf: inserts[rng.int(inserts.count)], at: rng.int(b.count + 1))
            case 3 where !b.isEmpty: b.remove(at: rng.int(b.count))
            default:
                let at = rng.int(b.count + 1), end = min(b.count, at + rng.int(40))
                b.insert(contentsOf: Array(b[at..<end]), at: at)
            }
        }
        return b
    }

    @Test("3,000 mutated payloads in random chunks: no crash, every failure a PayloadError", arguments: [PayloadFormat.v4JSON, .v2JSON])
    func mutatedPayloads(_ format: PayloadFormat) throws {
        let doc = try PayloadFixtures.model(xml: PayloadSampleModels.v4)
        var rng = SplitMix64(seed: format == .v4JSON ? 280 : 2800)
        var read = 0, refused = 0
        for _ in 0..<1500 {
            let bytes = Self.mutated(format == .v4JSON ? Self.v4 : Self.v2, &rng)
            let r = PayloadReader(format: format, model: doc, target: .entitySet(try doc.entitySet(withName: "Parts")), options: .lenient) { _ in }
            do {
                try bytes.withUnsafeBytes { raw in
                    var i = 0
                    while i < raw.count {
                        let n = min(1 + rng.int(64), raw.count - i)
                        try r.feed(UnsafeRawBufferPointer(rebasing: raw[i..<(i + n)]))
                        i += n
                    }
                }
                _ = try r.finish()
                read += 1
            } catch is PayloadError {
                refused += 1
            } catch {
                Issue.record("\(String(decoding: bytes.prefix(200), as: UTF8.self)): \(type(of: error)): \(error)")
            }
        }
        #expect(read + refused == 1500)
        #expect(refused > 0 && read > 0)
    }
}
