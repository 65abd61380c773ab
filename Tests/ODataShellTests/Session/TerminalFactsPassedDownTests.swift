import Testing
@testable import ODataShell

/// Terminal facts are made once, at the edge, and passed down (issue 49): what the code below does for a terminal
/// follows the value it is given, not the process's own streams (which are no terminals under `swift test`).
struct TerminalFactsPassedDownTests {
    static let person = TerminalFacts(stdin: true, stdout: true, stderr: true)

    /// Raw bytes (a `$value`) are streamed as they are only where stdout is no terminal, as the facts say.
    @Test func standardOutputFollowsTheFactsItIsGiven() {
        #expect(TextOutput.standard(.none).writeBytes != nil)
        #expect(TextOutput.standard(.none).terminal == .none)
        #expect(TextOutput.standard(Self.person).writeBytes == nil)
        #expect(TextOutput.standard(Self.person).terminal == Self.person)
    }

    /// The pager never starts for output that goes to no terminal, whatever the process's stdout is.
    @Test func thePagerOpensOnlyOnATerminal() {
        #expect(Pager(command: "less").open(on: .none) == nil)
    }

    /// A person's sign-in waits for someone only where the facts say a terminal may have one.
    @Test func aPersonsSignInFollowsTheFacts() {
        #expect(PersonSignIn.profile("p", terminal: Self.person).personPresent)
        #expect(!PersonSignIn.profile("p", terminal: .none).personPresent)
        #expect(PersonSignIn.oneRun(terminal: TerminalFacts(stdin: false, stdout: false, stderr: true)).personPresent)
        #expect(!PersonSignIn.oneRun(terminal: .none).personPresent)
    }

    /// Secrets are asked for only on the terminal the context was made with.
    @Test func theProfileContextAsksOnTheTerminalItWasGiven() {
        #expect(ProfileContext.current(terminal: Self.person).canAsk())
        #expect(ProfileContext.current(terminal: Self.person).resolver().canAsk())
        #expect(!ProfileContext.current(terminal: .none).canAsk())
        #expect(throws: ProfileError.self) { try ProfileContext.current(terminal: .none).readSecret("Password: ") }
    }

    /// The command line's settings carry the process's facts (made at the edge); `odsh mcp` says "no terminal".
    @Test func theEdgeMakesTheFactsAndMcpHasNoTerminal() throws {
        #expect(try ConnectionOptions.parse([]).settings.terminal == .process)
        #expect(try McpCommand.parse(["https://h/svc/"]).connectionSettings.terminal == .none)
        #expect(ServiceConnections(try McpCommand.parse(["https://h/svc/"]).connectionSettings).context.canAsk() == false)
    }
}
