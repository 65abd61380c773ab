import ODataModel

/// Where commands get a metadata document from, given as the user wrote it. Today a file; a service URL (its
/// `$metadata`, through `HTTPClient.fetchMetadata` into `MetadataReader.feed`) is the one addition here, together
/// with the connection options (authentication, TLS) it needs.
enum MetadataLoader {
    /// Reads and validates the document at `location`; throws `MetadataError` (invalid), `MetadataFileError` or
    /// `UsageError` (a URL, not yet).
    static func load(_ location: String, strict: Bool) throws -> CsdlDocument {
        let lower = location.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            throw UsageError("\(location): reading metadata from a service URL is not supported here yet; save its $metadata to a file")
        }
        return try MetadataReader.read(file: location, options: .init(strict: strict))
    }
}
