/// What comparing two metadata documents found: every change with its level, sorted by element path.
public struct MetadataComparisonReport: Sendable {
    /// The OData versions of the older and the newer document.
    public var oldVersion: ODataVersion
    /// The OData version of the newer document.
    public var newVersion: ODataVersion
    /// The pre-approvals in effect (the older document's flags combined with the caller's options).
    public var approvals: MetadataComparison.Options
    /// Every change, grouped by element path (sorted; the document itself first), in the order found within a path.
    public var changes: [MetadataChange]

    /// A report of changes (sorted as `changes` says).
    public init(oldVersion: ODataVersion, newVersion: ODataVersion, approvals: MetadataComparison.Options, changes: [MetadataChange]) {
        self.oldVersion = oldVersion; self.newVersion = newVersion; self.approvals = approvals; self.changes = changes
    }

    /// True when no change is incompatible: a refresh may go ahead.
    public var isCompatible: Bool { !changes.contains { $0.level == .incompatible } }
    /// True when the documents describe the same model.
    public var isEmpty: Bool { changes.isEmpty }
    /// The most severe level found, nil when nothing changed.
    public var highestLevel: CompatibilityLevel? { changes.map(\.level).max() }

    /// How many changes there are of a level.
    public func count(_ level: CompatibilityLevel) -> Int { changes.reduce(0) { $0 + ($1.level == level ? 1 : 0) } }

    /// The changes at or above a level.
    public func changes(atLeast level: CompatibilityLevel) -> [MetadataChange] { changes.filter { $0.level >= level } }

    /// The incompatible changes.
    public var incompatibleChanges: [MetadataChange] { changes.filter { $0.level == .incompatible } }

    /// The changes of one element path.
    public func changes(at path: String) -> [MetadataChange] { changes.filter { $0.path == path } }

    /// `2 incompatible, 1 approved, 5 compatible, 12 info`.
    public var countsText: String {
        CompatibilityLevel.allCases.reversed().map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
    }
}
