/// Where a media resource or stream property can be read and written (SAP's `StreamLink`).
public struct StreamLink: Hashable, Sendable, CustomStringConvertible {
    public var readLink: String?
    public var editLink: String?
    public var contentType: String?
    public var etag: String?

    public init(readLink: String? = nil, editLink: String? = nil, contentType: String? = nil, etag: String? = nil) {
        self.readLink = readLink; self.editLink = editLink; self.contentType = contentType; self.etag = etag
    }

    public var isEmpty: Bool { readLink == nil && editLink == nil && contentType == nil && etag == nil }
    public var description: String { readLink ?? editLink ?? "(stream)" }
}
