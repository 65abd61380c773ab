import FoundationEssentials
import ODataClient
import ODataModel
import ODataQuery

/// Where a `ResultReader` hands what it reads, as it reads it: every entity seen (`seen`, for the session's
/// ETags, also one past the row limit that is not shown), the rows to show (`entity`, `value`) and the end of each
/// page (`pageEnd`).
struct ResultConsumer {
    var seen: (EntityValue) -> Void
    var entity: (EntityValue) throws -> Void
    var value: (DataValue) throws -> Void
    var pageEnd: () throws -> Void
}

/// What one reading of a result came to, for presenting it and for `.next`.
struct ReadOutcome {
    /// The method the request was sent with.
    var method: HTTPMethod
    /// The rows handed on (shown), on the pages read this time.
    var rows: Int
    /// The rows of the result handed on by this reading and the earlier ones it continues (`.next`).
    var delivered: Int
    /// The bytes of a plain answer that went straight to the output as they arrived.
    var streamedBytes: Int
    /// The service has more pages that were not read, and the reading can go on with `next`.
    var morePages: Bool
    /// The row limit cut the result: a row past it came, so there was more.
    var cut: Bool
    /// `$count` / `__count`, when asked for.
    var count: Int?
    /// The answer's body when it held no rows (a `$count`, a `$value`, a raw `get`).
    var rawBody: Data?
    var contentType: String?
    var status: Int
    /// A next link the reading did not follow since it leaves the function's result.
    var nextLinkNotFollowed: String?
    /// The request that reads the next page (`morePages`), for `.next`.
    var next: DataRequest?
    /// A run of empty pages cut the reading: the result may not be whole (see `ResultReader.unconfirmedCut`).
    var emptyPagesCut: PagingError?
    /// The reading was capped by the user (`top`, the row limit), who so asked for a part anyway.
    var capped: Bool
    /// From sending the request to the end of the reading.
    var elapsedMilliseconds: Double
}

/// Reads the answer to a request through `DataService.execute` and hands its rows to a `ResultConsumer` as their
/// bytes arrive: with `all` next links are followed (one page held at a time); the row limit stops reading, and
/// so does `top N` read in full, and an output nobody reads any more (the user quit the pager). A plain answer to
/// a file or a pipe goes to the output byte for byte as it arrives.
struct ResultReader {
    let service: DataService
    /// Follow next links to the last page (`all`), else the first page only.
    var all: Bool
    /// The most rows shown; 0: no limit.
    var rowLimit: Int

    /// Reads `request`'s answer into `consumer`; nil when the output closed meanwhile (the rest was not read, and
    /// nothing more is wanted).
    func read(_ request: DataRequest, out: TextOutput, into consumer: ResultConsumer) throws -> ReadOutcome? {
        var streamed = 0
        var rawSink: ((UnsafeRawBufferPointer) throws -> Void)?
        if let bytes = out.writeBytes, !request.query.countOnly {
            // A plain answer to a file or a pipe goes out as it arrives, in any size (a terminal gets it checked).
            out.flush()
            rawSink = { chunk in
                streamed += chunk.count
                bytes(Data(chunk))
                if out.isClosed() { throw OutputClosed() }
            }
        }
        let start = ContinuousClock.now
        var rows = 0
        // The row limit: reached with the last row shown; cut once a row past it came (so there was more).
        var reachedLimit = false
        var cut = false
        let topCount = request.query.countOnly ? nil : request.query.topCount
        let earlier = request.resume?.delivered ?? 0
        let rowLimit = self.rowLimit
        let response: ServiceResponse
        do {
            response = try service.execute(request, paging: all ? .allPages : .firstPage, onEntity: { e in
                consumer.seen(e)
                if reachedLimit { cut = true; return false }
                rows += 1
                try consumer.entity(e)
                if out.isClosed() { return false }
                if rowLimit > 0 && rows >= rowLimit { reachedLimit = true }
                // `top N` read in full: nothing after it is wanted, so reading ends here and the rows are written
                // now, not when a page that does not end (or sends more than asked) finally does.
                if let top = topCount, earlier + rows >= top { return false }
                return true
            }, onValue: { v in
                rows += 1
                try consumer.value(v)
                if out.isClosed() { throw OutputClosed() }
            }, onPageEnd: { _ in
                try consumer.pageEnd()
            }, onRawChunk: rawSink)
        } catch is OutputClosed {
            return nil
        } catch where out.isClosed() {
            // The pager went away while the request ran (a write failed, or Ctrl-C in it cancelled the transfer).
            return nil
        }
        // The user quit the pager: the rest was not read (the connection was dropped), and no footer is wanted.
        if out.isClosed() { return nil }
        let elapsed = (ContinuousClock.now - start).milliseconds
        // The row limit stopped reading with more rows unread; else, the first page only was asked for.
        if reachedLimit && response.nextLink != nil { cut = true }
        let more = response.morePages && !cut && response.nextLink != nil
        var next: DataRequest?
        if more, let link = response.nextLink {
            var resumed = request
            resumed.resume = DataRequest.Resume(nextLink: link, delivered: earlier + rows)
            next = resumed
        }
        return ReadOutcome(method: request.method(for: service.version), rows: rows, delivered: earlier + rows,
                           streamedBytes: streamed, morePages: more, cut: cut, count: response.count,
                           rawBody: response.rawBody, contentType: response.contentType, status: response.status,
                           nextLinkNotFollowed: response.nextLinkNotFollowed, next: next,
                           emptyPagesCut: response.emptyPagesCut,
                           capped: rowLimit > 0 || request.query.topCount != nil, elapsedMilliseconds: elapsed)
    }

    /// The empty-pages cut of a reading that the service's own count does not settle: some services (pyslet) link
    /// on from every page of a filtered set, empty ones past the last row included, and then the rows read are all
    /// there is. Nil when no run of empty pages cut the reading, or the count confirms it.
    func unconfirmedCut(_ outcome: ReadOutcome, of request: DataRequest) -> PagingError? {
        guard let emptyPages = outcome.emptyPagesCut, !countConfirms(request, rows: outcome.delivered) else { return nil }
        return emptyPages
    }

    /// Whether the service counts as many entities for `request` as were read (`/$count` with its path, filter and
    /// search): asked only after a run of empty pages cut the reading. False when it cannot tell (a `skip`, a
    /// request that is not a plain query, a service without `$count`, another number).
    private func countConfirms(_ request: DataRequest, rows: Int) -> Bool {
        guard case .query = request.kind, request.query.skipCount == nil, !request.query.countOnly else { return false }
        var q = request.query
        q.selectItems = []; q.selectsAll = false; q.sortItems = []; q.expandItems = []; q.topCount = nil
        q.includesInlineCount = false; q.expandLevels = nil
        q.countOnly = true
        guard let answer = try? service.execute(DataRequest.query(q), paging: .firstPage, onEntity: { _ in true }, onValue: { _ in }),
              let raw = answer.rawBody,
              let n = Int(String(decoding: raw, as: UTF8.self).trimmingBlanksAndNewlines()) else { return false }
        return n == rows
    }
}

/// Thrown from a value callback when nobody reads the output any more: reading stops, nothing is reported.
struct OutputClosed: Error {}
