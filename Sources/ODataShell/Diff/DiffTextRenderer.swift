import ODataModel

/// `odsh diff` as text: one block per element, one line per change with its level and rule, then a summary.
struct DiffTextRenderer {
    let outcome: DiffOutcome
    /// Only the changes at or above the fail level.
    var quiet = false
    /// The rule's sentence under each change, and values in full.
    var verbose = false

    func render() -> String {
        var out = ""
        if let note = outcome.versionNote, !quiet { out += "note: \(note)\n" }
        let width = CompatibilityLevel.allCases.map(\.rawValue.count).max() ?? 0
        for g in outcome.groups {
            let shown = quiet ? g.changes.filter { outcome.failOn.fails($0.level) } : g.changes
            guard !shown.isEmpty else { continue }
            out += "\(g.title)  (\(g.element.words))\n"
            for c in shown {
                let level = c.level.rawValue + String(repeating: " ", count: width - c.level.rawValue.count)
                var rule = c.rule.id
                if let by = c.approvedBy { rule += ", approved by \(by)" }
                out += "  \(level)  \(c.summary(valueLimit: verbose ? .max : 72))  [\(rule)]\n"
                if verbose { out += "  \(String(repeating: " ", count: width))  \(c.rule.sentence)\n" }
            }
        }
        out += outcome.summaryLine + "\n"
        return out
    }
}
