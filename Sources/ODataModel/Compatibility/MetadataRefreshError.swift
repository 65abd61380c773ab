/// A metadata refresh refused because the newer metadata is incompatible; the report says why. Its category is
/// `.invalidData`: the newer metadata cannot replace the model in use.
public struct MetadataRefreshError: CategorizedError, Sendable, CustomStringConvertible {
    /// What changed, the incompatible changes among it.
    public let report: MetadataComparisonReport
    /// The error for a report with incompatible changes.
    public init(report: MetadataComparisonReport) { self.report = report }
    /// The service's metadata is readable but not usable by a client built against the metadata in use.
    public var category: ErrorCategory { .invalidData }

    /// `metadata refresh refused: N incompatible changes, first PATH: ...`.
    public var description: String {
        let bad = report.incompatibleChanges
        var s = "metadata refresh refused: \(bad.count) incompatible change\(bad.count == 1 ? "" : "s")"
        if let first = bad.first { s += ", first \(first)" }
        return s
    }
}
