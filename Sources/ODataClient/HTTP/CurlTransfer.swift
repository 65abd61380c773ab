import CCurl
import FoundationEssentials
import ODataModel

/// The state of the exchange in flight on an easy handle, reached from curl's C callbacks (on the engine's thread)
/// through the user-data pointer. One per `CurlConnection`, reset before each exchange. A successful response's head
/// and body go to `flow`, whose consumer takes them in its own task; an error or redirect body is kept here.
// @unchecked: between `reset` and the flow's completion only the engine's thread touches it; the exchange reads it
// after the completion, which the flow's lock orders after the engine's last write.
final class CurlTransfer: @unchecked Sendable {
    /// What happens to body bytes; decided when the first byte (or the end) arrives and the status is known.
    enum Mode {
        case undecided
        /// Handed to the consumer: a final, successful response.
        case deliver
        /// Kept (up to a limit) for the error message or thrown away (redirect body).
        case collect
    }

    typealias HeadHandler = (HTTPResponseHead) throws -> Void
    typealias ChunkHandler = (UnsafeRawBufferPointer) throws -> Void

    static let errorBodyLimit = 1 << 20

    /// The hand-over of a successful response's head and body to the consumer.
    let flow = TransferFlow()
    /// The engine that drives the transfer, told when the consumer has news to be woken for.
    var engine: CurlEngine?

    private(set) var url = ""
    private var traceLimit = 0
    /// Says of a successful head that its body is not for the consumer (a login page instead of OData).
    private var divert: ((HTTPResponseHead) -> Bool)?

    private(set) var head: HTTPResponseHead?
    private var headerBlockDone = false
    private(set) var mode = Mode.undecided
    private(set) var collected = Data()
    private(set) var traced = Data()
    private(set) var bodyBytes: Int64 = 0
    private(set) var sentHeaderLines: [String] = []
    /// Why the engine's side aborted the transfer (a head whose framing is invalid, the time limit passed while
    /// reading), thrown as it is.
    private(set) var failure: Error?

    /// When the exchange's time is up (`timeLimit` from `reset`): checked as body bytes arrive too, since libcurl
    /// checks its own timeout only between reads, and a compressed answer (a gzip bomb) inflates into many writes
    /// from one read.
    private var deadline: ContinuousClock.Instant?
    private var timeLimit: Double = 0

    /// `timeLimit`: seconds the whole exchange may take (0: no limit).
    func reset(url: String, traceLimit: Int, divert: ((HTTPResponseHead) -> Bool)? = nil, timeLimit: Double = 0) {
        self.url = url
        self.timeLimit = timeLimit
        deadline = timeLimit > 0 ? ContinuousClock.now + .milliseconds(Int64(timeLimit * 1000)) : nil
        self.traceLimit = traceLimit
        self.divert = divert
        head = nil
        headerBlockDone = false
        mode = .undecided
        collected = Data()
        traced = Data()
        bodyBytes = 0
        sentHeaderLines = []
        failure = nil
    }

    /// Drops what only lives for the duration of one exchange.
    func detach() {
        divert = nil
    }

    /// Whether the final head says "follow this redirect".
    var isRedirect: Bool {
        guard let head else { return false }
        return [301, 302, 303, 307, 308].contains(head.status) && head.headers.contains("Location")
    }

    // MARK: callbacks

    /// One header line from CURLOPT_HEADERFUNCTION. A status line starts a new head: interim 1xx responses and
    /// a proxy's CONNECT answer come before the final one. Returns false to abort the transfer: a head whose
    /// framing is invalid (`MessageFraming`), with the error in `failure`.
    func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) -> Bool {
        var end = raw.count
        while end > 0, raw[end - 1] == 0x0A || raw[end - 1] == 0x0D { end -= 1 }
        let bytes = UnsafeRawBufferPointer(rebasing: raw[..<end])
        if bytes.starts(with: "HTTP/".utf8) {
            let line = String(decoding: bytes, as: UTF8.self)
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            head = HTTPResponseHead(status: parts.count > 1 ? Int(parts[1]) ?? 0 : 0,
                                    reason: parts.count > 2 ? String(parts[2]) : "",
                                    httpVersion: String(parts.first ?? "HTTP"), url: url)
            headerBlockDone = false
            return true
        }
        guard head != nil, !headerBlockDone else { return true }
        if bytes.isEmpty {
            headerBlockDone = true
            if let conflict = MessageFraming.conflict(head!.headers.values(for: "Content-Length")) {
                failure = ODataClientError(.transport(curlCode: Int(CURLE_WEIRD_SERVER_REPLY.rawValue), curlText: conflict),
                                                 method: nil, url: url)
                return false
            }
        } else if bytes[0] == 0x20 || bytes[0] == 0x09 {
            head!.headers.continueLastValue(Self.text(trimmingOWS: bytes))  // obsolete line folding
        } else if let colon = bytes.firstIndex(of: 0x3A) {
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<colon]), as: UTF8.self)
            head!.headers.add(name, Self.text(trimmingOWS: UnsafeRawBufferPointer(rebasing: bytes[(colon + 1)...])))
        }
        return true
    }

    /// The bytes as text without the optional whitespace around a field value: spaces and tabs, the only blanks
    /// HTTP allows there (RFC 9110, 5.6.3), taken off the bytes before they are decoded.
    static func text(trimmingOWS bytes: UnsafeRawBufferPointer) -> String {
        var lo = 0
        var hi = bytes.count
        while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
        while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
    }

    /// What the write callback answers curl.
    enum Taken {
        case all
        /// The consumer lags: curl keeps the chunk and pauses the transfer until the consumer resumes it.
        case pause
        case abort
    }

    /// Body bytes from CURLOPT_WRITEFUNCTION (already content-decoded).
    func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Taken {
        if let deadline, ContinuousClock.now > deadline {
            failure = ODataClientError(.timeout(curlText: "the answer was not read in full within the time limit of "
                                                + "\(Self.seconds(timeLimit)) (\(bodyBytes) bytes read, after any decompression)"),
                                       method: nil, url: url)
            return .abort
        }
        if flow.isCancelled { return .abort }
        if mode == .undecided { decide() }
        switch mode {
        case .deliver:
            let offered = flow.offer(chunk)
            guard offered.taken else { return .pause }
            if offered.news { engine?.wake(flow) }
        case .collect:
            if collected.count < Self.errorBodyLimit {
                collected.append(contentsOf: chunk.prefix(Self.errorBodyLimit - collected.count))
            }
        case .undecided:
            break
        }
        bodyBytes += Int64(chunk.count)
        if traced.count < traceLimit {
            traced.append(contentsOf: chunk.prefix(traceLimit - traced.count))
        }
        return .all
    }

    /// After a transfer that ended well: a response without body still gets its head handed over.
    func finish() {
        if mode == .undecided { decide() }
    }

    /// Chooses the mode from the status; hands the head to the consumer for a successful final response
    /// (unless `divert` claims it).
    private func decide() {
        let status = head?.status ?? 0
        if status >= 400 || isRedirect || (head.map { divert?($0) ?? false } ?? false) {
            mode = .collect
            return
        }
        mode = .deliver
        if let head, flow.deliverHead(head) { engine?.wake(flow) }
    }

    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }

    /// Request headers as curl sent them, from CURLOPT_DEBUGFUNCTION (CURLINFO_HEADER_OUT).
    func receiveSentHeaders(_ raw: UnsafeRawBufferPointer) {
        let text = String(decoding: raw, as: UTF8.self)
        sentHeaderLines += text.split(whereSeparator: \.isNewline).map(String.init)  // "\r\n" is one Character
    }
}

// C callbacks: top-level functions (no captures); the transfer comes through the user-data pointer.

func odshCurlWrite(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    guard let user else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    let n = size * count
    switch transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: n)) {
    case .all: return n
    case .pause: return ODSH_CURL_WRITEFUNC_PAUSE
    case .abort: return 0
    }
}

func odshCurlHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    guard let user else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    let n = size * count
    return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: n)) ? n : 0
}

/// A non-zero answer makes curl abort with CURLE_ABORTED_BY_CALLBACK: the exchange was cancelled (the engine ends
/// it at once besides; this covers a transfer inside curl's own loop).
func odshCurlProgress(_ user: UnsafeMutableRawPointer?, _ dlTotal: curl_off_t, _ dlNow: curl_off_t,
                      _ ulTotal: curl_off_t, _ ulNow: curl_off_t) -> Int32 {
    guard let user else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().flow.isCancelled ? 1 : 0
}

func odshCurlDebug(_ handle: UnsafeMutableRawPointer?, _ type: curl_infotype, _ data: UnsafeMutablePointer<CChar>?,
                   _ size: Int, _ user: UnsafeMutableRawPointer?) -> Int32 {
    guard type == CURLINFO_HEADER_OUT, let user else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    transfer.receiveSentHeaders(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
