import Foundation
import Synchronization
import Testing
@testable import ODataShell

/// The store's passphrase prompts behave as passwd's and sudo's: a new passphrase the policy refuses, or a second one
/// that differs, is asked for again with the reason; a wrong passphrase says so and may be tried three times.
struct StorePromptTests {
    /// A terminal that answers `answers` in turn and notes every prompt it was shown.
    final class Terminal: Sendable {
        let state: Mutex<(answers: [String], prompts: [String])>
        init(_ answers: [String]) { state = Mutex((answers, [])) }
        var prompts: [String] { state.withLock { $0.prompts } }
        var read: @Sendable (String) throws -> String {
            { prompt in
                try self.state.withLock {
                    $0.prompts.append(prompt)
                    guard !$0.answers.isEmpty else { throw StoreError(.locked, "no more answers") }
                    return $0.answers.removeFirst()
                }
            }
        }
    }

    static let newPrompt = "New passphrase for the secure store S (8 characters or more): "

    @Test func aNewPassphraseTheRuleRefusesIsAskedForAgainWithTheRule() throws {
        let terminal = Terminal(["short", "long enough one", "another long one", "long enough one", "long enough one"])
        let chosen = try StorePassphrase(environment: [:], readSecret: terminal.read).new(for: "S", allowEmpty: false)
        #expect(chosen == "long enough one")
        #expect(terminal.prompts == [
            Self.newPrompt,
            "The passphrase is too short: 8 characters or more; try again.\n" + Self.newPrompt,
            "The same passphrase again: ",
            "The two passphrases differ; try again.\n" + Self.newPrompt,
            "The same passphrase again: ",
        ])
    }

    @Test func threeRefusedPassphrasesEndTheCommandSayingWhy() throws {
        let terminal = Terminal(["short", "", "tiny"])
        let error = try #require(throws: StoreError.self) {
            try StorePassphrase(environment: [:], readSecret: terminal.read).new(for: "S", allowEmpty: false)
        }
        #expect(terminal.prompts.count == StorePassphrase.tries)
        #expect(error.kind == .weakPassphrase)
        #expect(error.message == "no new passphrase after 3 tries (the passphrase is too short: 8 characters or more); nothing was changed")
    }

    @Test func aScriptedNewPassphraseIsCheckedOnceAndNeverAsked() throws {
        let terminal = Terminal([])
        let error = try #require(throws: StoreError.self) {
            try StorePassphrase(environment: ["ODSH_STORE_PASSPHRASE": "short"], readSecret: terminal.read).new(for: "S", allowEmpty: false)
        }
        #expect(error.message == "the passphrase is too short: 8 characters or more")
        #expect(terminal.prompts.isEmpty)
    }

    /// A store sealed with "the right passphrase", locked, opened as a person at the terminal opens it.
    func lockedStore(_ xdg: TestXDG, _ terminal: Terminal) throws -> (EncryptedSecretStore, String) {
        let path = xdg.root.appendingPathComponent("config/odsh/secrets.store").path
        let scripted = EncryptedSecretStore(path, passphrase: StorePassphrase(environment: ["ODSH_STORE_PASSPHRASE": "the right passphrase"],
                                                                              readSecret: Terminal([]).read), unlockSeconds: 60)
        try SecretsFile.update(scripted, profile: "dev", [("password", .string("pw-in-store"))])
        scripted.lock()
        return (EncryptedSecretStore(path, passphrase: StorePassphrase(environment: [:], readSecret: terminal.read), unlockSeconds: 60), path)
    }

    @Test func aWrongPassphraseSaysSoAndMayBeTriedAgain() throws {
        let xdg = TestXDG()
        let terminal = Terminal(["not it", "the right passphrase"])
        let (store, path) = try lockedStore(xdg, terminal)
        defer { store.lock() }
        #expect(try SecretsFile.load(store).value(profile: "dev", key: "password") == "pw-in-store")
        let prompt = "Passphrase of the secure store \(path): "
        #expect(terminal.prompts == [prompt, "Wrong passphrase; try again.\n" + prompt])
    }

    @Test func threeWrongPassphrasesEndTheCommandAndChangeNothing() throws {
        let xdg = TestXDG()
        let terminal = Terminal(["one", "two", "three", "the right passphrase"])
        let (store, path) = try lockedStore(xdg, terminal)
        defer { store.lock() }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = try #require(throws: StoreError.self) { try SecretsFile.update(store, profile: "dev", [("password", .string("x"))]) }
        #expect(error.kind == .wrongPassphrase)
        #expect(error.message == "3 wrong passphrases for the secure store \(path); nothing was changed")
        #expect(terminal.prompts.count == 3, "the fourth answer is never asked for")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
