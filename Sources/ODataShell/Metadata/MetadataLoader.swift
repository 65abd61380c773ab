import ODataModel

/// Where commands get a metadata document from, given as the user wrote it. Today a file; once the HTTP client
/// lands, a service URL (its `$metadata`) is the one addition here.
enum MetadataLoader {
    /// Reads and validates the document at `location`; throws `MetadataError` (invalid) or `MetadataFileError`.
    static func load(_ location: String, strict: Bool) throws -> CsdlDocument {
        try MetadataReader.read(file: location, options: .init(strict: strict))
    }
}
