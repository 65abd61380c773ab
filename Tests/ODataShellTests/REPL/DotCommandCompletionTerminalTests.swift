import Foundation
import Testing
import TestSupport

/// TAB after a dot-command in a real terminal (tmux), on mock-sap's V2 GWSAMPLE_BASIC: the words each command
/// declares (a setting's values), and for `.open` the services of the system's Gateway catalog (issue 35, fault 9).
@Suite("REPL dot-command completion", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct DotCommandCompletionTerminalTests {
    @Test func settingValuesAndTheCatalogsServices() throws {
        let base = try ReferenceServers.baseURL(.v2)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-dot-tab-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let t = try TerminalSession("XDG_STATE_HOME=\(state) XDG_CACHE_HOME=\(state) XDG_CONFIG_HOME=\(state) "
                                    + "\(TerminalSession.odsh!) \(base)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/", width: 140, height: 40)
        _ = try t.waitFor("GWSAMPLE_BASIC>", timeout: 30) { $0.contains { $0.contains("GWSAMPLE_BASIC>") } }
        // A setting's values, listed on the second TAB.
        try t.type(".set expanded ")
        try t.press("Tab", "Tab")
        _ = try t.waitFor("expanded's values", timeout: 10) { lines in
            lines.contains { $0.contains("auto") && $0.contains("on") && $0.contains("off") && !$0.contains(".set") }
        }
        try t.press("C-u")
        try t.type(".set units o")
        try t.press("Tab", "Tab")
        _ = try t.waitFor("units' values", timeout: 10) { lines in
            lines.contains { $0.range(of: #"\bon\b.*\boff\b|\boff\b.*\bon\b"#, options: .regularExpression) != nil && !$0.contains(".set") }
        }
        try t.press("C-u")
        // `.open API_BUSINESS_P<TAB>`: the one service of the catalog with that prefix (several start API_BUSINESS).
        try t.type(".open API_BUSINESS_P")
        try t.press("Tab")
        _ = try t.waitFor("the service's name", timeout: 20) { $0.contains { $0.hasSuffix(".open API_BUSINESS_PARTNER_SRV") } }
        try t.press("Enter")
        _ = try t.waitFor("the new prompt", timeout: 30) { $0.contains { $0.contains("API_BUSINESS_PARTNER_SRV>") } }
        try t.type(".quit")
        try t.press("Enter")
    }
}
