import ODataModel

/// What `odsh diff` found and what it makes of it: the report, where the documents came from, the fail level,
/// and the changes grouped by element for the renderers.
struct DiffOutcome {
    let report: MetadataComparisonReport
    let oldSource: String
    let newSource: String
    let failOn: DiffFailLevel

    /// The changes of one element, in report order.
    struct Group {
        let path: String
        let element: MetadataChange.ElementKind
        let changes: [MetadataChange]
        /// `(document)` for the document itself.
        var title: String { path.isEmpty ? "(document)" : path }
    }

    /// The changes that make the run fail.
    var failing: [MetadataChange] { report.changes.filter { failOn.fails($0.level) } }
    var failed: Bool { report.changes.contains { failOn.fails($0.level) } }
    var exitStatus: ExitStatus { failed ? .serviceError : .success }

    /// Changes grouped by path (the report is sorted, so a path's changes are adjacent).
    var groups: [Group] {
        var out: [Group] = []
        var current: [MetadataChange] = []
        for c in report.changes {
            if let last = current.last, last.path != c.path {
                out.append(Group(path: last.path, element: current[0].element, changes: current))
                current = []
            }
            current.append(c)
        }
        if let first = current.first { out.append(Group(path: first.path, element: first.element, changes: current)) }
        return out
    }

    /// `1 incompatible, 0 approved, 3 compatible, 12 info: fails (--fail-on incompatible)`.
    var summaryLine: String {
        let n = report.changes.count
        let what = n == 0 ? "no changes" : "\(n) change\(n == 1 ? "" : "s"): \(report.countsText)"
        return "\(what); \(failed ? "fails" : "passes") (--fail-on \(failOn.rawValue))"
    }

    /// A note when the documents are of different OData versions.
    var versionNote: String? {
        guard report.oldVersion != report.newVersion else { return nil }
        return "comparing OData \(report.oldVersion.rawValue) with OData \(report.newVersion.rawValue): "
            + (report.oldVersion.isV4 && report.newVersion.isV4
               ? "4.0 requests keep working with 4.01"
               : "a different protocol version, which no metadata refresh accepts; the model is compared as far as it goes")
    }
}
