import Foundation
import Testing
import TestSupport
@testable import ODataClient
#if canImport(Glibc)
import Glibc
#endif

/// The library's side of issue 38: the next-link guard, message framing, cookie jars never written through a
/// link, member names escaped as JSON keys.
@Suite("Hostile servers, round two: the library")
struct HostileRoundTwoClientTests {
    // MARK: the next-link guard

    @Test("A link to a page already read is a cycle, however it is spelled")
    func cycles() throws {
        var g = NextLinkGuard(firstURL: "http://h:80/s/Items", maxEmptyPagesInARow: 3)
        #expect(try g.linkToFollow(afterPageOf: 2, count: nil, nextLink: "http://h/s/Items?page=2") == "http://h/s/Items?page=2")
        #expect(try g.linkToFollow(afterPageOf: 2, count: nil, nextLink: "http://h/s/Items?page=3") == "http://h/s/Items?page=3")
        // 1 -> 2 -> 3 -> 1, the first spelled with the default port and another case of host and scheme.
        #expect(throws: PagingError.self) { try g.linkToFollow(afterPageOf: 2, count: nil, nextLink: "HTTP://H/s/Items#top") }
        var same = NextLinkGuard(firstURL: "https://h/s/Items", maxEmptyPagesInARow: 3)
        do {
            _ = try same.linkToFollow(afterPageOf: 1, count: nil, nextLink: "https://h:443/s/Items")
            Issue.record("a page linking to itself was followed")
        } catch let e as PagingError {
            #expect(e.kind == .cycle(link: "https://h:443/s/Items", pagesRead: 1))
            #expect(e.description.contains("https://h:443/s/Items") && e.description.contains("circle"))
        }
        // Another port is another page.
        var ports = NextLinkGuard(firstURL: "http://h:8080/s/Items", maxEmptyPagesInARow: 3)
        #expect(try ports.linkToFollow(afterPageOf: 1, count: nil, nextLink: "http://h:80/s/Items") != nil)
    }

    @Test("A run of empty pages ends the reading, and says so; the count ends it quietly")
    func emptyPages() throws {
        var g = NextLinkGuard(firstURL: "http://h/s/Items", maxEmptyPagesInARow: 3)
        #expect(try g.linkToFollow(afterPageOf: 2, count: nil, nextLink: "http://h/s/Items?p=2") != nil)
        #expect(try g.linkToFollow(afterPageOf: 0, count: nil, nextLink: "http://h/s/Items?p=3") != nil)
        #expect(try g.linkToFollow(afterPageOf: 0, count: nil, nextLink: "http://h/s/Items?p=4") != nil)
        #expect(g.emptyPagesCut == nil)
        #expect(try g.linkToFollow(afterPageOf: 0, count: nil, nextLink: "http://h/s/Items?p=5") == nil)
        #expect(g.emptyPagesCut?.kind == .emptyPagesCut(pages: 3, nextLink: "http://h/s/Items?p=5"))
        var counted = NextLinkGuard(firstURL: "http://h/s/Items", maxEmptyPagesInARow: 3)
        #expect(try counted.linkToFollow(afterPageOf: 2, count: 2, nextLink: "http://h/s/Items?p=2") == nil)
        #expect(counted.emptyPagesCut == nil)
    }

    // MARK: framing

    @Test("Content-Length fields that differ are invalid; repeats of one value are not")
    func contentLengths() {
        #expect(MessageFraming.conflict([]) == nil)
        #expect(MessageFraming.conflict(["42"]) == nil)
        #expect(MessageFraming.conflict(["42", "42"]) == nil)
        #expect(MessageFraming.conflict(["42, 42"]) == nil)
        #expect(MessageFraming.conflict(["42", "43"])?.contains("(42, 43)") == true)
        #expect(MessageFraming.conflict(["42, 7"]) != nil)
    }

    // MARK: JSON keys

    @Test("Member names are escaped as JSON keys")
    func memberKeys() throws {
        let key = String(decoding: JSONMemberKey.bytes(Array("a\"b\\c\nd\u{1B}e\u{2028}".utf8)), as: UTF8.self)
        #expect(key == #""a\"b\\c\nd\u001be"# + "\u{2028}\":")
        let object = try JSONSerialization.jsonObject(with: Data(("{" + key + "1}").utf8)) as? [String: Int]
        #expect(object?.keys.first == "a\"b\\c\nd\u{1B}e\u{2028}")
    }

    // MARK: cookie jars

    @Suite(.fixture("python3", Tools.hasPython, Tools.noPython))
    struct CookieJars {
        @Test("A cookie jar that is a symlink: replaced by a file of our own, its target left alone")
        func symlinkedJar() throws {
            let dir = NSTemporaryDirectory() + "odsh-jar-\(getpid())-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let target = dir + "/precious.txt", jar = dir + "/cookies.txt"
            try Data("precious\n".utf8).write(to: URL(fileURLWithPath: target))
            chmod(target, 0o644)
            #expect(symlink(target, jar) == 0)
            var config = HTTPConfiguration(serviceRoot: try HostileServer.serviceRoot("cookie"))
            config.cookieJar = jar
            let client = try HTTPClient(configuration: config)
            _ = try client.send(HTTPRequest(method: .get, url: try HostileServer.serviceRoot("cookie") + "Items"))
            client.close()
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
            var st = stat()
            #expect(lstat(jar, &st) == 0)
            #expect(st.st_mode & S_IFMT == S_IFREG, "the jar is a file of its own now")
            #expect(st.st_mode & 0o777 == 0o600)
            #expect(stat(target, &st) == 0 && st.st_mode & 0o777 == 0o644, "the target was not chmodded")
            let text = try String(contentsOfFile: jar, encoding: .utf8)
            #expect(text.hasPrefix("# Netscape HTTP Cookie File") && text.contains("SESSION\ts3ss10n"))
        }
    }
}
