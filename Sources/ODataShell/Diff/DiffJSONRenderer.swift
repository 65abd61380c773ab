import ODataModel

/// `odsh diff --format json`: the schema is documented in man/compatibility-rules.md ("JSON output").
struct DiffJSONRenderer {
    let outcome: DiffOutcome
    /// Version of the JSON layout; raised when a field changes meaning or goes away.
    static let schemaVersion = 1

    func render() -> String {
        let r = outcome.report
        var w = JSONWriter()
        w.beginObject()
        w.number("odshDiff", Self.schemaVersion)
        w.beginObject("old"); w.string("source", outcome.oldSource); w.string("version", r.oldVersion.rawValue); w.endObject()
        w.beginObject("new"); w.string("source", outcome.newSource); w.string("version", r.newVersion.rawValue); w.endObject()
        w.beginObject("approvals")
        w.bool("hasOpenEnumerations", r.approvals.hasOpenEnumerations)
        w.bool("canChangeAnything", r.approvals.canChangeAnything)
        w.bool("canRemoveAnything", r.approvals.canRemoveAnything)
        w.beginArray("canBeRemoved")
        for p in r.approvals.canBeRemoved.sorted() { w.string(nil, p) }
        w.endArray()
        w.endObject()
        w.string("failOn", outcome.failOn.rawValue)
        w.bool("failed", outcome.failed)
        w.beginObject("summary")
        for level in CompatibilityLevel.allCases.reversed() { w.number(level.rawValue, r.count(level)) }
        w.number("total", r.changes.count)
        w.endObject()
        w.beginArray("changes")
        for c in r.changes {
            w.beginObject()
            w.string("path", c.path)
            w.string("element", c.element.rawValue)
            w.string("change", c.kind.rawValue)
            w.string("aspect", c.aspect)
            w.string("old", c.oldValue)
            w.string("new", c.newValue)
            w.string("level", c.level.rawValue)
            w.bool("fails", outcome.failOn.fails(c.level))
            w.beginObject("rule")
            w.string("id", c.rule.id)
            w.string("description", c.rule.sentence)
            w.string("defaultLevel", c.rule.level.rawValue)
            w.bool("sap", c.rule.isSAPRule)
            w.endObject()
            w.string("approvedBy", c.approvedBy)
            w.string("summary", c.summary)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.output + "\n"
    }
}
