import FoundationEssentials
import ODataModel

/// Thrown from inside a payload callback to end reading: the consumer has had enough, and the rest of the page
/// is past what is read after that (`DataService.readAfterEnough`).
struct StopReading: Error, CustomStringConvertible {
    var description: String { "the rest was not read: the consumer had enough" }
}

extension DataService {
    /// How many bytes of a page are still read after the consumer had enough (`onEntity` answered false), their
    /// entities not passed on: enough for the count, next link and end of body that follow the rows of a page of
    /// ordinary size, without reading a huge page to its end. Past it, or past `readAfterEnoughSeconds` (a page
    /// that stalls), the transfer ends and `ServiceResponse.restNotRead` says so.
    public static let readAfterEnough = 4 << 20
    /// How long the rest of a page is read after the consumer had enough (see `readAfterEnough`).
    public static let readAfterEnoughSeconds = 2.0

    /// Sends a request (method + URL relative to the service root + JSON body) and streams the answer: entities and
    /// values go to the callbacks as their bytes arrive; with .allPages, next links are followed lazily, one page held at a time.
    /// `onEntity` returns false to stop reading (row limit reached): no further page is requested.
    /// `onPageEnd` is called after each page's payload has been read, before the next page is requested (with the
    /// response so far): a consumer that streams can flush its output there, or size columns from the first page.
    package func execute(_ request: ServiceRequest, paging: Paging,
                        onEntity: (EntityValue) throws -> Bool, onValue: (DataValue) throws -> Void,
                        onPageEnd: ((ServiceResponse) throws -> Void)? = nil) async throws -> ServiceResponse {
        try await execute(request, paging: paging, continuing: nil, onEntity: onEntity, onValue: onValue, onPageEnd: onPageEnd)
    }

    /// The blocking form of `execute(_:paging:onEntity:onValue:onPageEnd:)`: the callbacks run on the calling thread.
    package func execute(_ request: ServiceRequest, paging: Paging,
                         onEntity: (EntityValue) throws -> Bool, onValue: (DataValue) throws -> Void,
                         onPageEnd: ((ServiceResponse) throws -> Void)? = nil) throws -> ServiceResponse {
        try BlockingBridge.wait {
            try await execute(request, paging: paging, continuing: nil, onEntity: onEntity, onValue: onValue, onPageEnd: onPageEnd)
        }
    }

    /// As above; `continuing` is the guard of a reading whose earlier pages were read before (`request` asks for the
    /// page the last of them linked to), so that the pages already read count towards the inline count and the run
    /// of empty pages, and their links are not followed again.
    /// `followsNextLink` is asked before each next link is followed (false: the reading ends after this page, and
    /// the link is kept in `nextLinkNotFollowed`).
    func execute(_ request: ServiceRequest, paging: Paging, continuing: NextLinkGuard?,
                 onEntity: (EntityValue) throws -> Bool, onValue: (DataValue) throws -> Void,
                 onPageEnd: ((ServiceResponse) throws -> Void)? = nil,
                 followsNextLink: (String) -> Bool = { _ in true }) async throws -> ServiceResponse {
        let target = request.target ?? target(forRelativeURL: request.relativeURL)
        var response = ServiceResponse()
        var url = requestURL(request.relativeURL)
        var pages = continuing ?? NextLinkGuard(firstURL: url, maxEmptyPagesInARow: maxEmptyPagesInARow)
        var first = true
        while true {
            let page = try await readPage(request, url: url, first: first, target: target, onEntity: onEntity, onValue: onValue)
            first = false
            response.pagesRead += 1
            response.status = page.status
            response.etag = page.etag ?? response.etag
            response.contentType = page.contentType
            response.rawBody = page.rawBody
            if let c = page.count { response.count = c }
            response.nextLink = nextLink(page.nextLink)
            response.morePages = page.stopped || response.nextLink != nil
            response.restNotRead = page.restNotRead
            var next: String?
            // A cycle ends the reading with an error once this page's rows have gone out (`onPageEnd`).
            var cycle: PagingError?
            if paging == .allPages, !page.stopped, request.method == .get {
                do {
                    next = try pages.linkToFollow(afterPageOf: page.items, count: response.count, nextLink: response.nextLink)
                } catch let e as PagingError {
                    cycle = e
                }
                response.emptyPagesCut = pages.emptyPagesCut
                if let link = next, !followsNextLink(link) {
                    response.nextLinkNotFollowed = link
                    next = nil
                }
                // The last page, or the guard ended the reading (count reached, empty pages, a link followed before).
                if next == nil { response.morePages = false; response.nextLink = nil }
            }
            try onPageEnd?(response)
            if let cycle { throw cycle }
            guard let next else { break }
            url = next
        }
        return response
    }

    /// One response: what `execute` needs of it.
    private struct Page {
        var status = 0
        var etag: String?
        var contentType: String?
        var nextLink: String?
        var count: Int?
        var rawBody: Data?
        var stopped = false
        /// The consumer had enough, and the rest of the body was past `readAfterEnough`: not read.
        var restNotRead = false
        /// Entities and values read.
        var items = 0
    }

    /// The absolute URL of a request's relative URL (a leading `/` is taken as relative to the service root).
    func requestURL(_ relativeURL: String) -> String {
        absoluteURL(relativeURL.hasPrefix("/") && !relativeURL.hasPrefix("//") ? String(relativeURL.dropFirst()) : relativeURL)
    }

    /// A page's next link, absolute; nil for none and for an empty one (which would name the service root).
    private func nextLink(_ link: String?) -> String? {
        guard let link = link?.trimmingBlanks(), !link.isEmpty else { return nil }
        return absoluteURL(link)
    }

    /// The headers a data request carries before its own: `Accept` by what it answers (text for a count, anything
    /// for a raw value, else JSON), `OData-MaxVersion` (V4), and `Content-Type` of a JSON body.
    func protocolHeaders(answer: Answer, hasBody: Bool) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.set("Accept", answer.accept)
        if version.isV4 { headers.set("OData-MaxVersion", "4.0") }
        if hasBody { headers.set("Content-Type", "application/json") }
        return headers
    }

    private func readPage(_ request: ServiceRequest, url: String, first: Bool, target: PayloadTarget?,
                          onEntity: (EntityValue) throws -> Bool, onValue: (DataValue) throws -> Void) async throws -> Page {
        let method = first ? request.method : .get
        // Later pages (next links) hold more of the same collection.
        let answer: Answer = first ? (request.answer ?? .ofRawURL(url, method: method)) : .payload(single: false)
        let isCount = answer == .count
        let isRaw = answer != .payload(single: true) && answer != .payload(single: false)
        let body = first ? request.body : nil
        var headers = protocolHeaders(answer: answer, hasBody: body != nil)
        for f in request.headers { headers.set(f.name, f.value) }
        // A single entity's ETag may come only as a header (V4 after PATCH with a representation, V2 reads by key).
        let singleEntity = answer == .payload(single: true)

        var page = Page()
        var pageOptions = readOptions
        if !request.addedColumns.isEmpty { pageOptions.addedColumns = request.addedColumns }
        var reader: PayloadReader?
        var raw: Data?
        var fed = 0
        let rawLimit = client.settings.value.maxBufferedBodyBytes
        // A payload was expected but the Content-Type names none (text/plain, text/html, none at all): the body
        // decides, once its first bytes are in.
        var sniffing = false
        // Ends the transfer once the rest of a page read after the consumer had enough takes too long.
        let drain = RequestCancellation()
        try await withoutActuallyEscaping(onEntity) { onEntity in
            try await withoutActuallyEscaping(onValue) { onValue in
                // The reader holds these closures; it lives only inside this block.
                defer { reader = nil }
                // Bytes fed when the consumer said it had enough: the rest of the page is read up to
                // `readAfterEnough` more (its entities not passed on), for what may follow the rows (V2's `__count`
                // after `results`, a V4 count or next link after `value`, the end of the body).
                var enoughAt: Int?
                let handleEntity: (EntityValue) throws -> Void = { e in
                    guard enoughAt == nil else { return }
                    page.items += 1
                    if singleEntity, e.etag == nil, let tag = page.etag { e.etag = tag }
                    if !(try onEntity(e)) {
                        page.stopped = true
                        enoughAt = fed
                        drain.expire(after: Self.readAfterEnoughSeconds)
                    }
                }
                func makeReader(_ format: PayloadFormat, _ t: PayloadTarget) -> PayloadReader {
                    PayloadReader(format: format, model: metadata, target: t, options: pageOptions,
                                  onEntity: handleEntity, onValue: { v in page.items += 1; try onValue(v) })
                }
                do {
                    _ = try await drain.run { try await client.send(HTTPRequest(method: method, url: url, headers: headers, body: body), onHeaders: { head in
                        page.status = head.status
                        page.etag = head.headers["ETag"]
                        page.contentType = head.headers["Content-Type"]
                        if !isRaw, let t = target, head.status != 204 {
                            if let format = page.contentType.flatMap({ PayloadFormat.from(contentType: $0, version: version) }) {
                                reader = makeReader(format, t)
                            } else {
                                sniffing = true
                            }
                        }
                    }, onChunk: { chunk in
                        if sniffing, let t = target {
                            if raw == nil { raw = Data() }
                            let taken = min(max(0, NotODataBody.sniffLimit - raw!.count), chunk.count)
                            raw!.append(contentsOf: chunk.prefix(taken))
                            let kind = NotODataBody.sniff(raw!)
                            guard kind == .json || kind == .atom else { return }  // kept (bounded) for the message
                            let r = makeReader(kind == .atom ? .atom : .json(for: version), t)
                            reader = r
                            sniffing = false
                            let start = raw!
                            raw = nil
                            fed += start.count
                            try start.withUnsafeBytes { try r.feed($0) }
                            if taken < chunk.count {
                                fed += chunk.count - taken
                                try r.feed(UnsafeRawBufferPointer(rebasing: chunk[taken...]))
                            }
                            return
                        }
                        if let r = reader {
                            if let at = enoughAt, fed - at > Self.readAfterEnough {
                                page.restNotRead = true
                                throw StopReading()
                            }
                            fed += chunk.count
                            try r.feed(chunk)
                        } else if !isCount, let sink = request.onRawChunk {
                            try sink(chunk)
                        } else {
                            if raw == nil { raw = Data() }
                            if raw!.count + chunk.count > rawLimit {
                                throw ODataClientError(.tooLarge(setting: .maxBufferedBodyBytes, limit: rawLimit, received: raw!.count + chunk.count),
                                                       method: method, url: url)
                            }
                            raw!.append(contentsOf: chunk)
                        }
                    }) }
                } catch is StopReading {
                    // The consumer has enough; the rest of the body is not read (the connection is dropped).
                } catch let error as ODataClientError where enoughAt != nil && drain.expiredItself {
                    guard case .timeout = error.kind else { throw error }
                    page.restNotRead = true
                }
                if let r = reader {
                    let info = page.restNotRead ? r.pageInfo : (fed > 0 ? try r.finish() : PageInfo())
                    page.nextLink = info.nextLink
                    page.count = info.count.map { Int($0) }
                }
            }
        }
        if sniffing, let body = raw, body.contains(where: { !NotODataBody.isBlank($0) }) {
            // A successful status, and no OData in the body: an HTML page (a sign-in page when the session ran out),
            // text where JSON was asked. Not passed on as if it were the answer.
            throw NotODataBody.error(body, contentType: page.contentType)
        }
        if method == .get, !isRaw, target != nil, page.status == 200, fed == 0,
           (raw ?? Data()).allSatisfy({ NotODataBody.isBlank($0) }) {
            // A read that answers with a payload answered 200 and nothing: not an empty result, a broken answer.
            throw DataServiceError(.unexpectedResponse("the service answered 200 with an empty body where "
                                                       + (singleEntity ? "an entity" : "a payload") + " was expected"))
        }
        page.rawBody = raw.flatMap { $0.isEmpty ? nil : $0 }
        if isCount, let text = page.rawBody.map({ String(decoding: $0, as: UTF8.self) }) {
            page.count = Int(text.trimmingBlanksAndNewlines())
        }
        return page
    }
}
