extension HTTPClient {
    /// Writes the cookie jar now (it is also written after a response that sets cookies, and by `close()`).
    public func flushCookies() {
        let configuration = settings.value
        guard configuration.cookieJar != nil || configuration.cookieStore != nil else { return }
        // An idle connection: a handle in use belongs to the thread of its exchange.
        guard let c = try? checkOut(HTTPRequest(url: "")) else { return }
        defer { checkIn(c) }
        CookieJarFile.persist(from: c.handle, configuration)
    }

    /// The `Cookie` header value the session's cookies give a request to `url` (nil: none), as libcurl would
    /// send it: for `.curl` when the cookies live in a `CookieStore` that curl cannot read.
    package func sessionCookieHeader(for url: String) -> String? {
        guard let c = try? checkOut(HTTPRequest(url: "")) else { return nil }
        defer { checkIn(c) }
        return CookieJarFile.cookieLines(from: c.handle).flatMap { SessionCookies.header(for: url, lines: $0) }
    }
}
