import CCurl
import Glibc

/// A session's cookie jar on disk (Netscape format, as curl reads it), written by odsh rather than by libcurl.
///
/// libcurl opens `CURLOPT_COOKIEJAR` by name and writes through whatever stands there: a symlink planted at a
/// profile's `cookies-NAME.txt` (or given as `--cookie-jar`) had its target truncated. Here the cookies are taken
/// from the handle (`CURLINFO_COOKIELIST`), written to a new file of our own beside the jar (created exclusively,
/// mode 0600, never through a link) and renamed into place: a link at the jar's name is replaced, its target left
/// alone. Reading the jar at the start stays libcurl's (`CURLOPT_COOKIEFILE`). A `CookieStore` in place of the jar
/// gets the same list, and its cookies go to libcurl through `CURLOPT_COOKIELIST`.
struct CookieJarFile {
    let path: String

    /// The jar's header line, as curl writes it.
    static let header = "# Netscape HTTP Cookie File\n# Written by odsh: edit at your own risk.\n\n"

    /// Writes the handle's cookies (all of them, session cookies too, as curl's own jar does) to the jar.
    /// Returns false when it could not be written (the jar is then left as it was).
    @discardableResult
    func save(from handle: UnsafeMutableRawPointer) -> Bool {
        guard let lines = Self.cookieLines(from: handle) else { return false }
        return write(Self.header + lines.map { $0 + "\n" }.joined())
    }

    /// The handle's cookies as Netscape cookie-file lines (nil when libcurl gives no list).
    static func cookieLines(from handle: UnsafeMutableRawPointer) -> [String]? {
        var list: UnsafeMutablePointer<curl_slist>?
        guard odsh_curl_getinfo_slist(handle, CURLINFO_COOKIELIST, &list) == CURLE_OK else { return nil }
        defer { if let list { odsh_curl_slist_free_all(list) } }
        var lines: [String] = []
        var item = list
        while let node = item {
            if let line = node.pointee.data { lines.append(String(cString: line)) }
            item = node.pointee.next
        }
        return lines
    }

    /// Keeps the handle's cookies where `configuration` says: its jar, else its cookie store. A store that fails
    /// reports it itself (the library prints nothing); the session goes on with its cookies in memory.
    static func persist(from handle: UnsafeMutableRawPointer, _ configuration: HTTPConfiguration) {
        if let jar = configuration.cookieJar {
            CookieJarFile(path: jar).save(from: handle)
        } else if let store = configuration.cookieStore, let lines = cookieLines(from: handle) {
            try? store.saveCookies(lines)
        }
    }

    /// Hands the store's cookies to libcurl's cookie engine (shared by the session's handles).
    static func load(_ store: any CookieStore, into handle: UnsafeMutableRawPointer) throws {
        for line in try store.loadCookies() {
            _ = odsh_curl_setopt_string(handle, CURLOPT_COOKIELIST, line)
        }
    }

    /// Writes `text` to a new file beside the jar and renames it over the jar's name.
    func write(_ text: String) -> Bool {
        var template = Array((path + ".XXXXXX").utf8CString)
        // mkstemp creates the file exclusively (O_EXCL: a link planted at the name makes it fail), mode 0600.
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return false }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = fchmod(fd, 0o600) == 0
        let bytes = Array(text.utf8)
        var done = 0
        while ok && done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { ok = false } else { done += n }
        }
        ok = close(fd) == 0 && ok
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
