import Foundation
import Testing
import TestSupport

/// Value help while typing, in the interactive shell under tmux, against fixture-server.py sap-annotated: TAB
/// inside a literal of a property with Common.ValueList lists values with their descriptions, filtered by what was
/// typed (as a `startswith` filter and a small `$top`), cached for the session; a slow value-list service gives up
/// after the time limit, and Ctrl-C cancels it.
@Suite(.serialized, .enabled(if: OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .enabled(if: TmuxSession.isAvailable, TmuxSession.missing))
struct ValueHelpTests {
    static func seen(_ port: Int) throws -> [String] {
        let r = try Spawn.run(["curl", "-s", "http://127.0.0.1:\(port)/vlseen"], timeout: 10)
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
        tmux.press("Tab")
        usleep(500_000)
        tmux.press("Tab")
        let screen = try tmux.waitFor("United Kingdom")
        #expect(screen.contains("Germany") && screen.contains("Denmark") && screen.contains("France"))
        #expect(try Self.seen(port).count == before + 2)
        // The whole list came (fewer than 20): narrowing it by what is typed asks nothing more.
        tmux.keys("D")
        tmux.press("Tab")
        usleep(500_000)
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
        let start = Date()
        tmux.press("Tab")
        tmux.keys("EU")
        try tmux.waitFor("CurrencyCode = 'EU", seconds: 8)
        // The server answers after 10 s; the limit is 2 s.
        #expect(Date().timeIntervalSince(start) < 6)
        // Ctrl-C while the value help waits: it stops, and the shell goes on.
        tmux.press("Tab")
        usleep(300_000)
        tmux.press("C-c")
        tmux.press("C-u")
        tmux.type(".settings")
        try tmux.waitFor("lineitem", seconds: 8)
        tmux.type(".quit")
        try tmux.waitFor("ODSH-EXIT=0")
    }
}
