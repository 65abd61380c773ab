import FoundationEssentials
import ODataModel

extension DataService {
    /// Sends a `$batch`: multipart/mixed with change sets, or a JSON batch (the default for 4.01 services, or when
    /// `json` says so). HTTP errors of single requests come back in their part, not thrown.
    public func executeBatch(_ batch: BatchRequest, json: Bool? = nil) throws -> BatchResponse {
        let useJSON = json ?? (version.isV4 && metadata.edmxVersion == "4.01")
        let body: [UInt8]
        var headers = HTTPHeaders()
        if useJSON {
            let writer = JSONBatchWriter()
            body = writer.body(for: batch)
            headers.set("Content-Type", writer.contentType)
            headers.set("Accept", "application/json")
        } else {
            let writer = MultipartBatchWriter(version: version)
            body = writer.body(for: batch)
            headers.set("Content-Type", writer.contentType)
            headers.set("Accept", "multipart/mixed")
        }
        if version.isV4 { headers.set("OData-Version", "4.0") } else { headers.set("DataServiceVersion", "2.0") }
        let response = try client.send(HTTPRequest(method: .post, url: serviceRoot + "$batch", headers: headers, body: Data(body)))
        let bytes = [UInt8](response.body ?? Data())
        let contentType = response.headers["Content-Type"] ?? ""
        if contentType.lowercased().hasPrefix("application/json") { return try JSONBatchReader.read(bytes) }
        guard contentType.lowercased().hasPrefix("multipart/") else {
            throw DataServiceError(.unexpectedResponse("$batch answered with \(contentType.isEmpty ? "no content type" : contentType), not a batch"))
        }
        return try MultipartBatchReader.read(bytes, contentType: contentType)
    }

    /// The entities and values in one response of a batch; `relativeURL` is the request's URL (for its target).
    public func readBatchResponse(_ response: BatchOperationResponse, relativeURL: String) throws -> (entities: [EntityValue], values: [DataValue]) {
        guard !response.body.isEmpty, let target = target(forRelativeURL: relativeURL),
              let format = PayloadFormat.from(contentType: response.header("Content-Type") ?? "", version: version) else {
            return ([], [])
        }
        let result = try PayloadReader.readAll(response.body, format: format, model: metadata, target: target, options: readOptions)
        return (result.entities, result.values)
    }

    /// A batch request that creates `entity` (for a change set).
    public func batchCreate(_ entity: EntityValue, contentID: String? = nil) throws -> BatchOperation {
        guard let set = entity.entitySet else { throw DataServiceError(.invalidArgument("\(entity.entityType.name): no entity set")) }
        return .json("POST", set.name, body: EntityBodyWriter(version: version).body(for: entity, content: .full), contentID: contentID)
    }

    /// A batch request that updates `entity` with its changes (PATCH in V4, MERGE in V2), If-Match from its ETag.
    public func batchUpdate(_ entity: EntityValue, contentID: String? = nil) throws -> BatchOperation {
        let headers: [(name: String, value: String)] = entity.etag.map { [("If-Match", $0)] } ?? []
        return .json(version.isV4 ? "PATCH" : "MERGE", try batchEntityURL(entity),
                     body: EntityBodyWriter(version: version).body(for: entity, content: .changes), headers: headers, contentID: contentID)
    }

    /// A batch request that deletes `entity`, If-Match from its ETag.
    public func batchDelete(_ entity: EntityValue, contentID: String? = nil) throws -> BatchOperation {
        let headers: [(name: String, value: String)] = entity.etag.map { [("If-Match", $0)] } ?? []
        return BatchOperation(method: "DELETE", url: try batchEntityURL(entity), headers: headers, contentID: contentID)
    }

    /// `Set(key)` unencoded: odatapy answers a percent-encoded key inside a multipart batch with 400.
    private func batchEntityURL(_ entity: EntityValue) throws -> String {
        guard let set = entity.entitySet else { throw DataServiceError(.invalidArgument("\(entity.displayPath): no entity set")) }
        return set.name + (try entity.keyPredicate(version: version))
    }
}
