import FoundationEssentials
import ODataModel
#if canImport(Glibc)
import Glibc
#endif

/// The redirect URI of a native app's browser sign-in (RFC 8252 section 7.3): a listener on `127.0.0.1`, on a
/// port the system picks, that waits for the browser to come back with the authorization response, answers it with
/// a short HTML page, and hands its parameters to the caller.
///
/// It binds the loopback address only (no other host can reach it), asks for nothing the browser did not send,
/// and answers every other request (a favicon, another path) with 404. A connection that sends nothing (browsers
/// open spare ones) is dropped after a while without holding up the others.
public final class LoopbackRedirectListener {
    /// The port the system gave.
    public let port: Int
    private let socket: Int32
    private var clients: [Client] = []

    /// The URI to send as `redirect_uri`: `http://127.0.0.1:PORT/`.
    public var redirectURI: String { "http://127.0.0.1:\(port)/" }

    /// Binds a fresh port on 127.0.0.1 and listens.
    public init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw Self.failure("cannot open a socket: \(Self.errnoText())") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                Glibc.bind(fd, address, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            let text = Self.errnoText()
            Glibc.close(fd)
            throw Self.failure("cannot listen on 127.0.0.1 for the browser's redirect: \(text)")
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        for client in clients { Glibc.close(client.fd) }
        Glibc.close(socket)
    }

    /// One request of the browser to the redirect URI, still waiting for its answer.
    public final class Redirect {
        /// The query's parameters in order (`code`, `state`, or `error` and `error_description`, ...).
        public let parameters: [(name: String, value: String)]
        private var fd: Int32

        init(fd: Int32, parameters: [(name: String, value: String)]) {
            self.fd = fd
            self.parameters = parameters
        }

        /// The first value of a parameter.
        public subscript(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

        /// Answers the browser with a page saying that sign-in worked or what went wrong (`message` is escaped),
        /// and closes the connection. Only the first answer counts.
        public func respond(succeeded: Bool, message: String) {
            guard fd >= 0 else { return }
            let title = succeeded ? "Signed in" : "Sign-in failed"
            let body = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(title) - odsh</title></head>"
                + "<body><h1>\(title)</h1><p>\(Self.escapeHTML(message))</p><p>You can close this tab.</p></body></html>\n"
            LoopbackRedirectListener.send(fd, status: succeeded ? "200 OK" : "400 Bad Request", body: body)
            Glibc.close(fd)
            fd = -1
        }

        deinit { respond(succeeded: false, message: "The sign-in ended without an answer.") }

        /// Text for HTML: `&`, `<`, `>`, `"` and `'` as entities, so that no parameter a page put into the redirect
        /// becomes markup.
        public static func escapeHTML(_ text: String) -> String {
            SAMLBearerAssertion.escaped(text, ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])
        }
    }

    /// Waits until the browser asks for the redirect URI (a GET of `/` with a query), at most `timeout` seconds;
    /// nil when none came. The cancellation of the request in effect (Ctrl-C in the shell) ends the wait with
    /// `ODataClientError.Kind.cancelled`.
    public func waitForRedirect(timeout: Double) throws -> Redirect? {
        let deadline = Date().addingTimeInterval(max(0, timeout))
        while Date() < deadline {
            if RequestCancellation.isCancelled {
                throw ODataClientError(.cancelled, method: nil, url: redirectURI)
            }
            var polled = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)] + clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            // Short slices, so that a cancellation is seen soon.
            let n = poll(&polled, nfds_t(polled.count), 100)
            if n < 0 && errno != EINTR { throw Self.failure("waiting for the browser's redirect: \(Self.errnoText())") }
            if n > 0 {
                if polled[0].revents != 0 { acceptClients() }
                for (i, entry) in polled.dropFirst().enumerated() where entry.revents != 0 {
                    if let redirect = readClient(clients[i]) { return redirect }
                }
            }
            let now = Date()
            for client in clients where client.done || now.timeIntervalSince(client.opened) > Self.idleLimit {
                Glibc.close(client.fd)
            }
            clients.removeAll { $0.done || now.timeIntervalSince($0.opened) > Self.idleLimit }
        }
        return nil
    }

    // MARK: connections

    /// How long a connection may take to send its request head, in seconds.
    static let idleLimit = 10.0
    /// The largest request head read.
    static let headLimit = 16 * 1024

    private final class Client {
        let fd: Int32
        let opened = Date()
        var head: [UInt8] = []
        var done = false
        init(fd: Int32) { self.fd = fd }
    }

    private func acceptClients() {
        while clients.count < 16 {
            // accept4 is a GNU extension the Glibc module does not show: the flags are set after.
            let fd = accept(socket, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            clients.append(Client(fd: fd))
        }
    }

    /// Reads what the client sent; a complete request head is answered (404, 405) or, when it is the redirect,
    /// returned unanswered.
    private func readClient(_ client: Client) -> Redirect? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(client.fd, &buffer, buffer.count, 0)
        if n <= 0 {
            if n == 0 || (errno != EAGAIN && errno != EINTR) { client.done = true }
            return nil
        }
        client.head += buffer.prefix(n)
        guard let end = Self.headEnd(client.head) else {
            if client.head.count > Self.headLimit {
                Self.send(client.fd, status: "431 Request Header Fields Too Large", body: "")
                client.done = true
            }
            return nil
        }
        client.done = true
        let line = String(decoding: client.head[..<end].prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let words = line.split(separator: " ")
        guard words.count == 3, words[2].hasPrefix("HTTP/1.") else {
            Self.send(client.fd, status: "400 Bad Request", body: "")
            return nil
        }
        let target = words[1]
        let path = target.prefix { $0 != "?" }
        guard path == "/" else {
            Self.send(client.fd, status: "404 Not Found", body: "")
            return nil
        }
        guard words[0] == "GET" else {
            Self.send(client.fd, status: "405 Method Not Allowed", body: "")
            return nil
        }
        let query = target.dropFirst(path.count + 1)
        let parameters = FormURLEncoding.decode(String(query))?.map { (name: $0.0, value: $0.1) } ?? []
        // The redirect keeps its connection; it leaves the list without being closed.
        clients.removeAll { $0 === client }
        return Redirect(fd: client.fd, parameters: parameters)
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// Writes an answer (small: it fits the socket's buffer, and a browser that does not read it loses only the page).
    fileprivate static func send(_ fd: Int32, status: String, body: String) {
        let head = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
        var bytes = Array((head + body).utf8)[...]
        var waited = 0
        while !bytes.isEmpty, waited < 20 {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                bytes = bytes.dropFirst(n)
            } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
                var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, 50)
                waited += 1
            } else {
                return
            }
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    private static func failure(_ text: String) -> ODataClientError {
        ODataClientError(.signInFailed(text), method: nil, url: "")
    }
}
