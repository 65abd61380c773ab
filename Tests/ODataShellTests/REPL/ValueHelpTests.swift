import Foundation
import Testing
import TestSupport

/// Value help while typing, in the interactive shell under tmux, against fixture-server.py sap-annotated: TAB
/// inside a literal of a property with Common.ValueList lists values with their descriptions, filtered by what was
/// typed (as a `startswith` filter and a small `$top`), cached for the session; a slow value-list service gives up
/// after the time limit, and Ctrl-C cancels it.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("tmux", TmuxSession.isAvailable, TmuxSession.missing))
struct ValueHelpTests {
    static func seen(_ port: Int) throws -> [String] { try log(port, "vlseen") }
    /// The value-list requests the server has answered (the slow service's only after a minute).
    static func answered(_ port: Int) throws -> [String] { try log(port, "vlanswered") }

    static func log(_ port: Int, _ name: String) throws -> [String] {
        let r = try Spawn.run(["curl", "-s", "http://127.0.0.1:\(port)/\(name)"], timeout: 30)
        return r.stdout.split(separator: "\n").map(String.init)
    }

    static func shell(_ url: String) throws -> TmuxSession {
        let xdg = TestXDG()
        let environment = xdg.environment.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.sorted().joined(separator: " ")
        let tmux = try TmuxSession("env \(environment) \(TmuxSession.quote(OdshProcess.binary.path)) \(url); echo ODSH-EXIT=$?; sleep 60")
        try tmux.waitFor(".help for help")
        return tmux
    }

    @Test func tabOffersValuesFromTheValueList() throws {
        let port = try FixtureServers.port("sap-annotated")
        let tmux = try Self.shell("http://127.0.0.1:\(port)/sap/")
        let before = try Self.seen(port).count
        // What was typed filters the value-list set; a unique value is completed with its closing quote.
        tmux.keys("Products where CurrencyCode = 'U")
        tmux.press("Tab")
        try tmux.waitFor("Products where CurrencyCode = 'USD' ")
        let first = try Self.seen(port).dropFirst(before)
        #expect(first.count == 1)
        #expect(first.last?.hasPrefix("/sap/Currencies?") == true)
        #expect(first.last?.contains("startswith(Code,'U')") == true && first.last?.contains("$top=20") == true)
        tmux.keys("and Country = '")
        // The first TAB completes what all values share (nothing here), the second lists them with descriptions.
        // The second TAB is sent once the first one's request has been answered.
        func countries() throws -> Int { try Self.answered(port).filter { $0.hasPrefix("/sap/Countries?") }.count }
        let countriesBefore = try countries()
        tmux.press("Tab")
        try Wait.until("the countries' value-list request to be answered") { try countries() > countriesBefore }
        tmux.press("Tab")
        let screen = try tmux.waitFor("United Kingdom")
        #expect(screen.contains("Germany") && screen.contains("Denmark") && screen.contains("France"))
        #expect(try Self.seen(port).count == before + 2)
        // The whole list came (fewer than 20): narrowing it by what is typed asks nothing more.
        tmux.keys("D")
        // Both from the cache: the keys follow each other, read in order.
        tmux.press("Tab")
        tmux.press("Tab")
        let narrowed = try tmux.waitFor("Denmark", occurrence: 2)
        #expect(narrowed.components(separatedBy: "France").count == 2)
        tmux.keys("K")
        tmux.press("Tab")
        try tmux.waitFor("Country = 'DK' ")
        #expect(try Self.seen(port).count == before + 2)
        tmux.type("select ProductID")
        try tmux.waitFor("rows")
        tmux.type(".quit")
        try tmux.waitFor("ODSH-EXIT=0")
    }

    @Test("the items of an in (...) list get value help too")
    func insideAnInList() throws {
        let port = try FixtureServers.port("sap-annotated")
        let tmux = try Self.shell("http://127.0.0.1:\(port)/sap/")
        tmux.keys("Products where Country in ('F")
        tmux.press("Tab")
        try tmux.waitFor("Products where Country in ('FR' ")
        tmux.press("BSpace")
        tmux.keys(", 'G")
        tmux.press("Tab")
        try tmux.waitFor("Products where Country in ('FR', 'GB' ")
        tmux.press("BSpace")
        tmux.type(") select ProductID")
        try tmux.waitFor(" row")
        tmux.type(".quit")
        try tmux.waitFor("ODSH-EXIT=0")
    }

    @Test func aSlowValueListNeverKeepsTypingWaiting() throws {
        let port = try FixtureServers.port("sap-annotated")
        let tmux = try Self.shell("http://127.0.0.1:\(port)/slow/")
        tmux.keys("Products where CurrencyCode = '")
        let asked = try Self.seen(port).count
        tmux.press("Tab")
        tmux.keys("EU")
        try tmux.waitFor("CurrencyCode = 'EU")
        // The server answers after a minute; the value help gives up after its limit (2 s): what was typed shows
        // while the server has not answered yet.
        let seen = try Self.seen(port).dropFirst(asked)
        #expect(seen.count == 1 && seen.first?.hasPrefix("/slow/Currencies?") == true, "\(seen)")
        #expect(try !Self.answered(port).contains { $0.hasPrefix("/slow/") }, "typing waited for the answer")
        // Ctrl-C while the value help waits (its request has reached the server): it stops, and the shell goes on.
        tmux.press("Tab")
        try Wait.until("the second value-list request to reach the server") { try Self.seen(port).count == asked + 2 }
        tmux.press("C-c")
        tmux.press("C-u")
        tmux.type(".settings")
        try tmux.waitFor("lineitem")
        #expect(try !Self.answered(port).contains { $0.hasPrefix("/slow/") }, "Ctrl-C waited for the answer")
        tmux.type(".quit")
        try tmux.waitFor("ODSH-EXIT=0")
    }
}
