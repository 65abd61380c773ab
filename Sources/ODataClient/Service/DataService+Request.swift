import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    /// What would be sent for `request`, without sending it: method, absolute URL (with the service root's own
    /// query and the session's SAP parameters), the request's headers (`Accept`, `OData-MaxVersion`, `Content-Type`,
    /// `If-Match`, `Prefer`) and body. `If-Match` is the entity's ETag as it is now; the ETag a write may read first
    /// is not known before it is sent. The session's own headers and credentials are added by
    /// `HTTPClient.requestAsSent(_:)`.
    public func httpRequest(for request: DataRequest) throws -> HTTPRequest {
        if case .batch(let parts) = request.kind { return try batchHTTPRequest(try batchRequest(for: parts).batch) }
        let r = try serviceRequest(for: request, ifMatch: request.entity?.etag)
        let url = client.sessionURL(requestURL(r.relativeURL))
        var headers = protocolHeaders(answer: r.answer ?? .ofRawURL(url, method: r.method), hasBody: r.body != nil)
        for f in r.headers { headers.set(f.name, f.value) }
        return HTTPRequest(method: r.method, url: url, headers: headers, body: r.body)
    }

    /// Sends `request` and streams its answer: entities and values go to the callbacks as their bytes arrive, and with
    /// `.allPages` next links are followed lazily, one page held at a time; `onEntity` returns false to stop reading
    /// (no further page is requested), and `onPageEnd` sees each page's end before the next is requested. What the
    /// typed request knows is used: `top` holds across pages whatever the next links say; `maxPageSize` is asked for
    /// with `Prefer: odata.maxpagesize`; a write sends `If-Match` as `request.ifMatch` says (with
    /// `.entityETagReadingIfMissing`, reading the entity's ETag first when it has none and the service wants one); a
    /// stale ETag (412) is `DataServiceError.Kind.conflict`. The entity of a create or update takes the values and ETag
    /// the service answers with. `onRawChunk` streams a plain answer's body (`$value`, a raw URL's body that is not a
    /// payload) as it arrives instead of keeping it in `ServiceResponse.rawBody`.
    public func execute(_ request: DataRequest, paging: Paging,
                        onEntity: (EntityValue) throws -> Bool, onValue: (DataValue) throws -> Void,
                        onPageEnd: ((ServiceResponse) throws -> Void)? = nil,
                        onRawChunk: ((UnsafeRawBufferPointer) throws -> Void)? = nil) async throws -> ServiceResponse {
        if case .batch = request.kind {
            throw DataServiceError(.invalidArgument("a batch is sent with executeBatch(_:), which answers request by request"))
        }
        guard let entity = request.entity else {
            return try await read(request, paging: paging, onEntity: onEntity, onValue: onValue, onPageEnd: onPageEnd,
                                  onRawChunk: onRawChunk)
        }
        var readETag = false
        let mayRead = request.ifMatch == .entityETagReadingIfMissing
        if mayRead, entity.etag == nil, request.sendsIfMatch, hasConcurrencyToken(entity) {
            try await loadETag(of: request, into: entity)
            readETag = true
        }
        do {
            return try await write(request, entity: entity, onEntity: onEntity, onValue: onValue)
        } catch let e as DataServiceError where mayRead && !readETag && entity.etag == nil {
            guard case .preconditionRequired = e.kind else { throw e }
            // The service wants an ETag the entity was not read with: read it, and send once more.
            try await loadETag(of: request, into: entity)
            return try await write(request, entity: entity, onEntity: onEntity, onValue: onValue)
        }
    }

    /// The blocking form of `execute(_:paging:onEntity:onValue:onPageEnd:onRawChunk:)`: the callbacks run on the
    /// calling thread.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func execute(_ request: DataRequest, paging: Paging,
                        onEntity: (EntityValue) throws -> Bool, onValue: (DataValue) throws -> Void,
                        onPageEnd: ((ServiceResponse) throws -> Void)? = nil,
                        onRawChunk: ((UnsafeRawBufferPointer) throws -> Void)? = nil) throws -> ServiceResponse {
        try BlockingBridge.wait {
            try await execute(request, paging: paging, onEntity: onEntity, onValue: onValue, onPageEnd: onPageEnd,
                              onRawChunk: onRawChunk)
        }
    }

    /// Gives the entity of a write the ETag that `execute` would send in `If-Match`: with
    /// `.entityETagReadingIfMissing`, when the entity has none, it is read now, as `execute` reads it (first when
    /// the metadata declares a concurrency token, else after the service answered 428). For showing the request as
    /// it would be sent (a curl command line); an entity without an ETag keeps none.
    package func readETagIfMissing(for request: DataRequest) throws {
        guard let entity = request.entity, request.ifMatch == .entityETagReadingIfMissing, entity.etag == nil,
              request.sendsIfMatch else { return }
        try BlockingBridge.wait { try await loadETag(of: request, into: entity) }
    }

    /// The request in the terms of `execute(_: ServiceRequest, ...)`: relative URL, body, target and headers.
    func serviceRequest(for request: DataRequest, ifMatch etag: String?) throws -> ServiceRequest {
        let method = request.method(for: version)
        let relative = try request.relativeURL(for: version, absolute: requestURL)
        var target: PayloadTarget?
        if case .raw = request.kind { target = self.target(forRelativeURL: relative) } else { target = self.target(for: request.query) }
        let body = request.body(for: version, absolute: requestURL)
        if case .create(let e) = request.kind, target == nil {
            target = .entityType(e.entityType, set: e.entitySet)
        }
        var r = ServiceRequest(method: method, relativeURL: relative, body: body.map { Data($0) }, target: target)
        r.answer = Self.answer(of: request, method: method)
        r.addedColumns = ServiceRequest.addedColumns(of: request.query)
        r.headers = request.headers
        if let size = request.maxPageSize, method == .get {
            let prefer = [request.headers["Prefer"], "odata.maxpagesize=\(size)"].compactMap { $0 }.joined(separator: ", ")
            r.headers.set("Prefer", prefer)
        }
        if request.sendsIfMatch, !r.headers.contains("If-Match") {
            switch request.ifMatch {
            case .entityETag, .entityETagReadingIfMissing: if let etag { r.headers.set("If-Match", etag) }
            case .any: r.headers.set("If-Match", "*")
            case .none: break
            }
        }
        return r
    }

    /// What a typed request answers, from its kind and its query's path; nil for a raw request (its URL says).
    static func answer(of request: DataRequest, method: HTTPMethod) -> Answer? {
        switch request.kind {
        case .raw, .batch: return nil
        case .link, .unlink: return .payload(single: true)
        default: return answer(of: request.query, method: method)
        }
    }

    /// What a query answers: a count, a raw value, one entity (by key, a singleton, a write) or a collection.
    static func answer(of query: DataQuery, method: HTTPMethod) -> Answer {
        if query.countOnly { return .count }
        switch query.path.last {
        case .value?: return .rawValue
        case .key?, .singleton?: return .payload(single: true)
        default: return .payload(single: method != .get)
        }
    }

    /// A read (query, function, raw GET) with `top` held across pages.
    private func read(_ request: DataRequest, paging: Paging, onEntity: (EntityValue) throws -> Bool,
                      onValue: (DataValue) throws -> Void, onPageEnd: ((ServiceResponse) throws -> Void)?,
                      onRawChunk: ((UnsafeRawBufferPointer) throws -> Void)?) async throws -> ServiceResponse {
        var r = try serviceRequest(for: request, ifMatch: nil)
        r.onRawChunk = onRawChunk
        if let resume = request.resume { r.relativeURL = resume.nextLink }
        let top: Int? = if case .query = request.kind, !request.query.countOnly { request.query.topCount } else { nil }
        var delivered = request.resume?.delivered ?? 0
        var reachedTop = false
        // A function's result goes on at the function: a next link elsewhere is not its result.
        let continuesFunction: Bool = if case .function? = request.query.path.last { true } else { false }
        // Past `top`, the rest of the page is read (so the connection stays usable) but not passed on, and no
        // next link is followed.
        var response = try await execute(r, paging: paging, continuing: nil, onEntity: { e in
            if reachedTop { return true }
            delivered += 1
            if let top, delivered >= top { reachedTop = true }
            return try onEntity(e)
        }, onValue: onValue, onPageEnd: onPageEnd, followsNextLink: { link in
            !reachedTop && (!continuesFunction || Self.path(of: link) == Self.path(of: self.requestURL(r.relativeURL)))
        })
        if reachedTop {
            // All that was asked for has come: a next link past `top` (pyslet drops `$top` from them) is not more,
            // and not a link refused either (`followsNextLink` said no because of `top`, not of where it leads).
            response.morePages = false
            response.nextLink = nil
            response.nextLinkNotFollowed = nil
        }
        return response
    }

    /// The path of an absolute URL, without query and fragment, percent-escapes decoded.
    static func path(of url: String) -> String {
        let path = String(url[..<(url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex)])
        return path.removingPercentEscapes ?? path
    }

    /// One write; its answer's entity (if any) updates `entity` and goes to `onEntity`.
    private func write(_ request: DataRequest, entity: EntityValue, onEntity: (EntityValue) throws -> Bool,
                       onValue: (DataValue) throws -> Void) async throws -> ServiceResponse {
        let r = try serviceRequest(for: request, ifMatch: entity.etag)
        var answered: EntityValue?
        let response: ServiceResponse
        do {
            response = try await execute(r, paging: .firstPage, continuing: nil, onEntity: { answered = $0; return true }, onValue: onValue)
        } catch let error as ODataClientError {
            let name = (try? entity.keyPredicate(version: version)) != nil ? entity.displayPath : r.relativeURL
            switch error.httpStatus {
            case 412: throw DataServiceError(.conflict(entity: name), underlying: error)
            case 428: throw DataServiceError(.preconditionRequired(entity: name), underlying: error)
            default: throw error
            }
        }
        if let a = answered {
            for (p, v) in a.propertyValues { try? entity.setValue(p, to: v) }
            if let tag = a.etag { entity.etag = tag }
            if entity.entitySet == nil { entity.entitySet = a.entitySet }
        }
        if let tag = response.etag { entity.etag = tag }
        else if answered?.etag == nil, request.sendsIfMatch {
            // The service changed the entity and said nothing of its new ETag: the old one is stale now.
            entity.etag = nil
        }
        entity.resetChanges()
        if let a = answered { _ = try onEntity(a) }
        return response
    }

    /// Reads the ETag of the entity a write addresses (its path, without options) into `entity`.
    private func loadETag(of request: DataRequest, into entity: EntityValue) async throws {
        var path = DataQuery()
        path.path = request.query.path
        path.entityType = request.query.entityType
        var tag: String?
        let read = ServiceRequest(method: .get, relativeURL: try path.relativeURL(for: version), target: target(for: path))
        // The one entity is read to its end: a read stopped early would show in the trace as failed.
        let response = try await execute(read, paging: .firstPage, continuing: nil, onEntity: { e in tag = e.etag; return true },
                                   onValue: { _ in })
        entity.etag = tag ?? response.etag
    }

    /// Whether the service says it checks the entity's ETag: a V2 property with `ConcurrencyMode="Fixed"`, or V4
    /// `Core.OptimisticConcurrency` on its entity set.
    private func hasConcurrencyToken(_ entity: EntityValue) -> Bool {
        if entity.entityType.properties.contains(where: { $0.concurrencyMode == "Fixed" }) { return true }
        if let set = entity.entitySet, set.annotation(term: "Org.OData.Core.V1.OptimisticConcurrency") != nil
            || set.annotation(term: "Core.OptimisticConcurrency") != nil { return true }
        return false
    }
}
