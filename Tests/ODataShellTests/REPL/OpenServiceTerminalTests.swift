import Foundation
import Testing
import TestSupport

/// `.open SERVICE` in the interactive shell: another service of the same system, by its technical name in the Gateway
/// catalog, in the same terminal with the same settings (issue 29); a name that is not there is an error and the
/// session goes on with its service.
@Suite("REPL .open", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct OpenServiceTerminalTests {
    @Test func opensAnotherServiceOfTheSystemByItsTechnicalName() throws {
        let base = try ReferenceServers.baseURL(.v2)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-open-\(getpid())").path
        let t = try TerminalSession("XDG_STATE_HOME=\(state) XDG_CACHE_HOME=\(state) XDG_CONFIG_HOME=\(state) "
                                    + "\(TerminalSession.odsh!) \(base)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/", width: 140, height: 40)
        _ = try t.waitFor("GWSAMPLE_BASIC>", timeout: 30) { $0.contains { $0.contains("GWSAMPLE_BASIC>") } }
        try t.type(".format json")
        try t.press("Enter")
        try t.type(".open NO_SUCH_SRV")
        try t.press("Enter")
        _ = try t.waitFor("no service", timeout: 20) { $0.contains { $0.contains("NO_SUCH_SRV: no service of that technical name") } }
        try t.type(".open API_MATERIAL_DOCUMENT_SRV")
        try t.press("Enter")
        _ = try t.waitFor("the new prompt", timeout: 30) { $0.contains { $0.contains("API_MATERIAL_DOCUMENT_SRV>") } }
        // The settings came along: json (an empty array here), not a table.
        try t.type("A_MaterialDocumentHeader top 1 select MaterialDocument")
        try t.press("Enter")
        _ = try t.waitFor("a json answer", timeout: 20) { lines in
            guard let i = lines.firstIndex(where: { $0.hasSuffix("A_MaterialDocumentHeader top 1 select MaterialDocument") }) else { return false }
            return lines[(i + 1)...].contains { $0.hasPrefix("[") }
        }
        try t.type(".quit")
        try t.press("Enter")
    }

    /// `.refresh` after `.open` checks the service opened, not the first one (whose sets it would have "added").
    @Test func refreshAfterOpenChecksTheServiceOpened() throws {
        let base = try ReferenceServers.baseURL(.v2)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-open-refresh-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let t = try TerminalSession("XDG_STATE_HOME=\(state) XDG_CACHE_HOME=\(state) XDG_CONFIG_HOME=\(state) "
                                    + "\(TerminalSession.odsh!) \(base)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/", width: 140, height: 40)
        _ = try t.waitFor("GWSAMPLE_BASIC>", timeout: 30) { $0.contains { $0.contains("GWSAMPLE_BASIC>") } }
        try t.type(".open API_BUSINESS_PARTNER_SRV")
        try t.press("Enter")
        _ = try t.waitFor("the new prompt", timeout: 30) { $0.contains { $0.contains("API_BUSINESS_PARTNER_SRV>") } }
        try t.type(".refresh")
        try t.press("Enter")
        let screen = try t.waitFor("metadata unchanged", timeout: 30) { lines in
            lines.contains { $0.hasPrefix("metadata unchanged") } || lines.contains { $0.contains("ProductSet") }
        }
        #expect(!screen.contains { $0.contains("ProductSet") }, "\(screen.joined(separator: "\n"))")
        try t.type(".sets")
        try t.press("Enter")
        let sets = try t.waitFor("the sets", timeout: 20) { $0.contains { $0.contains("A_BusinessPartner") } }
        #expect(!sets.contains { $0.contains("ProductSet") }, "\(sets.joined(separator: "\n"))")
        try t.type(".quit")
        try t.press("Enter")
    }
}
