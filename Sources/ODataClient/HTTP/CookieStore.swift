/// Keeps a session's cookies somewhere other than a cookie file (odsh keeps them in its encrypted store): the
/// cookies are Netscape cookie-file lines, as libcurl lists them. `HTTPClient` loads them when it opens and saves
/// its cookie list after a response that sets cookies and when it closes.
public protocol CookieStore: Sendable {
    /// The stored cookies, one Netscape cookie-file line each.
    func loadCookies() throws -> [String]
    /// Replaces the stored cookies.
    func saveCookies(_ lines: [String]) throws
}
