/// A metadata refresh refused because the newer metadata is incompatible; the report says why.
public struct MetadataRefreshError: Error, Sendable, CustomStringConvertible {
    public let report: MetadataComparisonReport
    public init(report: MetadataComparisonReport) { self.report = report }

    public var description: String {
        let bad = report.incompatibleChanges
        var s = "metadata refresh refused: \(bad.count) incompatible change\(bad.count == 1 ? "" : "s")"
        if let first = bad.first { s += ", first \(first)" }
        return s
    }
}
