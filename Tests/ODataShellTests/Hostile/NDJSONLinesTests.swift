import Foundation
import Testing
import TestSupport

/// `payload decode` writes one entity per line even when a value is kept as it came (issue 28): before, a
/// multi-line value of the wrong type or of an unknown property kept its line breaks and split its entity.
@Suite("NDJSON stays one entity per line", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"))
struct NDJSONLinesTests {
    @Test("Wrong-typed and unknown multi-line values")
    func keptValues() throws {
        let payload = NSTemporaryDirectory() + "odsh-ndjson-lines-\(getpid()).json"
        defer { unlink(payload) }
        let text = "{\"value\":[{\"ID\":1,\"Name\":{\r\n  \"a\": [1,\n 2]\n},\"Extra\":{\n\"x\":\n1}, \"Big\": \"12\\n3\"},\n"
            + "{\"ID\":2,\"Big\":[\n1],\"Tags\":[\n\"a\",\n\"b\"\n]}]}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: payload))
        let r = try OdshProcess.run(["payload", "decode", "--metadata", TestModels.path("lab-v4"), "--entity-set", "Items", payload])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty, "\(r.stdout)")
        #expect(!r.stdout.contains("\r"))
        #expect(lines.first == #"{"ID":1,"Name":{  "a": [1, 2]},"Big":"12\n3","Extra":{"x":1}}"#)
        #expect(lines.dropFirst().first == #"{"ID":2,"Big":[1],"Tags":["a","b"]}"#)
        // Every line is JSON by itself.
        for line in lines where !line.isEmpty { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }
}
