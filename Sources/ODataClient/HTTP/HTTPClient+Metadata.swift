import ODataModel

extension HTTPClient {
    /// `fetchMetadata` into a metadata reader: the size the answer declares first (`MetadataReader.expect`), then its
    /// bytes as they come; `copy` sees each chunk before the reader does (a cache file being written).
    @discardableResult
    public func fetchMetadata(serviceURL: String, headers: HTTPHeaders = HTTPHeaders(), into reader: MetadataReader,
                              copy: (UnsafeRawBufferPointer) -> Void = { _ in }) throws -> HTTPResponse {
        var received = 0
        let limit = configuration.maxMetadataBytes
        return try fetchMetadata(serviceURL: serviceURL, headers: headers, onHeaders: { reader.expect($0) }) { chunk in
            received += chunk.count
            if received > limit {
                throw ODataClientError(.tooLarge(what: "HTTPConfiguration.maxMetadataBytes, --max-metadata-size", limit: limit),
                                       method: .get, url: Self.metadataURLForDisplay(serviceURL))
            }
            copy(chunk)
            try reader.feed(chunk)
        }
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
