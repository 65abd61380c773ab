import Foundation
import Testing
import TestSupport
@testable import ODataShell

/// Listings on a terminal fit its width: each row stays one line, long cells end in an ellipsis (issue 35:
/// `.sets`, `.annotations`, `.services` and `profile list` wrapped). In a pipe they are whole (ListingWidthTests,
/// WritesAndListingsTests).
@Suite("listings in a terminal", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing),
       .fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct ListingTerminalTests {
    let home = TemporaryDirectory()

    var env: String {
        "env -u LC_ALL -u LC_CTYPE -u PAGER -u LESS -u NO_COLOR LANG=C.UTF-8 HOME=\(home.path) "
            + "XDG_STATE_HOME=\(home.path)/state XDG_CONFIG_HOME=\(home.path)/config XDG_CACHE_HOME=\(home.path)/cache"
    }

    /// The screen lines from the heading to the footer of the listing `command` printed, `width` columns wide.
    func listing(_ command: String, width: Int, heading: String) throws -> [String] {
        let s = try TerminalSession("\(env) \(TerminalSession.odsh!) \(command)", width: width, height: 60)
        let screen = try s.waitFor("the command's end", timeout: 20) { $0.contains { $0.hasPrefix("[exit ") } }
        #expect(screen.contains("[exit 0]"), "\(screen.joined(separator: "\n"))")
        let start = try #require(screen.firstIndex { $0.hasPrefix(heading) }, "\(screen.joined(separator: "\n"))")
        let end = try #require(screen.firstIndex { $0.hasPrefix("[exit ") })
        return Array(screen[start..<end]).filter { !$0.isEmpty }
    }

    @Test("metadata sets and annotations: a line a row, cut to the width")
    func setsAndAnnotations() throws {
        let file = Corpus.url("metadata", "served-mocksap-GWSAMPLE_BASIC-v2.xml").path
        let sets = try listing("metadata sets \(file)", width: 70, heading: "NAME")
        // Heading, rule, five sets, the footer: nothing wrapped.
        #expect(sets.count == 8, "\(sets.joined(separator: "\n"))")
        #expect(sets.contains { $0.hasPrefix("SalesOrderLineIt") && $0.contains("…") }, "\(sets.joined(separator: "\n"))")
        let annotations = try listing("metadata annotations \(file) SalesOrderSet", width: 70, heading: "TARGET")
        #expect(annotations.last?.hasSuffix("annotations") == true, "\(annotations.joined(separator: "\n"))")
        // Every row starts with its target: no line is the rest of a wrapped one.
        #expect(annotations.dropFirst(2).dropLast().allSatisfy { $0.hasPrefix("SalesOrder") || $0.hasPrefix("GWSAMPLE_BASIC") },
                "\(annotations.joined(separator: "\n"))")
    }

    @Test("profile list: a line a profile, the URL cut to the width")
    func profileList() throws {
        let config = home.path + "/config/odsh"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let url = "http://127.0.0.1:8401/sap/opu/odata/sap/ZODSH_A_SERVICE_WITH_A_VERY_LONG_TECHNICAL_NAME_SRV/"
        try "[profile.long]\nurl = \"\(url)\"\nauth = \"basic\"\nuser = \"me\"\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let lines = try listing("profile list", width: 60, heading: "NAME")
        #expect(lines.count == 3, "\(lines.joined(separator: "\n"))")
        #expect(lines[2].hasPrefix("long") && lines[2].contains("…") && lines[2].hasSuffix("basic  me"), "\(lines.joined(separator: "\n"))")
    }
}
