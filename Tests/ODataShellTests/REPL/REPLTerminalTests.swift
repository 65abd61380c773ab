import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// The real shell, `odsh http://127.0.0.1:PORT/northwind/` on odatapy's V4 Northwind, driven in tmux: what a
/// user sees when typing. Each test has its own tmux server, HOME and XDG folders.
@Suite("REPL in a terminal", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct REPLTerminalTests {
    static let prompt = "odsh:northwind>"
    let home = TemporaryDirectory()
    var state: String { home.path + "/state" }
    var historyPath: String { state + "/odsh/history" }

    static func northwind() throws -> String { try ReferenceServers.baseURL(.v4) + "/northwind/" }

    /// The shell on `service` (default: odatapy's Northwind) with a private HOME and XDG folders, no pager or
    /// locale settings from the test's environment; `locale` nil runs it with no locale variables at all.
    func start(_ service: String? = nil, arguments: String = "", locale: String? = "C.UTF-8", extra: String = "",
               width: Int = 120, height: Int = 30) throws -> TerminalSession {
        let url = try service ?? Self.northwind()
        let env = "env -u LC_ALL -u LC_CTYPE -u LANG -u PAGER -u LESS -u NO_COLOR -u EDITRC HOME=\(home.path) "
            + "XDG_STATE_HOME=\(state) XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache "
            + (locale.map { "LANG=\($0) " } ?? "") + extra
        let s = try TerminalSession(env + " " + TerminalSession.odsh! + " " + arguments + " " + url, width: width, height: height)
        try s.waitForLastLine(Self.prompt, timeout: 20)
        return s
    }

    /// Types a statement and Enter.
    func run(_ s: TerminalSession, _ statement: String) throws {
        try s.type(statement)
        try s.press("Enter")
    }

    @Test("TAB completes names from the model; a second TAB lists the candidates with their types; Ctrl-D leaves with 0")
    func tabCompletion() throws {
        let s = try start()
        // Through a navigation property into the customer's properties.
        try s.type("Orders where Customer/Ci")
        try s.press("Tab")
        try s.waitForLastLine("\(Self.prompt) Orders where Customer/City")
        try s.press("C-c")
        try s.waitForLastLine(Self.prompt)
        // Several candidates: the first TAB inserts what they share, the second lists them in columns.
        try s.type("Orders where Customer/C")
        try s.press("Tab")
        try s.press("Tab")
        let screen = try s.waitFor("the candidate list") { lines in
            lines.contains { $0.contains("CompanyName") } && lines.last(where: { !$0.isEmpty }) == "\(Self.prompt) Orders where Customer/C"
        }
        let listing = screen.filter { $0.contains("Edm.String") }
        #expect(listing.contains { $0.hasPrefix("CustomerID") && $0.contains("Edm.String") }, "\(listing)")
        #expect(listing.contains { $0.contains("ContactTitle") }, "\(listing)")
        #expect(screen.contains { $0.contains("CustomerDemographics") && $0.contains("Collection(CustomerDemographic)") })
        try s.press("C-c")
        try s.waitForLastLine(Self.prompt)
        // A unique entity set goes in whole; the statement runs.
        try s.type("Shipp")
        try s.press("Tab")
        try s.waitForLastLine("\(Self.prompt) Shippers")
        try s.press("Enter")
        try s.waitFor("the shippers") { lines in
            lines.contains { $0.hasPrefix("ShipperID") } && lines.contains { $0.contains("Federal Shipping") }
                && lines.contains { $0.hasPrefix("3 rows") }
        }
        try s.waitForLastLine(Self.prompt)
        // Ctrl-D ends the session only on an empty line.
        try s.type("Orders")
        try s.press("C-d")
        try s.waitForLastLine("\(Self.prompt) Orders")
        try s.press("C-c")
        try s.waitForLastLine(Self.prompt)
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test("history across sessions: Up and Down, Ctrl-R; mode 0600; a statement carrying a secret is never kept")
    func history() throws {
        // The first session has no locale variables: odsh falls back to C.UTF-8, so "ü" is not dropped.
        let first = try start(locale: nil)
        try run(first, "Customers top 1 select CustomerID, CompanyName")
        try first.waitFor("ALFKI") { $0.contains { $0.contains("Alfreds Futterkiste") } }
        try run(first, "Customers where City = 'München' select CustomerID")
        try first.waitFor("FRANK") { $0.contains { $0.hasPrefix("FRANK") } }
        try run(first, "Customers where ContactName = 'token s3cr3t' select CustomerID")
        try first.waitFor("no rows") { $0.contains { $0.hasPrefix("0 rows") } }
        // Up walks back past the secret, which never reached history.
        try first.press("Up")
        try first.waitForLastLine("\(Self.prompt) Customers where City = 'München' select CustomerID")
        // Ctrl-C ends the line; the next key waits for the new prompt (type-ahead sent with the interrupt can be
        // dropped while libedit resets the terminal, as a Ctrl-D was under load once).
        try first.press("C-c")
        try first.waitForLastLine(Self.prompt)
        try first.press("C-d")
        try first.waitForLine("[exit 0]")

        var st = stat()
        #expect(stat(historyPath, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        let file = try String(contentsOfFile: historyPath, encoding: .utf8)
        #expect(file == "#odsh history v1\nCustomers top 1 select CustomerID, CompanyName\n"
                + "Customers where City = 'München' select CustomerID\n")
        #expect(!file.contains("s3cr3t"))

        let second = try start()
        try second.press("Up")
        try second.waitForLastLine("\(Self.prompt) Customers where City = 'München' select CustomerID")
        try second.press("Up")
        try second.waitForLastLine("\(Self.prompt) Customers top 1 select CustomerID, CompanyName")
        try second.press("Down")
        try second.waitForLastLine("\(Self.prompt) Customers where City = 'München' select CustomerID")
        try second.press("Enter")
        try second.waitFor("FRANK") { $0.contains { $0.hasPrefix("FRANK") } }
        try second.press("C-l")
        // Ctrl-R searches backwards as you type.
        try second.press("C-r")
        try second.type("top 1")
        try second.waitFor("the search result") { $0.contains { $0.contains("Customers top 1 select CustomerID, CompanyName") } }
        try second.press("Enter")
        try second.waitFor("ALFKI") { $0.contains { $0.contains("Alfreds Futterkiste") } }
        try second.press("C-d")
        try second.waitForLine("[exit 0]")
        // The same statement right after itself is not a new entry.
        #expect(try String(contentsOfFile: historyPath, encoding: .utf8) == "#odsh history v1\n"
                + "Customers top 1 select CustomerID, CompanyName\nCustomers where City = 'München' select CustomerID\n"
                + "Customers top 1 select CustomerID, CompanyName\n")
    }

    @Test("Ctrl-C abandons the line, also a statement of several lines")
    func ctrlCClearsTheLine() throws {
        let s = try start()
        try s.type("Customers top")
        try s.press("C-c")
        try s.waitForLine("\(Self.prompt) Customers top^C")
        try s.waitForLastLine(Self.prompt)
        // Inside a statement of several lines, Ctrl-C drops all of it.
        try run(s, "Orders where (Freight")
        try s.waitForLastLine("  ...>")
        try s.type("> 10")
        try s.press("C-c")
        try s.waitForLastLine(Self.prompt)
        // A statement over two lines runs as one.
        try run(s, "Orders where (Freight")
        try run(s, "> 800) select OrderID, Freight")
        try s.waitFor("the big freights") { lines in
            lines.contains { $0.contains("10540") && $0.contains("1007.64") } && lines.contains { $0.hasPrefix("4 rows") }
        }
        try s.waitForLastLine(Self.prompt)
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test("Ctrl-C during a request that gets no answer cancels it; the shell goes on")
    func ctrlCCancelsASlowRequest() throws {
        // fixture-server.py hang reads requests and never answers; its events say what came and what was closed.
        let hang = try FixtureServers.port("hang")
        let root = "/ctrl-c-\(UUID().uuidString.prefix(8))/northwind/"  // (the prompt names the last segment)
        func events(_ kind: String) throws -> Int { try FixtureServers.events("hang").filter { $0.hasPrefix("\(kind) \(root)") }.count }
        let metadata = SharedCorpus.metadata("northwind-v4.xml")
        let url = "http://127.0.0.1:\(hang)\(root)"
        let s = try start(url, arguments: "--metadata \(metadata)")
        for attempt in 1...2 {
            try run(s, "Orders top \(attempt)")
            // The request hangs at the server: no prompt comes back.
            try Wait.until("request \(attempt) to reach the server") { try events("request") == attempt }
            #expect(try s.screen().last(where: { !$0.isEmpty }) == "\(Self.prompt) Orders top \(attempt)")
            try s.press("C-c")
            try s.waitFor("the cancellation") { lines in
                lines.contains { $0 == "^Codsh: GET \(url)Orders?$top=\(attempt): cancelled (Ctrl-C)" || $0 == "odsh: GET \(url)Orders?$top=\(attempt): cancelled (Ctrl-C)" }
                    && lines.last(where: { !$0.isEmpty }) == Self.prompt
            }
            // The transfer was ended, not left behind: the server saw the connection closed.
            try Wait.until("the server to see connection \(attempt) closed") { try events("closed") == attempt }
        }
        // No stack trace, no extra lines: the message and the prompt.
        #expect(!(try s.screen().contains { $0.contains("Fatal") || $0.contains("more; --verbose") }))
        // Still usable.
        try run(s, ".url Customers('ALFKI')")
        try s.waitForLine("GET \(url)Customers('ALFKI')")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")

        // A one-shot run cancelled by Ctrl-C ends with 130.
        let oneShot = try TerminalSession("env HOME=\(home.path) XDG_STATE_HOME=\(state) XDG_CACHE_HOME=\(home.path)/cache "
            + "\(TerminalSession.odsh!) --metadata \(metadata) \(url) -c Orders")
        try Wait.until("the one-shot request to reach the server") { try events("request") == 3 }
        try oneShot.press("C-c")
        try oneShot.waitFor("exit 130") { $0.contains { $0.contains("cancelled (Ctrl-C)") } && $0.contains("[exit 130]") }
    }

    @Test("Ctrl-C during the first $metadata load cancels it and says so, in the REPL and in a one-shot run")
    func ctrlCDuringTheFirstMetadataLoad() throws {
        // The shell's Ctrl-C handling once came after the first load: an interrupt there ended the process by the
        // signal, without a word. fixture-server.py hang never answers the $metadata request.
        let hang = try FixtureServers.port("hang")
        let root = "/first-load-\(UUID().uuidString.prefix(8))/"
        func events(_ kind: String) throws -> Int { try FixtureServers.events("hang").filter { $0 == "\(kind) \(root)$metadata" }.count }
        let url = "http://127.0.0.1:\(hang)\(root)"
        let env = "env HOME=\(home.path) XDG_STATE_HOME=\(state) XDG_CACHE_HOME=\(home.path)/cache XDG_CONFIG_HOME=\(home.path)/config "
        for (attempt, arguments) in [(1, url), (2, "\(url) -c Orders")] {
            let s = try TerminalSession(env + TerminalSession.odsh! + " " + arguments)
            try Wait.until("$metadata request \(attempt) to reach the server") { try events("request") == attempt }
            try s.press("C-c")
            try s.waitFor("exit 130 with the load named") { lines in
                lines.contains { $0.contains("odsh: GET \(url)$metadata") && $0.hasSuffix("cancelled (Ctrl-C)") } && lines.contains("[exit 130]")
            }
            #expect(!(try s.screen().contains { $0.contains("Fatal") || $0.contains("more; --verbose") }))
            // The transfer was ended: the server saw its connection closed.
            try Wait.until("the server to see connection \(attempt) closed") { try events("closed") == attempt }
        }
        // A system's root: its services are listed and one is asked for. Ctrl-C at that question ends it too (the
        // shell's handling, now in place, would otherwise let the read go on until the third Ctrl-C).
        let system = try ReferenceServers.baseURL(.v2) + "/"
        let s = try TerminalSession(env + TerminalSession.odsh! + " " + system)
        try s.waitFor("the question") { $0.last(where: { !$0.isEmpty })?.hasPrefix("The service to open (its technical name):") == true }
        try s.press("C-c")
        try s.waitFor("exit 130 with the question named") { lines in
            lines.contains("odsh: The service to open (its technical name): cancelled (Ctrl-C)") && lines.contains("[exit 130]")
        }
    }

    @Test("vi mode: .set editing vi switches the keys at once; TAB still completes")
    func viMode() throws {
        let s = try start()
        try run(s, ".set editing vi")
        try s.waitForLastLine(Self.prompt)
        try s.type("xOrders top 1 select OrderID")
        try s.press("Escape")
        try s.type("0x")
        try s.waitForLastLine("\(Self.prompt) Orders top 1 select OrderID")
        try s.press("Enter")
        try s.waitFor("the order") { $0.contains { $0.contains("10248") } && $0.last(where: { !$0.isEmpty }) == Self.prompt }
        try s.type("Shipp")
        try s.press("Tab")
        try s.waitForLastLine("\(Self.prompt) Shippers")
        // In command mode, k fetches the previous statement.
        try s.press("Escape")
        try s.type("k")
        try s.waitForLastLine("\(Self.prompt) Orders top 1 select OrderID")
        try s.press("C-c")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test("a result taller than the terminal goes through less; q returns to the prompt; .set pager off turns it off",
          .fixture("less", FileManager.default.isExecutableFile(atPath: "/usr/bin/less"), "less is not installed"))
    func pager() throws {
        let s = try start()
        // Orders do not fit 120 columns: 20 records of 15 lines in a 30-line terminal.
        try run(s, "Orders top 200")
        let screen = try s.waitFor("less's prompt") {
            $0.contains { $0.contains("RECORD 1 ]") } && $0.last(where: { !$0.isEmpty }) == ":"
        }
        #expect(!screen.contains { $0.contains("RECORD 20 ]") })
        // Ctrl-C belongs to less: odsh is not ended by it.
        try s.press("C-c")
        try quitLess(s)
        try run(s, "count Orders")
        try s.waitForLine("830")
        // Quitting early while all 830 rows stream in: the rest is not read, the shell goes on.
        try run(s, ".set all on")
        try run(s, "Orders select OrderID, CustomerID")
        try s.waitFor("less's prompt") { $0.contains { $0.hasPrefix("OrderID") } && $0.last(where: { !$0.isEmpty }) == ":" }
        try s.press("q")
        try s.waitForLastLine(Self.prompt)
        try run(s, ".set all off")
        try run(s, "Customers('ALFKI') select CompanyName")
        try s.waitFor("ALFKI") { $0.contains { $0.contains("Alfreds Futterkiste") } && $0.last(where: { !$0.isEmpty }) == Self.prompt }
        // Help is long too; without the pager it is written straight out.
        try run(s, ".help")
        try s.waitFor("less's prompt") { $0.last(where: { !$0.isEmpty }) == ":" }
        try s.press("q")
        try s.waitForLastLine(Self.prompt)
        try run(s, ".set pager off")
        try run(s, ".help")
        try s.waitFor("the whole help") { $0.contains("More: .help expressions") && $0.last(where: { !$0.isEmpty }) == Self.prompt }
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    /// Presses `q` in less until odsh's prompt is back. less can drop a key that comes while it still handles a
    /// Ctrl-C (seen under load: the `q` sent right after it was lost, and less stayed open with its prompt), so `q`
    /// is pressed again while less's own prompt is still the last line after a few seconds. A `q` that was not lost
    /// but only slow to be read lands on odsh's line once less has ended: that line is then cleared (Ctrl-U).
    private func quitLess(_ s: TerminalSession) throws {
        func atPrompt(_ lines: [String]) -> Bool {
            guard let last = lines.last(where: { !$0.isEmpty }), last.hasPrefix(Self.prompt) else { return false }
            return last.dropFirst(Self.prompt.count).allSatisfy { $0 == "q" || $0 == " " }
        }
        for _ in 0..<5 {
            try s.press("q")
            let (lines, back) = try s.poll(timeout: 3) { atPrompt($0) }
            if back || lines.last(where: { !$0.isEmpty }) != ":" { break }
        }
        try s.waitFor("odsh's prompt after less") { atPrompt($0) }
        try s.press("C-u")
        try s.waitForLastLine(Self.prompt)
    }

    @Test("a pager that cannot start loses nothing: PAGER=no-such-pager gives one warning and every row; paging is then off")
    func missingPager() throws {
        let s = try start(extra: "PAGER=no-such-pager", height: 15)
        let warning = "odsh: warning: the pager did not start (no-such-pager: exit 127); writing straight out; paging is off (.set pager on)"
        func warnings() throws -> Int { try s.screen(history: true).filter { $0.hasPrefix("odsh: warning: the pager did not start") }.count }
        // All 830 orders stream in 42 pages: sh exits 127 while they come, and every row still reaches the terminal.
        try run(s, ".set all on")
        try run(s, "Orders select OrderID, ShipCity")
        try s.waitFor("all the rows") { $0.contains { $0.hasPrefix("830 rows") } && $0.last(where: { !$0.isEmpty }) == Self.prompt }
        var lines = try s.screen(history: true)
        #expect(lines.contains(warning), "\(lines.prefix(8))")
        #expect(try warnings() == 1)
        let rows = lines.filter { $0.range(of: #"^  1[01]\d{3}  "#, options: .regularExpression) != nil }
        #expect(rows.count == 830)
        #expect(rows.first?.hasPrefix("  10248  Reims") == true && rows.last?.hasPrefix("  11077  Albuquerque") == true)
        #expect(lines.filter { $0.hasPrefix("OrderID") }.count == 1, "the header once")
        // Paging is off now: the next long result goes straight out without another warning.
        try run(s, ".set all off")
        try run(s, "Customers select CustomerID, City")
        try s.waitFor("the customers") { $0.contains { $0.hasPrefix("20 rows") } && $0.last(where: { !$0.isEmpty }) == Self.prompt }
        #expect(try warnings() == 1)
        // A result that fits never starts the pager; one taller than the terminal tries again after .set pager on.
        try run(s, ".set pager on")
        try run(s, "Shippers")
        try s.waitFor("the shippers") { $0.contains { $0.hasPrefix("3 rows") } && $0.last(where: { !$0.isEmpty }) == Self.prompt }
        #expect(try warnings() == 1)
        try run(s, "Orders select OrderID top 12")
        try s.waitFor("the orders") { $0.contains { $0.hasPrefix("12 rows") } && $0.last(where: { !$0.isEmpty }) == Self.prompt }
        lines = try s.screen(history: true)
        #expect(try warnings() == 2)
        let after = lines.drop(while: { !$0.hasSuffix("Orders select OrderID top 12") })
        #expect(after.contains("  10248") && after.contains("  10259"), "\(after)")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test("the table fits the terminal's width, also after a resize; colour on a terminal, none with NO_COLOR")
    func terminalWidthAndColour() throws {
        let statement = "Customers select CustomerID, CompanyName, ContactName, Address, City top 3"
        let s = try start()
        try run(s, statement)
        var screen = try s.waitFor("the wide table") { $0.contains { $0.hasPrefix("3 rows") } }
        #expect(screen.contains { $0.hasPrefix("ANATR") && $0.contains("Ana Trujillo Emparedados y helados") && $0.contains("Avda. de la Constitución 2222") })
        #expect(!screen.contains { $0.contains("…") })
        // The header is bold on a terminal.
        #expect(try s.screen(escapes: true).contains { $0.contains("\u{1B}[1m") && $0.contains("CustomerID") })
        try s.resize(width: 80, height: 30)
        try s.press("C-l")
        try run(s, statement)
        screen = try s.waitFor("the narrow table") { $0.contains { $0.hasPrefix("3 rows") } && $0.contains { $0.hasPrefix("ANATR") } }
        let table = screen.drop(while: { !$0.hasPrefix("CustomerID") }).prefix(5)
        #expect(table.count == 5)
        for line in table { #expect(line.count <= 80, "\(line)") }
        #expect(table.contains { $0.hasPrefix("ANATR") && $0.contains("…") })
        try s.press("C-d")
        try s.waitForLine("[exit 0]")

        let plain = try start(extra: "NO_COLOR=1")
        try run(plain, statement)
        try plain.waitFor("the table") { $0.contains { $0.hasPrefix("3 rows") } }
        #expect(!(try plain.screen(escapes: true).contains { $0.contains("\u{1B}[1m") || $0.contains("\u{1B}[2m") }))
        try plain.press("C-d")
        try plain.waitForLine("[exit 0]")
    }
}

/// The shell with stdin from a pipe: statements line by line, no prompt, no escape codes, no history.
@Suite("REPL piped input", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct REPLPipedInputTests {
    @Test("no prompt, no escapes, statements over several lines, no history file")
    func noPromptNoEscapes() throws {
        let home = TemporaryDirectory()
        let r = try OdshProcess.run([try REPLTerminalTests.northwind(), "-o", "table"],
                                    stdin: "Customers top 1 select CustomerID\n\nOrders where (\nOrderID = 10248) select OrderID, ShipCity\n",
                                    environment: ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm",
                                                  "COLUMNS": "100"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "CustomerID\n──────────\nALFKI\n1 row\n"
                + "OrderID  ShipCity\n───────  ────────\n  10248  Reims\n1 row\n", "\(r.stdout)")
        #expect(!r.stdout.contains("\u{1B}") && !r.stderr.contains("\u{1B}"))
        #expect(!r.stdout.contains("odsh:") && r.stderr.isEmpty)
        // Without a terminal there is no history.
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state/odsh/history"))
    }
}
