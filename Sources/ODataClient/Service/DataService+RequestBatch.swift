import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    /// Applies a change set as one unit of work (SAP's `applyChanges`): one `$batch` holding it, all of its changes
    /// applied or none. Throws the failure (a 412 as `DataServiceError.Kind.conflict`, else the service's error with
    /// its HTTP status and OData error); on success the entities hold what the service answered (see `ChangeSet`).
    public func applyChanges(_ changes: ChangeSet) async throws {
        let batch = RequestBatch()
        batch.addChanges(changes)
        try await processBatch(batch)
        if let error = changes.error { throw error }
    }

    /// The blocking form of `applyChanges(_:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func applyChanges(_ changes: ChangeSet) throws {
        try BlockingBridge.wait { try await applyChanges(changes) }
    }

    /// The blocking form of `processBatch(_:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func processBatch(_ batch: RequestBatch) throws {
        try BlockingBridge.wait { try await processBatch(batch) }
    }

    /// Sends a batch of queries and change sets as one `$batch` (SAP's `processBatch`) and reads each answer into it:
    /// `RequestBatch.queryResult(for:)` for the queries, `ChangeSet.responses` and `ChangeSet.error` for the change
    /// sets, whose entities take what the service answered. Throws when the batch cannot be written or sent, or its
    /// answer cannot be read; a refused query or change set is recorded in its part instead.
    public func processBatch(_ batch: RequestBatch) async throws {
        var parts: [DataRequest.BatchPart] = []
        var sentURLs: [String?] = []
        for item in batch.items {
            switch item {
            case .query(let q):
                var request = DataRequest.query(q)
                sentURLs.append(try request.writeURL(for: version))
                parts.append(.request(request))
            case .changeSet(let c):
                c.resetResults()
                // An empty change set has nothing to send (some services refuse an empty multipart part).
                if !c.isEmpty { parts.append(.changeSet(try c.changes.map(changeRequest))) }
                sentURLs.append(nil)
            }
        }
        let results = parts.isEmpty ? [] : try await executeBatch(parts)
        var next = 0
        var queryResults: [Result<QueryResult, any Error>?] = []
        for item in batch.items {
            switch item {
            case .query(let q):
                let r = next < results.count ? results[next] : nil
                next += 1
                guard let r else {
                    queryResults.append(.failure(DataServiceError(.unexpectedResponse("$batch: no answer to \(sentURLs[queryResults.count] ?? "a query")"))))
                    continue
                }
                queryResults.append(r.response.succeeded ? Result { try batchQueryResult(q, r) } : .failure(batchError(r)))
            case .changeSet(let c):
                queryResults.append(nil)
                let first = min(next, results.count)
                let answers = Array(results[first..<min(next + c.size, results.count)])
                next += c.size
                c.responses = answers.map(\.response)
                // The refusal that explains the failure: the answer that is a change's own (its Content-ID is the
                // change's number; a failed change set may give one answer to all of its changes) rather than one
                // left without an answer because of it.
                let own = answers.enumerated().filter { i, a in a.response.contentID.map { $0 == String(first + i + 1) } ?? true }.map(\.element)
                if let failed = own.first(where: { !$0.response.succeeded && $0.response.status != 0 })
                    ?? answers.first(where: { !$0.response.succeeded && $0.response.status != 0 })
                    ?? answers.first(where: { !$0.response.succeeded }) {
                    c.error = batchError(failed)
                } else if answers.count < c.size {
                    c.error = DataServiceError(.unexpectedResponse("$batch: the service answered \(answers.count) of \(c.size) changes"))
                } else {
                    for (change, answer) in zip(c.changes, answers) { adoptAnswer(answer, of: change) }
                }
            }
        }
        batch.answer = RequestBatch.Answer(queryResults: queryResults, sentQueryURLs: sentURLs, sentVersion: version, isProcessed: true)
    }

    /// The typed request of one change (also of the single writes that are changes: links, related entities).
    func changeRequest(_ change: ChangeSet.Change) throws -> DataRequest {
        func withOptions(_ request: DataRequest, _ entity: EntityValue, _ options: RequestOptions) -> DataRequest {
            var r = request
            r.headers = options.headers
            if r.sendsIfMatch { r.ifMatch = entity.etag == nil && options.ifMatchAnyWhenNoETag ? .any : .entityETag }
            return r
        }
        switch change {
        case .createEntity(let entity, let options):
            if entity.entitySet == nil {
                // As `createEntity`: the entity set is the only one of the entity's type.
                let sets = metadata.entitySets.filter { $0.entityTypeIfResolved === entity.entityType }
                if sets.count == 1 { entity.entitySet = sets[0] }
            }
            guard let set = entity.entitySet else {
                throw DataServiceError(.invalidArgument("\(entity.entityType.name): no entity set to create it in (EntityValue.ofType(_:in:))"))
            }
            return withOptions(.create(entity, at: DataQuery().from(set)), entity, options)
        case .createRelatedEntity(let entity, let source, let property, let options):
            return withOptions(.create(entity, at: try path(of: source).navigate(property)), entity, options)
        case .updateEntity(let entity, let options):
            let path = try path(of: entity)
            return withOptions(options.updateMode == .replace ? .replace(entity, at: path) : .update(entity, at: path), entity, options)
        case .deleteEntity(let entity, let options):
            return withOptions(.delete(at: try path(of: entity), entity: entity), entity, options)
        case .createLink(let source, let property, let target):
            return .link(try path(of: source).navigate(property), to: try path(of: target), collection: property.isCollection)
        case .updateLink(let source, let property, let target):
            guard !property.isCollection else {
                throw DataServiceError(.invalidArgument("\(property.name) is a collection: add a link with createLink and remove one with deleteLink"))
            }
            return .link(try path(of: source).navigate(property), to: try path(of: target), collection: false)
        case .deleteLink(let source, let property, let target):
            if property.isCollection {
                guard let target else {
                    throw DataServiceError(.invalidArgument("\(property.name) is a collection: name the entity whose link goes"))
                }
                return .unlink(try path(of: source).navigate(property), from: try path(of: target))
            }
            return .unlink(try path(of: source).navigate(property), from: nil)
        }
    }

    /// What a successful create or update answered goes into its entity, as `createEntity`/`updateEntity` do.
    private func adoptAnswer(_ answer: BatchResult, of change: ChangeSet.Change) {
        let entity: EntityValue
        let isCreate: Bool
        switch change {
        case .createEntity(let e, _), .createRelatedEntity(let e, _, _, _): entity = e; isCreate = true
        case .updateEntity(let e, _): entity = e; isCreate = false
        case .deleteEntity, .createLink, .updateLink, .deleteLink: return
        }
        let answered = answer.entities.first
        if let a = answered {
            for (p, v) in a.propertyValues { try? entity.setValue(p, to: v) }
            if let tag = a.etag { entity.etag = tag }
            if entity.entitySet == nil { entity.entitySet = a.entitySet }
            if entity.editLink == nil { entity.editLink = a.editLink }
        }
        if let tag = answer.response.header("ETag") {
            entity.etag = tag
        } else if answered?.etag == nil, !isCreate {
            // Changed without word of its new ETag: the old one is stale now.
            entity.etag = nil
        }
        entity.resetChanges()
        if isCreate { entity.isNew = false }
    }

    /// The result of a query answered inside a batch: its entities or values, count and next link, as
    /// `executeQuery` gives them for its first page; `nextPage()` goes on outside the batch.
    private func batchQueryResult(_ query: DataQuery, _ answer: BatchResult) throws -> QueryResult {
        let r = answer.response
        let url = try answer.request.relativeURL(for: version)
        let contentType = r.header("Content-Type")
        if query.countOnly {
            let text = String(r.bodyText.filter { !$0.isWhitespace })
            guard let n = Int(text) else { throw DataServiceError(.unexpectedResponse("$count answered \(text.prefix(40)), not a number")) }
            return QueryResult(service: self, request: ServiceRequest(method: .get, relativeURL: url),
                               response: ServiceResponse(status: r.status, count: n, pagesRead: 1, rawBody: Data(r.body),
                                                         contentType: contentType),
                               entities: [], values: [])
        }
        let target = target(for: query)
        var entities: [EntityValue] = [], values: [DataValue] = []
        var page = PageInfo()
        if !r.body.isEmpty, let target, let format = PayloadFormat.from(contentType: contentType ?? "", version: version) {
            let read = try PayloadReader.readAll(r.body, format: format, model: metadata, target: target, options: readOptions)
            (entities, values, page) = (read.entities, read.values, read.pageInfo)
        }
        let etag = r.header("ETag")
        if entities.count == 1, entities[0].etag == nil, let etag { entities[0].etag = etag }
        let response = ServiceResponse(status: r.status, count: page.count.map { Int($0) }, nextLink: page.nextLink.map(absoluteURL),
                                       pagesRead: 1, morePages: page.nextLink != nil, etag: etag, contentType: contentType)
        return QueryResult(service: self, request: ServiceRequest(method: .get, relativeURL: url, target: target),
                           response: response, entities: entities, values: values)
    }

    /// The error of a request the batch's answer refused: a 412 or 428 as `DataServiceError`, else the HTTP error
    /// with the service's OData error.
    private func batchError(_ answer: BatchResult) -> any Error {
        let r = answer.response
        guard r.status != 0 else { return DataServiceError(.unexpectedResponse("$batch: \(r.reason)")) }
        let method = answer.request.method(for: version)
        let url = requestURL((try? answer.request.relativeURL(for: version, absolute: requestURL)) ?? "$batch")
        let body = Data(r.body)
        let contentType = r.header("Content-Type")
        let error = ODataClientError(.http(status: r.status, reason: r.reason,
                                           odataError: ODataErrorResponse.parse(body, contentType: contentType),
                                           bodySummary: ResponseBodySummary.summarize(body, contentType: contentType)),
                                     method: method, url: url, responseHeaders: HTTPHeaders(r.headers.map { ($0.name, $0.value) }))
        let name = answer.request.entity.map(\.displayPath) ?? url
        switch r.status {
        case 412: return DataServiceError(.conflict(entity: name), underlying: error)
        case 428: return DataServiceError(.preconditionRequired(entity: name), underlying: error)
        default: return error
        }
    }
}
