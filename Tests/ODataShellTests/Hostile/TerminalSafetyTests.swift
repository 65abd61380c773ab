import Foundation
import Testing
import TestSupport

/// Control characters from the service (issue 28): table and vertical output and every message show them escaped
/// (TerminalEscaping's convention); json, ndjson and csv keep the bytes as they came. Before, escape sequences reached
/// the terminal raw and a line feed in an OData error message forged a line of its own.
@Suite("Terminal safety", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("python3", Tools.hasPython, Tools.noPython))
struct TerminalSafetyTests {
    /// Scalars a terminal acts on: none may reach it from table or vertical output or from a message.
    static func controls(in s: String) -> [String] {
        s.unicodeScalars.filter { u in
            (u.value < 0x20 && u != "\n") || (0x7F...0x9F).contains(u.value) || [0x2028, 0x2029, 0x202E].contains(u.value)
        }.map { String(format: "U+%04X", $0.value) }
    }

    @Test("Table and vertical output escape what the service sent", arguments: ["table", "vertical"])
    func rows(_ format: String) throws {
        let r = try OdshProcess.run([try HostileServer.serviceRoot("ctrl"), "-o", format, "-c", "Items"], environment: ["COLUMNS": "200"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.controls(in: r.stdout).isEmpty, "\(Self.controls(in: r.stdout))")
        for shown in ["title\\e]0;pwned\\x07end", "clear\\e[2J\\e[Hend", "over\\rwrite", "two⏎lines", "bell\\x07del\\x7Fend",
                      "c1\\u009B31mend", "ls\\u2028ps\\u2029end", "bidi\\u202Eevil\\u202Cend"] {
            #expect(r.stdout.contains(shown), "\(shown) in \(r.stdout)")
        }
        // One line per row in the table: the line feed in a value forged none.
        if format == "table" { #expect(r.stdout.split(separator: "\n").count == 2 + 9 + 1) }
    }

    @Test("json, ndjson and csv keep the bytes", arguments: ["json", "ndjson", "csv"])
    func exactFormats(_ format: String) throws {
        let r = try OdshProcess.run([try HostileServer.serviceRoot("ctrl"), "-o", format, "-c", "Items"])
        #expect(r.status == 0, "\(r.stderr)")
        if format == "csv" {
            #expect(r.stdout.contains("title\u{1B}]0;pwned\u{07}end"))
            #expect(r.stdout.contains("\"two\nlines\""))
        } else {
            #expect(r.stdout.contains(#"title\u001b]0;pwned\u0007end"#) || r.stdout.contains(#"title\u001B]0;pwned\u0007end"#))
            #expect(r.stdout.contains("ls\u{2028}ps") || r.stdout.contains(#"ls\u2028ps"#))
        }
    }

    @Test("An OData error message cannot forge a line or reach the terminal raw")
    func odataError() throws {
        let r = try OdshProcess.run([try HostileServer.serviceRoot("odata-error"), "-o", "table", "-c", "Items"])
        #expect(r.status == 1)
        #expect(Self.controls(in: r.stderr).isEmpty, "\(Self.controls(in: r.stderr))")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.first == #"odsh: HTTP 400 Bad Request: bad \e]0;pwned\x07request\nodsh: forged line\r\e[2Jend [E\e[31mRR]"#)
        #expect(!lines.contains { $0.hasPrefix("odsh: forged") })
        let verbose = try OdshProcess.run([try HostileServer.serviceRoot("odata-error"), "-v", "-c", "Items"])
        #expect(Self.controls(in: verbose.stderr).isEmpty, "\(verbose.stderr)")
    }

    @Test("An HTML error page's title is escaped")
    func htmlError() throws {
        let r = try OdshProcess.run([try HostileServer.serviceRoot("html-error"), "-c", "Items"])
        #expect(r.status == 1)
        #expect(Self.controls(in: r.stderr).isEmpty, "\(Self.controls(in: r.stderr))")
        #expect(r.stderr.hasPrefix(#"odsh: HTTP 500 Internal Server Error: Oops \e[2J\e]0;pwned\x07title"#), "\(r.stderr)")
        #expect(!r.stderr.split(separator: "\n").contains { $0.hasPrefix("odsh: forged") })
    }
}
