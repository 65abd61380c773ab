import FoundationEssentials
import ODataModel

extension HTTPClient {
    /// `fetchMetadata` into a metadata reader: the size the answer declares first (`MetadataReader.expect`), then its
    /// bytes as they come; `copy` sees each chunk before the reader does (a cache file being written).
    @discardableResult
    public func fetchMetadata(serviceURL: String, headers: HTTPHeaders = HTTPHeaders(), into reader: MetadataReader,
                              copy: (UnsafeRawBufferPointer) -> Void = { _ in }) throws -> HTTPResponse {
        try BlockingBridge.wait { try await fetchMetadata(serviceURL: serviceURL, headers: headers, into: reader, copy: copy) }
    }

    /// The async form of `fetchMetadata(serviceURL:headers:into:copy:)`: the reader parses in the calling task.
    @discardableResult
    public func fetchMetadata(serviceURL: String, headers: HTTPHeaders = HTTPHeaders(), into reader: MetadataReader,
                              copy: (UnsafeRawBufferPointer) -> Void = { _ in }) async throws -> HTTPResponse {
        var received = 0
        let limit = configuration.maxMetadataBytes
        // An HTML page where the document should be (a sign-in page, a SAML identity provider's form) is kept
        // to be named, not parsed.
        var page: (contentType: String, body: Data)?
        var contentType = ""
        let response = try await fetchMetadata(serviceURL: serviceURL, headers: headers, onHeaders: { head in
            contentType = head.headers["Content-Type"] ?? ""
            if contentType.lowercased().contains("html") { page = (contentType, Data()) }
            reader.expect(head)
        }) { chunk in
            if received == 0, page == nil, NotODataBody.startsAsHTML(chunk) { page = (contentType, Data()) }
            received += chunk.count
            if received > limit {
                throw ODataClientError(.tooLarge(setting: .maxMetadataBytes, limit: limit, received: received),
                                       method: .get, url: Self.metadataURLForDisplay(serviceURL))
            }
            if page != nil {
                if page!.body.count < NotODataBody.sniffLimit { page!.body.append(contentsOf: chunk.prefix(NotODataBody.sniffLimit - page!.body.count)) }
                return
            }
            copy(chunk)
            try reader.feed(chunk)
        }
        if let page, (200..<300).contains(response.status) { throw NotODataBody.error(page.body, contentType: page.contentType) }
        return response
    }

}

extension MetadataReader {
    /// Takes the size a `$metadata` answer declares (its Content-Length, when the body is not content-encoded: then
    /// the length is the encoded one) as the document's size (`MetadataReader.expect(size:)`).
    public func expect(_ head: HTTPResponseHead) {
        guard head.headers["Content-Encoding"] == nil,
              let declared = head.headers["Content-Length"], let size = Int(declared), size > 0 else { return }
        expect(size: size)
    }
}
