/// The outcome of a metadata refresh that went ahead: what changed, and the refreshed model.
public struct MetadataRefresh {
    /// What changed (nothing incompatible).
    public let report: MetadataComparisonReport
    /// The newer document, now the refreshed model: elements the older one lacked are marked `isExtension`; elements
    /// it had and the newer one lacks are carried over, marked `isRemoved`, so that existing users still find them.
    public let document: CsdlDocument
}

extension CsdlDocument {
    /// Checks that `newer` is compatible with this document (the one the client was built against) and, when it is,
    /// returns the refreshed model (SAP's `refreshMetadata`): `newer`, with added elements marked `isExtension`
    /// and removed ones carried over marked `isRemoved`. Changed elements take their new form and are not marked.
    ///
    /// Pre-approvals come from this document's flags (`hasOpenEnumerations`, `canChangeAnything`,
    /// `canRemoveAnything`, each element's `canBeRemoved`) and from `options`; the refreshed model keeps this
    /// document's flags. Throws `MetadataRefreshError`, carrying the report, when a change is incompatible; then
    /// neither document is touched. After a refresh, use the returned document: this one has handed its removed
    /// elements over to it. A placeholder (metadata not loaded yet) has nothing to check against: `newer` is taken
    /// as it is, with an empty report, as SAP's refresh does when no metadata was loaded before.
    public func refreshMetadata(with newer: CsdlDocument, options: MetadataComparison.Options = .init()) throws -> MetadataRefresh {
        if isPlaceholder {
            newer.hasOpenEnumerations = hasOpenEnumerations
            newer.canChangeAnything = canChangeAnything
            newer.canRemoveAnything = canRemoveAnything
            return MetadataRefresh(report: MetadataComparisonReport(oldVersion: newer.version, newVersion: newer.version,
                                                                    approvals: options, changes: []), document: newer)
        }
        let comparison = MetadataComparison(old: self, new: newer, options: options)
        let report = comparison.report
        guard report.isCompatible else { throw MetadataRefreshError(report: report) }
        RefreshMerge(comparison).apply()
        newer.hasOpenEnumerations = hasOpenEnumerations
        newer.canChangeAnything = canChangeAnything
        newer.canRemoveAnything = canRemoveAnything
        return MetadataRefresh(report: report, document: newer)
    }
}
