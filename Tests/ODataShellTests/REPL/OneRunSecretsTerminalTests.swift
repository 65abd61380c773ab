import Foundation
import Testing
import TestSupport

/// One run asks for a secret once (issue 49): the metadata and every statement after it go through one connection,
/// so a password typed for the metadata also serves the statements, in the interactive shell as in one-shot runs.
@Suite("one run, one prompt", .serialized, .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct OneRunSecretsTerminalTests {
    /// A fresh XDG home with a profile whose password is asked for on the terminal.
    func home(_ name: String, url: String) throws -> String {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("odsh-\(name)-\(getpid())").path
        try FileManager.default.createDirectory(atPath: state + "/odsh", withIntermediateDirectories: true)
        try "[profile.gw]\nurl = \"\(url)\"\nauth = \"basic\"\nuser = \"demo\"\nsecret-from = \"prompt\"\n"
            .write(toFile: state + "/odsh/config.toml", atomically: true, encoding: .utf8)
        return state
    }

    func environment(_ state: String) -> String {
        "XDG_STATE_HOME=\(state) XDG_CACHE_HOME=\(state) XDG_CONFIG_HOME=\(state) ODSH_STORE=plain"
    }

    /// How many times `text` starts a line of the whole terminal history.
    func count(_ text: String, _ t: TerminalSession) throws -> Int {
        try t.screen(history: true).filter { $0.contains(text) }.count
    }

    @Test func aPromptedPasswordIsAskedOnceInTheInteractiveShell() throws {
        let base = try ReferenceServers.baseURL(.v2)
        let state = try home("prompt-repl", url: "\(base)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let t = try TerminalSession("\(environment(state)) \(TerminalSession.odsh!) gw", width: 140, height: 40)
        _ = try t.waitFor("the password prompt", timeout: 30) { $0.contains { $0.contains("Password of demo for profile gw:") } }
        try t.type("secret")
        try t.press("Enter")
        _ = try t.waitFor("GWSAMPLE_BASIC>", timeout: 30) { $0.contains { $0.contains("GWSAMPLE_BASIC>") } }
        try t.type("count ProductSet")
        try t.press("Enter")
        try t.type(".format json")
        try t.press("Enter")
        try t.type("BusinessPartnerSet top 1 select BusinessPartnerID")
        try t.press("Enter")
        _ = try t.waitFor("the partner", timeout: 30) { $0.contains { $0.contains("\"BusinessPartnerID\"") } }
        #expect(try count("Password of demo", t) == 1)
        try t.type(".quit")
        try t.press("Enter")
    }

    @Test func aPromptedProfileIsAskedOnceInAOneShotRun() throws {
        let base = try ReferenceServers.baseURL(.v2)
        let state = try home("prompt-profile-oneshot", url: "\(base)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let t = try TerminalSession("\(environment(state)) \(TerminalSession.odsh!) gw --no-cache -o json -c 'count ProductSet' "
                                    + "-c 'BusinessPartnerSet top 1 select BusinessPartnerID'", width: 140, height: 40)
        _ = try t.waitFor("the password prompt", timeout: 30) { $0.contains { $0.contains("Password of demo for profile gw:") } }
        try t.type("secret")
        try t.press("Enter")
        let screen = try t.waitFor("the end", timeout: 30) { $0.contains { $0.hasPrefix("[exit ") } }
        #expect(screen.contains("[exit 0]"), "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("\"BusinessPartnerID\"") }, "\(screen.joined(separator: "\n"))")
        #expect(try count("Password of demo", t) == 1)
    }

    @Test func aUserWithoutPasswordIsAskedOnceInAOneShotRun() throws {
        let base = try ReferenceServers.baseURL(.v2)
        let state = try home("prompt-oneshot", url: "\(base)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let t = try TerminalSession("\(environment(state)) \(TerminalSession.odsh!) \(base)/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/ "
                                    + "--no-cache -u demo -o json -c 'count ProductSet' -c 'BusinessPartnerSet top 1 select BusinessPartnerID'",
                                    width: 140, height: 40)
        _ = try t.waitFor("the password prompt", timeout: 30) { $0.contains { $0.contains("Password for demo:") } }
        try t.type("secret")
        try t.press("Enter")
        let screen = try t.waitFor("the end", timeout: 30) { $0.contains { $0.hasPrefix("[exit ") } }
        #expect(screen.contains("[exit 0]"), "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("\"BusinessPartnerID\"") }, "\(screen.joined(separator: "\n"))")
        #expect(try count("Password for demo", t) == 1)
    }
}
