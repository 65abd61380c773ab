import ODataClient
import Testing
@testable import ODataShell

/// `NDJSONWriter`: one value a line (or one JSON array), buffered, counted; what `odsh -o ndjson` and
/// `odsh payload decode` write.
@Suite struct NDJSONWriterTests {
    private func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    @Test func oneValueALine() throws {
        var out = [UInt8]()
        let w = NDJSONWriter { out.append(contentsOf: $0) }
        try w.write(.string("x\ny"))
        try w.write(.int(7))
        #expect(out.isEmpty, "buffered until a flush")
        try w.flush()
        #expect(text(out) == "\"x\\ny\"\n7\n")
        #expect(w.count == 2)
    }

    @Test func oneJSONArray() throws {
        var out = [UInt8]()
        let w = NDJSONWriter(options: .init(jsonArray: true)) { out.append(contentsOf: $0) }
        try w.write(.string("a"))
        try w.write(.boolean(true))
        try w.finish()
        #expect(text(out) == "[\n\"a\",\ntrue\n]\n")
        var empty = [UInt8]()
        try NDJSONWriter(options: .init(jsonArray: true)) { empty.append(contentsOf: $0) }.finish()
        #expect(text(empty) == "[]\n")
    }
}
