import ODataModel

/// The metadata carried by generated proxy classes could not be read by this library.
public struct EmbeddedMetadataError: CategorizedError, CustomStringConvertible, Sendable {
    /// The service the classes were generated for.
    public var source: String
    /// What the metadata reader said.
    public var message: String
    /// Invalid data: the text in the generated source is not metadata this library reads.
    public var category: ErrorCategory { .invalidData }
    /// The reader's message, with a hint to generate the classes again.
    public var description: String {
        "the metadata embedded in the proxy classes of \(source) cannot be read (\(message)); generate them again with this library's odsh"
    }
}
