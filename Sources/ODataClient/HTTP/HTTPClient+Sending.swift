import CCurl
import FoundationEssentials

/// Sending: the async request path, its blocking form, and the hand-over of a transfer to the engine.
extension HTTPClient {
    /// Sends `request` and streams the body of a successful response to `onChunk` as it arrives.
    ///
    /// `onHeaders` sees the final response's head before the first chunk. Redirects within the origin are
    /// followed, a CSRF token is fetched for modifying requests (see `HTTPConfiguration.csrfProtection`).
    /// A status of 400 or more is thrown as `ODataClientError.Kind.http` with the parsed OData error; neither
    /// closure sees such a response. An error thrown by a closure aborts the transfer and is rethrown as it is.
    /// The closures run in the calling task; while one of them lags, the transfer pauses. The returned response
    /// has no body. Cancelling the task ends the transfer at once (`ODataClientError.Kind.cancelled`).
    @discardableResult
    public func send(_ request: HTTPRequest,
                     onHeaders: (HTTPResponseHead) throws -> Void = { _ in },
                     onChunk: (UnsafeRawBufferPointer) throws -> Void) async throws -> HTTPResponse {
        try await run(request, onHeaders: onHeaders, onChunk: onChunk)
    }

    /// Sends `request` and collects the body of a successful response. Errors as for the streaming `send`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var body = Data()
        var response = try await send(request, onChunk: { body.append(contentsOf: $0) })
        response.body = body
        return response
    }

    /// The blocking form of the streaming `send(_:onHeaders:onChunk:)`: the closures run on the calling thread.
    /// Safe to call from several threads at once.
    @discardableResult
    public func send(_ request: HTTPRequest,
                     onHeaders: (HTTPResponseHead) throws -> Void = { _ in },
                     onChunk: (UnsafeRawBufferPointer) throws -> Void) throws -> HTTPResponse {
        try BlockingBridge.wait { try await run(request, onHeaders: onHeaders, onChunk: onChunk) }
    }

    /// The blocking form of `send(_:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; call it from an async function, where the async form is chosen")
    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try BlockingBridge.wait { try await send(request) }
    }

    /// GETs `SERVICE/$metadata` (Accept: application/xml) and streams the document to `consumer` chunk by chunk.
    ///
    /// `headers` are added to the request: `If-None-Match` or `If-Modified-Since` make it conditional, and a
    /// `304 Not Modified` answer then comes back as the response with no chunk handed to `consumer`.
    /// `onHeaders` sees the head of a successful answer before the first chunk.
    @discardableResult
    public func fetchMetadata(serviceURL: String, headers: HTTPHeaders = HTTPHeaders(),
                              onHeaders: (HTTPResponseHead) throws -> Void = { _ in },
                              consumer: (UnsafeRawBufferPointer) throws -> Void) async throws -> HTTPResponse {
        var request = HTTPRequest(method: .get, url: Self.metadataURL(serviceURL), headers: ["Accept": "application/xml"])
        for field in headers { request.headers.set(field.name, field.value) }
        return try await send(request, onHeaders: onHeaders, onChunk: consumer)
    }

    /// The blocking form of `fetchMetadata(serviceURL:headers:onHeaders:consumer:)`.
    @discardableResult
    public func fetchMetadata(serviceURL: String, headers: HTTPHeaders = HTTPHeaders(),
                              onHeaders: (HTTPResponseHead) throws -> Void = { _ in },
                              consumer: (UnsafeRawBufferPointer) throws -> Void) throws -> HTTPResponse {
        try BlockingBridge.wait { try await fetchMetadata(serviceURL: serviceURL, headers: headers, onHeaders: onHeaders, consumer: consumer) }
    }

    /// Hands the transfer set up on `connection` to the engine and takes what it receives: the head and body of a
    /// successful response go to the closures here, in the calling task. Cancelling the task, the request's token
    /// (`RequestCancellation`) or an error thrown by a closure ends the transfer at once. Returns curl's result and
    /// the closures' error; the engine is done with the handle when this returns.
    /// The scheme and authority of an absolute URL as written: which queue of the per-host limit a
    /// request waits in.
    static func originText(_ url: String) -> Substring {
        // On the UTF-8 bytes: every character looked for is ASCII, and this runs for every request.
        let u = url.utf8
        var i = u.startIndex
        while i < u.endIndex, !(u[i] == 0x3A && u[u.index(after: i)...].starts(with: "//".utf8)) { u.formIndex(after: &i) }
        guard i < u.endIndex else { return Substring(url) }
        let host = u.index(i, offsetBy: 3)
        let end = u[host...].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 } ?? u.endIndex
        return url[..<end]
    }

    func deliver(_ connection: CurlConnection, request: HTTPRequest, url: String,
                         onHeaders: CurlTransfer.HeadHandler?, onChunk: CurlTransfer.ChunkHandler?) async -> (CURLcode, (any Error)?) {
        let flow = connection.transfer.flow
        guard let engine = CurlEngine.shared else { return (CURLE_FAILED_INIT, nil) }
        flow.reset(onCancel: { engine.cancel(connection) }, onResume: { engine.resume(connection) })
        connection.transfer.engine = engine
        let token = RequestCancellation.current
        token?.register(flow)
        defer { token?.unregister(flow) }
        engine.start(connection, key: "\(ObjectIdentifier(self).hashValue) \(Self.originText(url))",
                     limit: settings.value.maxConnectionsPerHost)
        var consumerError: (any Error)?
        var result = CURLE_OK
        await withTaskCancellationHandler {
            while true {
                let batch = await flow.next()
                if consumerError == nil {
                    do {
                        if let head = batch.head { try onHeaders?(head) }
                        if !batch.bytes.isEmpty, let onChunk { try batch.bytes.withUnsafeBytes { try onChunk($0) } }
                    } catch {
                        consumerError = error
                        flow.cancel()
                    }
                }
                if let code = batch.result {
                    result = code
                    break
                }
            }
        } onCancel: {
            flow.cancel()
        }
        return (result, consumerError)
    }
}
