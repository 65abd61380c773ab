/// Where a media resource or stream property can be read and written (SAP's `StreamLink`).
public struct StreamLink: Hashable, Sendable, CustomStringConvertible {
    /// Where the stream is read (`@odata.mediaReadLink`, V2 `media_src`).
    public var readLink: String?
    /// Where the stream is written (`@odata.mediaEditLink`, V2 `edit_media`).
    public var editLink: String?
    /// The stream's media type (`@odata.mediaContentType`).
    public var contentType: String?
    /// The stream's ETag (`@odata.mediaEtag`), for writes.
    public var etag: String?

    /// A link with these parts.
    public init(readLink: String? = nil, editLink: String? = nil, contentType: String? = nil, etag: String? = nil) {
        self.readLink = readLink; self.editLink = editLink; self.contentType = contentType; self.etag = etag
    }

    /// Whether nothing is known of the stream.
    public var isEmpty: Bool { readLink == nil && editLink == nil && contentType == nil && etag == nil }
    /// The read link, else the edit link, else `(stream)`.
    public var description: String { readLink ?? editLink ?? "(stream)" }
}
