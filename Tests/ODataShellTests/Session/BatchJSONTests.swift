import Foundation
@testable import ODataClient
import ODataModel
import ODataQuery
@testable import ODataShell
import Testing

/// A batch's answers in json and ndjson go through the shell's JSON writer: well-formed, escaped as every other
/// output, rows as `-o json` writes them, a `$count`'s number kept.
struct BatchJSONTests {
    let items: EntitySet
    let results: [DataService.BatchResult]
    init() throws {
        let doc = try TestModels.document("lab-v4")
        items = try doc.entitySet(withName: "Items")
        let e = EntityValue.ofType(items.entityType, in: items)
        try e.setValue(try items.entityType.property(withName: "ID"), to: .int(1))
        try e.setValue(try items.entityType.property(withName: "Name"), to: .string("two\nlines, \"quoted\", \u{1}bell"))
        let one = DataQuery().from(items).withKey(EntityKey(.int32(1)))
        let json = [(name: "Content-Type", value: "application/json")]
        let text = [(name: "Content-Type", value: "text/plain")]
        let error = Array(#"{"error":{"code":"X","message":"no\nsuch \"item\""}}"#.utf8)
        results = [
            DataService.BatchResult(request: .query(one.select(try items.entityType.property(withName: "Name"))),
                                    response: BatchOperationResponse(status: 200, reason: "OK", headers: json),
                                    entities: [e], values: [], inChangeSet: false),
            DataService.BatchResult(request: .query(DataQuery().from(items).count()),
                                    response: BatchOperationResponse(status: 200, reason: "OK", headers: text, body: Array("77\n".utf8)),
                                    entities: [], values: [], inChangeSet: false),
            DataService.BatchResult(request: .delete(at: one), response: BatchOperationResponse(status: 204, reason: "No Content"),
                                    entities: [], values: [], inChangeSet: true),
            DataService.BatchResult(request: .query(DataQuery().from(items).withKey(EntityKey(.int32(9)))),
                                    response: BatchOperationResponse(status: 404, reason: "Not Found", headers: json, body: error),
                                    entities: [], values: [], inChangeSet: false),
        ]
    }

    @Test func jsonIsOneArrayWithAnAnswerALine() throws {
        let text = StatementRunner.batchJSON(results, orders: [], version: .v4, lines: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7 && lines.first == "[" && lines[5] == "]" && lines[6] == "", "\(text)")
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(answers.map { $0["request"] as? String } == ["GET Items(1)?$select=Name", "GET Items/$count", "DELETE Items(1)", "GET Items(9)"])
        #expect(answers.map { $0["status"] as? Int } == [200, 200, 204, 404])
        let rows = try #require(answers[0]["value"] as? [[String: Any]])
        #expect(rows.first?["Name"] as? String == "two\nlines, \"quoted\", \u{1}bell")
        #expect(answers[1]["value"] as? Int == 77, "the number a $count answered")
        #expect(answers[2]["changeset"] as? Bool == true && answers[2]["value"] == nil)
        #expect(answers[3]["error"] as? String == "no\nsuch \"item\"")
        // Escaped as `-o json` escapes its rows.
        #expect(text.contains(#""Name":"two\nlines, \"quoted\", \u0001bell""#), "\(text)")
    }

    @Test func ndjsonIsAnAnswerALine() throws {
        let text = StatementRunner.batchJSON(results, orders: [], version: .v4, lines: true)
        let lines = text.split(separator: "\n")
        #expect(lines.count == results.count, "\(text)")
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)") }
        #expect(lines[1] == #"{"request":"GET Items/$count","status":200,"value":77}"#)
        #expect(lines[2] == #"{"request":"DELETE Items(1)","status":204,"changeset":true}"#)
    }

    @Test func anEmptyBatchIsAnEmptyArray() throws {
        #expect(StatementRunner.batchJSON([], orders: [], version: .v4, lines: false) == "[]\n")
        #expect(StatementRunner.batchJSON([], orders: [], version: .v4, lines: true) == "")
    }

    @Test func theLinesLayoutPutsTheOuterElementsOneALine() {
        var w = JSONWriter(layout: .lines)
        w.beginArray()
        w.beginObject(); w.number("a", 1); w.beginArray("b"); w.number(nil, 2); w.number(nil, 3); w.endArray(); w.endObject()
        w.string(nil, "x\ny")
        w.endArray()
        #expect(w.output == "[\n{\"a\":1,\"b\":[2,3]},\n\"x\\ny\"\n]")
    }
}
