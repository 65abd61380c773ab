import ODataModel

/// `odsh diff --format junit`: JUnit XML for CI dashboards. One test case per changed element (named by its path,
/// classed by its kind); a case fails when one of its changes is at or above the fail level, and lists every change
/// of the element. With no changes, one passing case says so.
struct DiffJUnitRenderer {
    let outcome: DiffOutcome

    func render() -> String {
        let groups = outcome.groups
        let failures = groups.filter { g in g.changes.contains { outcome.failOn.fails($0.level) } }.count
        let tests = max(groups.count, 1)
        let suite = "odsh diff \(outcome.oldSource) → \(outcome.newSource)"
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"odsh diff\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        out += "  <testsuite name=\"\(xml(suite))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        out += "    <properties>\n"
        out += "      <property name=\"old\" value=\"\(xml(outcome.oldSource))\"/>\n"
        out += "      <property name=\"new\" value=\"\(xml(outcome.newSource))\"/>\n"
        out += "      <property name=\"failOn\" value=\"\(outcome.failOn.rawValue)\"/>\n"
        for level in CompatibilityLevel.allCases.reversed() {
            out += "      <property name=\"\(level.rawValue)\" value=\"\(outcome.report.count(level))\"/>\n"
        }
        out += "    </properties>\n"
        if groups.isEmpty {
            out += "    <testcase classname=\"metadata\" name=\"no changes\"/>\n"
        }
        for g in groups {
            out += "    <testcase classname=\"metadata.\(g.element.rawValue)\" name=\"\(xml(g.title))\">\n"
            let lines = g.changes.map { c -> String in
                var s = "\(c.level.rawValue): \(c.summary) [\(c.rule.id)"
                if let by = c.approvedBy { s += ", approved by \(by)" }
                return s + "]"
            }
            let bad = g.changes.filter { outcome.failOn.fails($0.level) }
            if let worst = bad.map(\.level).max() {
                let message = bad.count == 1 ? bad[0].summary(valueLimit: 120) : "\(bad.count) changes at or above --fail-on \(outcome.failOn.rawValue)"
                out += "      <failure type=\"\(worst.rawValue)\" message=\"\(xml(message))\">\(xml(lines.joined(separator: "\n")))</failure>\n"
            } else {
                out += "      <system-out>\(xml(lines.joined(separator: "\n")))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Escaped for attributes and text; characters XML 1.0 forbids become U+FFFD.
    private func xml(_ s: String) -> String {
        s.replacingScalars { u in
            switch u {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "\n": return "&#10;"
            case "\t": return "&#9;"
            case "\r": return "&#13;"
            case _ where u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF: return "\u{FFFD}"
            default: return nil
            }
        }
    }
}
