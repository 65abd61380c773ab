import FoundationEssentials
import Glibc
import ODataClient

/// JSON (one array) and NDJSON (one object per line): properties only, expanded navigation nested.
final class JSONRowsRenderer: ResultRenderer {
    private let writer: NDJSONWriter
    private let footer: Bool
    private let out: TextOutput
    private let array: Bool
    private let counted: Bool
    init(array: Bool, footer: Bool, annotations: Bool = false, order: MemberOrder? = nil, counted: Bool = false,
         out: TextOutput = .standard()) {
        writer = NDJSONWriter(options: .init(annotations: annotations, jsonArray: array, memberOrder: order)) { bytes in
            out.write(String(decoding: bytes, as: UTF8.self))
        }
        self.footer = footer
        self.out = out
        self.array = array
        self.counted = counted
        if counted && array { out.write("{\"value\":") }
    }
    func entity(_ e: EntityValue) throws { try writer.write(e) }
    func value(_ v: DataValue) throws { try writer.write(v) }
    func pageEnd() throws {
        try writer.flush()
        out.flush()
    }
    func finish(_ summary: ResultSummary) throws {
        try writer.finish()
        if counted {
            let count = summary.count.map(String.init) ?? "null"
            out.write(array ? ",\"@odata.count\":\(count)}\n" : "{\"@odata.count\":\(count)}\n")
        }
        out.flush()
        if footer { out.writeNote(summary.footer + "\n") }
    }
}
