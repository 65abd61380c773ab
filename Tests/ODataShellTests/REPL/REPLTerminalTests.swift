import Foundation
import Testing
@testable import ODataShell

/// `odsh repl-demo` driven in tmux: what a user sees when typing. Each test has its own tmux server, HOME and
/// XDG_STATE_HOME.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, TerminalSession.missing))
struct REPLTerminalTests {
    let home = TemporaryDirectory()
    var state: String { home.path + "/state" }
    var historyPath: String { state + "/odsh/history" }

    /// The demo with a private HOME and state directory; `locale` nil runs it with no locale variables at all.
    func start(_ arguments: String = "", locale: String? = "C.UTF-8", extra: String = "") throws -> TerminalSession {
        let env = "env -u LC_ALL -u LC_CTYPE -u LANG -u PAGER -u LESS HOME=\(home.path) XDG_STATE_HOME=\(state) "
            + (locale.map { "LANG=\($0) " } ?? "") + extra
        let s = try TerminalSession(env + " " + TerminalSession.odsh! + " repl-demo " + arguments)
        try s.waitForLastLine("demo>")
        return s
    }

    @Test func tabCompletesAndListsCandidates() throws {
        let s = try start()
        try s.type("cust")
        try s.press("Tab")
        // Three candidates share "Customer": that much is inserted, in the model's spelling.
        try s.waitForLastLine("demo> Customer")
        try s.press("Tab")
        // The second TAB lists them in columns with their annotations, then redraws the prompt and line.
        let screen = try s.waitFor("the candidate list") { lines in
            lines.contains { $0.contains("CustomerID") } && lines.last(where: { !$0.isEmpty }) == "demo> Customer"
        }
        let listing = screen.filter { $0.contains("CustomerID") || $0.contains("Customers") }
        #expect(listing.count == 1, "all three fit on one row at 120 columns: \(listing)")
        #expect(listing.first == "Customers             entity set     CustomerDemographics  entity set     CustomerID            Edm.String(5)")
        // A unique candidate (matched case-insensitively) goes in with its spelling and a space.
        try s.type("i")
        try s.press("Tab")
        try s.waitForLastLine("demo> CustomerID")
        try s.type("comp")
        try s.press("Tab")
        try s.type("X")
        try s.waitForLastLine("demo> CustomerID CompanyName X")
        try s.press("BSpace", "Enter")
        try s.waitForLine("=> CustomerID CompanyName")
        // Non-ASCII candidates complete too.
        try s.type("Orders where mü")
        try s.press("Tab")
        try s.type("eq 1")
        try s.waitForLastLine("demo> Orders where Müller eq 1")
        // Ctrl-D ends the session only on an empty line.
        try s.press("C-d")
        try s.waitForLastLine("demo> Orders where Müller eq 1")
        try s.press("C-c")
        try s.waitForLastLine("demo>")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test func historyIsKeptAcrossSessionsWithoutSecrets() throws {
        // The first session has no locale variables: odsh falls back to C.UTF-8, so "ü" is not dropped.
        let first = try start(locale: nil)
        try first.type("Orders top 3")
        try first.press("Enter")
        try first.waitForLine("=> Orders top 3")
        try first.type("Müller")
        try first.press("Enter")
        try first.waitForLine("=> Müller")
        try first.type("set password hunter2")
        try first.press("Enter")
        try first.waitForLine("=> set password hunter2")
        // Up walks back past the secret, which never reached history.
        try first.press("Up")
        try first.waitForLastLine("demo> Müller")
        try first.press("C-c")
        try first.press("C-d")
        try first.waitForLine("[exit 0]")

        var st = stat()
        #expect(stat(historyPath, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        let file = try String(contentsOfFile: historyPath, encoding: .utf8)
        #expect(file == "#odsh history v1\nOrders top 3\nMüller\n")

        let second = try start()
        try second.press("Up")
        try second.waitForLastLine("demo> Müller")
        try second.press("Up")
        try second.waitForLastLine("demo> Orders top 3")
        try second.press("Down")
        try second.waitForLastLine("demo> Müller")
        try second.press("Enter")
        try second.waitForLine("=> Müller")
        // Ctrl-R searches backwards as you type.
        try second.press("C-r")
        try second.type("top")
        try second.waitFor("the search result") { $0.contains("demo> Orders top 3") }
        try second.press("Enter")
        try second.waitForLine("=> Orders top 3")
        try second.press("C-d")
        try second.waitForLine("[exit 0]")
        // "Müller" again right after "Müller" is not a new entry.
        #expect(try String(contentsOfFile: historyPath, encoding: .utf8) == "#odsh history v1\nOrders top 3\nMüller\nOrders top 3\n")
    }

    @Test func ctrlCClearsTheLineOrCancelsTheCommand() throws {
        let s = try start()
        try s.type("Customers top")
        try s.press("C-c")
        try s.waitForLine("demo> Customers top^C")
        try s.waitForLastLine("demo>")
        try s.type("Orders")
        try s.press("Enter")
        try s.waitForLine("=> Orders")
        // Inside a statement of several lines, Ctrl-C drops all of it.
        try s.type("Orders where (Freight")
        try s.press("Enter")
        try s.waitForLastLine("...>")
        try s.type("gt 10")
        try s.press("C-c")
        try s.waitForLastLine("demo>")
        try s.type("Products")
        try s.press("Enter")
        try s.waitForLine("=> Products")
        // A statement over two lines comes back joined by a newline.
        try s.type("Orders where (Freight")
        try s.press("Enter")
        try s.type("gt 10)")
        try s.press("Enter")
        try s.waitFor("the two-line echo") { $0.contains("=> Orders where (Freight") && $0.contains("gt 10)") }
        // While a command runs, Ctrl-C is SIGINT: the flag that a transfer polls.
        try s.type(":wait")
        try s.press("Enter")
        try s.waitForLine("waiting for Ctrl-C")
        try s.press("C-c")
        // On a line of its own after the terminal's "^C"; the hook (a C function pointer) ran in the handler.
        try s.waitForLine("=> cancelled (hook calls: 1)")
        try s.waitForLastLine("demo>")
        try s.type("still here")
        try s.press("Enter")
        try s.waitForLine("=> still here")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test func viMode() throws {
        let s = try start("--vi")
        try s.type("xOrders")
        try s.press("Escape")
        try s.type("0x")
        try s.press("Enter")
        try s.waitForLine("=> Orders")
        try s.type("ship")
        try s.press("Tab")
        try s.waitForLastLine("demo> Shippers")
        try s.press("C-c")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test func pagerShowsLongOutput() throws {
        let s = try start()
        try s.type(":page")
        try s.press("Enter")
        // less -FRSX: the first screenful and less's prompt; the last line is not shown yet.
        let screen = try s.waitFor("less") { $0.contains("line 1") && $0.last(where: { !$0.isEmpty }) == ":" }
        #expect(!screen.contains("line 200"))
        try s.press("q")
        try s.waitForLastLine("demo>")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }

    @Test func terminalWidthComesFromTheTerminal() throws {
        let s = try start()
        try s.type(":width")
        try s.press("Enter")
        try s.waitForLine("=> 120 columns")
        try s.resize(width: 100, height: 30)
        try s.type(":width")
        try s.press("Enter")
        try s.waitForLine("=> 100 columns")
        try s.press("C-d")
        try s.waitForLine("[exit 0]")
    }
}

/// `odsh repl-demo` with stdin from a pipe: plain lines, no prompt, no escape codes.
@Suite(.enabled(if: TerminalSession.odsh != nil, "the odsh executable was not found beside the test bundle"))
struct REPLPipedInputTests {
    @Test func noPromptNoEscapes() throws {
        let home = TemporaryDirectory()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: TerminalSession.odsh!)
        p.arguments = ["repl-demo"]
        p.environment = ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write("Customers top 1\n\nOrders where (\nFreight gt 10)\nMüller".data(using: .utf8)!)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == "=> Customers top 1\n=> Orders where (\nFreight gt 10)\n=> Müller\n")
        // Without a terminal there is no history.
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state/odsh/history"))
    }
}
