import ODataModel

extension DataService {
    /// SAP's `refreshMetadata`: loads `$metadata` again and uses it from now on if it is compatible with the metadata
    /// in use (see `refreshMetadata(from:options:)`); throws `MetadataRefreshError` and keeps the metadata otherwise.
    @discardableResult
    public func refreshMetadata(options: MetadataComparison.Options = .init()) async throws -> MetadataRefresh {
        try refreshMetadata(from: try await fetchMetadataDocument(), options: options)
    }

    /// The blocking form of `refreshMetadata(options:)`.
    @discardableResult
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func refreshMetadata(options: MetadataComparison.Options = .init()) throws -> MetadataRefresh {
        try BlockingBridge.wait { try await refreshMetadata(options: options) }
    }

    /// Checks `newer` against the metadata in use under the pre-approvals (the current document's
    /// `hasOpenEnumerations`, `canChangeAnything`, `canRemoveAnything`, its elements' `canBeRemoved`, and `options`)
    /// and, when compatible, uses it from now on: added elements marked `isExtension`, removed ones carried over
    /// marked `isRemoved` (`CsdlDocument.refreshMetadata(with:options:)`). On an incompatible change it throws
    /// `MetadataRefreshError` with the report, and the metadata in use stays as it was.
    @discardableResult
    public func refreshMetadata(from newer: CsdlDocument, options: MetadataComparison.Options = .init()) throws -> MetadataRefresh {
        // Only a refresh that went ahead touches the current document (it hands its removed elements over).
        let result = try metadata.refreshMetadata(with: newer, options: options)
        replaceMetadata(result.document)
        return result
    }
}
