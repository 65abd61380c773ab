import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    /// Sends a `$batch`: multipart/mixed with change sets, or a JSON batch (the default for 4.01 services, or when
    /// `json` says so). HTTP errors of single requests come back in their part, not thrown.
    /// `continueOnError` asks the service to go on after a failed request (`Prefer: odata.continue-on-error`).
    public func executeBatch(_ batch: BatchRequest, json: Bool? = nil, continueOnError: Bool = false) async throws -> BatchResponse {
        var request = try batchHTTPRequest(batch, json: json)
        if continueOnError { request.headers.set("Prefer", "odata.continue-on-error") }
        let response = try await client.send(request)
        let bytes = [UInt8](response.body ?? Data())
        let contentType = response.headers["Content-Type"] ?? ""
        if contentType.lowercased().hasPrefix("application/json") { return try JSONBatchReader.read(bytes) }
        guard contentType.lowercased().hasPrefix("multipart/") else {
            throw DataServiceError(.unexpectedResponse("$batch answered with \(contentType.isEmpty ? "no content type" : contentType), not a batch"))
        }
        return try MultipartBatchReader.read(bytes, contentType: contentType)
    }

    /// The blocking form of `executeBatch(_:json:continueOnError:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func executeBatch(_ batch: BatchRequest, json: Bool? = nil, continueOnError: Bool = false) throws -> BatchResponse {
        try BlockingBridge.wait { try await executeBatch(batch, json: json, continueOnError: continueOnError) }
    }

    /// The blocking form of `executeBatch(_:json:)` for typed requests.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func executeBatch(_ parts: [DataRequest.BatchPart], json: Bool? = nil) throws -> [BatchResult] {
        try BlockingBridge.wait { try await executeBatch(parts, json: json) }
    }

    /// The `$batch` request as it is sent: multipart/mixed, or a JSON batch (4.01 services, or when `json` says so).
    func batchHTTPRequest(_ batch: BatchRequest, json: Bool? = nil) throws -> HTTPRequest {
        let useJSON = usesJSONBatch(json)
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
        return HTTPRequest(method: .post, url: client.sessionURL(serviceRoot + "$batch"), headers: headers, body: Data(body))
    }

    /// Whether a batch goes as JSON: as `json` says, else for a 4.01 service.
    func usesJSONBatch(_ json: Bool?) -> Bool { json ?? (version.isV4 && metadata.edmxVersion == "4.01") }

    /// What one request of a batch came back as: its response, and the entities or values in it.
    public struct BatchResult {
        /// The request as it was given.
        public var request: DataRequest
        /// Its response in the batch: status, headers, body.
        public var response: BatchOperationResponse
        /// The entities its response holds.
        public var entities: [EntityValue]
        /// The values its response holds (a property, an operation's result).
        public var values: [DataValue]
        /// The request was in a change set.
        public var inChangeSet: Bool
    }

    /// Sends typed requests as one `$batch` (change sets all or none) and reads each answer: the results in the
    /// order of the requests. A change set that failed as a whole gives its one response to each of its requests.
    /// The service is asked to go on after a failed request; one that stops anyway leaves the later requests without
    /// an answer (status 0).
    public func executeBatch(_ parts: [DataRequest.BatchPart], json: Bool? = nil) async throws -> [BatchResult] {
        let (batch, order) = try batchRequest(for: parts)
        let response = try await executeBatch(batch, json: json, continueOnError: true)
        // Each request has the Content-ID of its number (from 1). A JSON batch answers request by request in any
        // order, by id; a multipart one part by part in order, the requests of a change set in any order, by
        // Content-ID where the service echoes it (OData V4 Protocol, 11.7.7.2 and 11.7.8).
        func answer(_ id: Int) -> BatchOperationResponse? { response.response(contentID: String(id)) }
        var answers: [BatchOperationResponse] = []
        var id = 0
        if usesJSONBatch(json) {
            for part in parts {
                let n: Int = if case .changeSet(let rs) = part { rs.count } else { 1 }
                // A failed atomicity group may answer once for all of its requests.
                let found = (0..<n).map { k in answer(id + k + 1) }
                let failure = found.compactMap { $0 }.first { !$0.succeeded }
                answers += found.map { $0 ?? failure ?? r0 }
                id += n
            }
        } else {
            for (k, part) in parts.enumerated() {
                let n: Int = if case .changeSet(let rs) = part { rs.count } else { 1 }
                defer { id += n }
                guard k < response.parts.count else { answers += Array(repeating: r0, count: n); continue }
                switch response.parts[k] {
                case .response(let r):
                    // A request's answer, or a failed change set's one answer for all of its requests.
                    answers += Array(repeating: r, count: n)
                case .changeSet(let rs):
                    let ids = Set((id + 1...id + max(n, 1)).map(String.init))
                    let byID = rs.count == n && rs.allSatisfy { $0.contentID.map(ids.contains) ?? false }
                    if byID {
                        answers += (0..<n).map { i in rs.first { $0.contentID == String(id + i + 1) } ?? r0 }
                    } else if rs.count == n {
                        answers += rs
                    } else {
                        answers += Array(repeating: rs.first ?? r0, count: n)
                    }
                }
            }
        }
        var results: [BatchResult] = []
        for ((request, inChangeSet), r) in zip(order, answers) {
            var entities: [EntityValue] = [], values: [DataValue] = []
            if r.succeeded { (entities, values) = try readBatchResponse(r, target: batchTarget(of: request)) }
            results.append(BatchResult(request: request, response: r, entities: entities, values: values, inChangeSet: inChangeSet))
        }
        return results
    }

    /// No answer for a request (a batch response shorter than the request).
    private var r0: BatchOperationResponse { BatchOperationResponse(status: 0, reason: "no answer: the service stopped before it") }

    /// The batch of typed requests, each with a Content-ID (its number, from 1), and the requests in order.
    func batchRequest(for parts: [DataRequest.BatchPart]) throws -> (batch: BatchRequest, order: [(DataRequest, Bool)]) {
        var batch = BatchRequest()
        var order: [(DataRequest, Bool)] = []
        func operation(_ request: DataRequest) throws -> BatchOperation {
            try batchOperation(request, contentID: String(order.count + 1))
        }
        for part in parts {
            switch part {
            case .request(let request):
                batch.add(try operation(request))
                order.append((request, false))
            case .changeSet(let requests):
                var ops: [BatchOperation] = []
                for request in requests {
                    ops.append(try operation(request))
                    order.append((request, true))
                }
                batch.addChangeSet(ops, id: "changeset\(batch.parts.count + 1)")
            }
        }
        return (batch, order)
    }

    /// One typed request as a part of a batch: URL, headers and body as `execute` would send them.
    func batchOperation(_ request: DataRequest, contentID: String?) throws -> BatchOperation {
        if case .batch = request.kind { throw DataServiceError(.invalidArgument("a batch cannot hold a batch")) }
        let r = try serviceRequest(for: request, ifMatch: request.entity?.etag)
        var headers = r.headers.map { (name: $0.name, value: $0.value) }
        if r.body != nil { headers.append(("Content-Type", "application/json")) }
        headers.append(("Accept", (r.answer ?? .ofRawURL(r.relativeURL, method: r.method)).accept))
        return BatchOperation(method: r.method.rawValue, url: r.relativeURL, headers: headers,
                              body: r.body.map { [UInt8]($0) }, contentID: contentID)
    }

    /// What the answer to a request of a batch holds: from its query, or from its URL for a raw request.
    private func batchTarget(of request: DataRequest) throws -> PayloadTarget? {
        if case .raw(_, let url) = request.kind { return target(forRelativeURL: url) }
        if case .create(let e) = request.kind { return target(for: request.query) ?? .entityType(e.entityType, set: e.entitySet) }
        return target(for: request.query)
    }

    /// The entities and values in one response of a batch; `relativeURL` is the request's URL (for its target).
    package func readBatchResponse(_ response: BatchOperationResponse, relativeURL: String) throws -> (entities: [EntityValue], values: [DataValue]) {
        try readBatchResponse(response, target: target(forRelativeURL: relativeURL))
    }

    /// The entities and values in one response of a batch, read as `target` says.
    public func readBatchResponse(_ response: BatchOperationResponse, target: PayloadTarget?) throws -> (entities: [EntityValue], values: [DataValue]) {
        guard !response.body.isEmpty, let target,
              let format = PayloadFormat.from(contentType: response.header("Content-Type") ?? "", version: version) else {
            return ([], [])
        }
        let result = try PayloadReader.readAll(response.body, format: format, model: metadata, target: target, options: readOptions)
        return (result.entities, result.values)
    }

    /// A batch request that creates `entity` in its entity set (for a change set).
    public func batchCreate(_ entity: EntityValue, contentID: String? = nil) throws -> BatchOperation {
        guard entity.entitySet != nil else { throw DataServiceError(.invalidArgument("\(entity.entityType.name): no entity set")) }
        return try batchOperation(.create(entity), contentID: contentID)
    }

    /// A batch request that updates `entity` with its changes (PATCH in V4, MERGE in V2), If-Match from its ETag.
    public func batchUpdate(_ entity: EntityValue, contentID: String? = nil) throws -> BatchOperation {
        try batchOperation(.update(entity, at: try path(of: entity)), contentID: contentID)
    }

    /// A batch request that deletes `entity`, If-Match from its ETag.
    public func batchDelete(_ entity: EntityValue, contentID: String? = nil) throws -> BatchOperation {
        try batchOperation(.delete(at: try path(of: entity), entity: entity), contentID: contentID)
    }
}
