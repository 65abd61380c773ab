import ODataModel

/// `odsh diff --format markdown`: a pull-request comment. Changes at or above the fail level first in a table,
/// the other levels each in a table of their own, informational ones folded away.
struct DiffMarkdownRenderer {
    let outcome: DiffOutcome
    /// Longest old or new value shown in a cell.
    var valueLimit = 80

    func render() -> String {
        let r = outcome.report
        var out = "### Metadata changes: \(code(name(outcome.oldSource))) → \(code(name(outcome.newSource)))\n\n"
        let verdict = outcome.failed ? "**Fails**" : "**Passes**"
        out += "\(verdict) (`--fail-on \(outcome.failOn.rawValue)`): "
        out += CompatibilityLevel.allCases.reversed().map { level in
            let n = r.count(level)
            return n > 0 && outcome.failOn.fails(level) ? "**\(n) \(level.rawValue)**" : "\(n) \(level.rawValue)"
        }.joined(separator: ", ") + "\n"
        if let note = outcome.versionNote { out += "\n> Note: \(cell(note))\n" }
        if r.changes.isEmpty {
            return out + "\nThe two documents describe the same model.\n"
        }
        for level in CompatibilityLevel.allCases.reversed() {
            let changes = r.changes.filter { $0.level == level }
            guard !changes.isEmpty else { continue }
            let title = "\(changes.count) \(level.rawValue) change\(changes.count == 1 ? "" : "s")"
            if level == .info {
                out += "\n<details><summary>\(title)</summary>\n\n" + table(changes) + "\n</details>\n"
            } else {
                out += "\n#### \(title)\n\n" + table(changes)
            }
        }
        return out
    }

    private func table(_ changes: [MetadataChange]) -> String {
        var out = "| Element | Kind | Change | Rule |\n|---|---|---|---|\n"
        for c in changes {
            var rule = "`\(c.rule.id)`"
            if let by = c.approvedBy { rule += " (approved by `\(by)`)" }
            out += "| \(code(c.path.isEmpty ? "(document)" : c.path)) | \(c.element.words) | \(cell(c.summary(valueLimit: valueLimit))) | \(rule) |\n"
        }
        return out
    }

    /// The file name, not its whole path, for the heading.
    private func name(_ source: String) -> String {
        source.split(separator: "/").last.map(String.init) ?? source
    }

    private func code(_ s: String) -> String {
        "`" + s.replacingAll("`", with: "'").replacingAll("|", with: "\\|") + "`"
    }

    /// Table cells: no line breaks, pipes escaped, HTML-ish characters defused, and `@` written as an entity so that
    /// annotation terms (`@Core.Description`) do not mention GitHub users.
    private func cell(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@": out += "&#64;"
            case "\n", "\r": out += " "
            default: out.append(ch)
            }
        }
        return out
    }
}
