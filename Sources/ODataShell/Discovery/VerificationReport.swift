import ODataClient

/// What `odsh verify` and `.verify` found: each entity set probed, as a table or JSON.
enum VerificationReport {
    /// A table of the sets (time last, so that its width moves no other column), then why each failed or was skipped.
    static func text(_ probes: [ServiceVerification.Probe], width: Int?) -> String {
        var t = TextTable(headers: ["ENTITY SET", "RESULT", "STATUS", "ROWS", "ELAPSED"])
        t.flexible = [1]
        t.rightAligned = [2, 3]
        var reasons = ""
        for p in probes {
            let ran = p.outcome != .skipped
            t.add([p.entitySet, p.outcome.rawValue, p.status.map(String.init) ?? "", p.outcome == .ok ? String(p.entities) : "",
                   ran ? milliseconds(p.seconds) : ""])
            if !p.detail.isEmpty { reasons += "\(p.entitySet.forTerminal()): \(p.detail.forTerminal())\n" }
        }
        let ok = probes.filter { $0.outcome == .ok }.count
        let failed = probes.filter { $0.outcome == .failed }.count
        let skipped = probes.count - ok - failed
        return t.render(width: width) + reasons + "\(ok) OK, \(failed) failed, \(skipped) skipped\n"
    }

    /// The probes as one JSON object: counts, then one object per entity set.
    static func json(_ probes: [ServiceVerification.Probe], service: String) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("service", service)
        w.number("ok", probes.filter { $0.outcome == .ok }.count)
        w.number("failed", probes.filter { $0.outcome == .failed }.count)
        w.number("skipped", probes.filter { $0.outcome == .skipped }.count)
        w.beginArray("entitySets")
        for p in probes {
            w.beginObject()
            w.string("name", p.entitySet)
            w.string("result", p.outcome.rawValue)
            w.number("status", p.status)
            w.number("milliseconds", p.outcome == .skipped ? nil : Int((p.seconds * 1000).rounded()))
            w.number("entities", p.outcome == .ok ? p.entities : nil)
            w.string("detail", p.detail.isEmpty ? nil : p.detail)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.output + "\n"
    }

    private static func milliseconds(_ s: Double) -> String { "\(Int((s * 1000).rounded())) ms" }
}
