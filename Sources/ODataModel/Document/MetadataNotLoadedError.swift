/// A look-up in metadata that is not loaded yet: a `DataService` opened with `DataService(provider:)` has none until
/// its `loadMetadata()` (SAP's order of things).
public struct MetadataNotLoadedError: CategorizedError, Sendable, CustomStringConvertible {
    /// Where the metadata would come from (the service root).
    public var source: String
    /// What was looked up (`entity set Products`).
    public var lookup: String
    /// A caller's mistake in the order of calls: `.usage`.
    public var category: ErrorCategory { .usage }

    /// An error for a look-up of `lookup` in the metadata of `source`.
    public init(source: String, lookup: String) { self.source = source; self.lookup = lookup }

    /// The sentence for people.
    public var description: String {
        let of = source.isEmpty ? "" : " of \(source)"
        return "cannot look up \(lookup): the metadata\(of) is not loaded (call loadMetadata() first)"
    }
}
