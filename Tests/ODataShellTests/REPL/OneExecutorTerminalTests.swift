import Foundation
import Testing
import TestSupport

/// One statement path for every front end (issue 49): the same statements typed in the interactive shell, given
/// as a script on stdin and as `-c` arguments give the same results and the same errors; the two scripts end with
/// the same exit status (an interactive session's is 0).
@Suite("one executor", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct OneExecutorTerminalTests {
    /// Results go to a file through `.output` (so that the terminal's prompts and echo stay out of them); a table,
    /// a format change, a navigation, an unknown name (an error, and the run goes on), a count, a dot-command.
    func statements(output: String) -> [String] {
        [".output \(output)",
         "Customers top 2 select CustomerID, CompanyName orderby CustomerID",
         ".format csv",
         "Orders top 3 select OrderID, Freight orderby OrderID",
         "Customers('ALFKI')/Orders top 2 select OrderID",
         "NoSuchSet top 1",
         ".format json",
         "count Products where UnitPrice gt 50",
         "Products top 1 select ProductName orderby ProductID"]
    }

    @Test func theREPLAScriptOnStdinAndDashCGiveTheSameResults() throws {
        let base = try ReferenceServers.baseURL(.v4) + "/northwind/"
        let xdg = TestXDG()
        let dir = xdg.root.path
        let common = [base, "-o", "table", "--color", "never", "--continue-on-error"]

        let fromStdin = try xdg.odsh(common, stdin: statements(output: dir + "/stdin.out").joined(separator: "\n") + "\n")
        let fromArguments = try xdg.odsh(common + statements(output: dir + "/c.out").flatMap { ["-c", $0] })
        let environment = xdg.environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        let t = try TerminalSession("\(environment) PAGER=cat \(TerminalSession.odsh!) \(common.joined(separator: " "))",
                                    width: 200, height: 50)
        _ = try t.waitFor("the prompt", timeout: 30) { $0.contains { $0.hasPrefix("odsh:northwind>") } }
        for s in statements(output: dir + "/repl.out") {
            try t.type(s)
            try t.press("Enter")
        }
        try t.type(".quit")
        try t.press("Enter")
        let screen = try t.waitFor("the end", timeout: 30) { $0.contains { $0.hasPrefix("[exit ") } }

        let results = try ["stdin", "c", "repl"].map { try String(contentsOfFile: "\(dir)/\($0).out", encoding: .utf8) }
        #expect(results[0].contains("ALFKI") && results[0].contains("10248") && results[0].contains("Chai"), "\(results[0])")
        #expect(results[0] == results[1], "stdin and -c:\n\(results[0])\n---\n\(results[1])")
        #expect(results[0] == results[2], "stdin and the REPL:\n\(results[0])\n---\n\(results[2])")

        // The same error, in each with where it came from as the front end knows it.
        #expect(fromStdin.status == 2 && fromArguments.status == 2, "\(fromStdin.status) \(fromArguments.status)")
        let error = try #require(fromArguments.stderr.split(separator: "\n").first { $0.contains("NoSuchSet") })
        #expect(fromStdin.stderr.contains(error.replacingOccurrences(of: "odsh: ", with: "odsh: stdin:6: ")), "\(fromStdin.stderr)")
        #expect(screen.contains { $0 == error }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains("[exit 0]"))
    }
}
