import Foundation
import Testing
@testable import ODataShell

/// The encrypted store's file format and key handling, in process: what is sealed opens with its key only, a wrong
/// passphrase is told from a damaged file, and a damaged or foreign file is refused and left as it was.
struct SealedStoreFileTests {
    /// A cheap key (the parameters travel in the header, so any acceptable ones work).
    func key(_ passphrase: String, salt: [UInt8] = Array(repeating: 7, count: 16)) throws -> StoreKey {
        try StoreKey.derive(passphrase, parameters: StoreKey.Parameters(logN: 10, r: 8, p: 1), salt: salt)
    }

    @Test func sealedContentOpensWithItsKeyAndHoldsNothingInClear() throws {
        let secret = Array("[profile.dev]\npassword = \"s3cret-pw\"\n".utf8)
        let k = try key("correct horse")
        let sealed = try SealedStoreFile.seal(secret, key: k, emptyPassphrase: false)
        #expect(sealed.count == SealedStoreFile.headerLength + secret.count + SealedStoreFile.tagLength)
        #expect(!String(decoding: sealed, as: UTF8.self).contains("s3cret"))
        let header = try SealedStoreFile.header(of: sealed, place: "t")
        #expect(header.salt == k.salt && header.check == k.check && header.parameters == k.parameters && !header.emptyPassphrase)
        #expect(try SealedStoreFile.open(sealed, key: k, place: "t") == secret)
        // A fresh nonce each time: the same content never seals to the same bytes.
        #expect(try SealedStoreFile.seal(secret, key: k, emptyPassphrase: false) != sealed)
        #expect(try key("correct horse").check == k.check)
        #expect(try key("wrong horse").check != k.check)
        #expect(try key("correct horse", salt: Array(repeating: 8, count: 16)).bytes != k.bytes)
    }

    @Test func alteredBytesAreRefusedAsDamaged() throws {
        let k = try key("correct horse")
        let sealed = try SealedStoreFile.seal(Array("[profile.a]\ntoken = \"t\"\n".utf8), key: k, emptyPassphrase: false)
        // Every byte of the header after the magic, and some of the content and the tag.
        for index in [8, 9, 11, 14, 20, 40, 50, SealedStoreFile.headerLength + 2, sealed.count - 1] {
            var altered = sealed
            altered[index] ^= 0x01
            let error = #expect(throws: StoreError.self) {
                let header = try SealedStoreFile.header(of: altered, place: "the secure store X")
                // A header that still parses: its content must not authenticate under the key.
                _ = try SealedStoreFile.open(altered, key: k, place: "the secure store X")
                _ = header
            }
            #expect(error?.kind == .corrupted, "byte \(index)")
            #expect(error?.message.contains("the secure store X") == true)
        }
        #expect(throws: StoreError.self) { try SealedStoreFile.header(of: Array(sealed.prefix(40)), place: "t") }
        #expect(throws: StoreError.self) { try SealedStoreFile.header(of: Array("[profile.a]\npassword = \"x\"\n".utf8), place: "t") }
    }

    @Test func theStoreTellsAWrongPassphraseFromADamagedFileAndOverwritesNeither() throws {
        let xdg = TestXDG()
        let path = xdg.root.appendingPathComponent("config/odsh/secrets.store").path
        func store(_ passphrase: String) -> EncryptedSecretStore {
            EncryptedSecretStore(path, passphrase: StorePassphrase(environment: ["ODSH_STORE_PASSPHRASE": passphrase],
                                                                    readSecret: { _ in throw StoreError(.locked, "no terminal") }),
                                 unlockSeconds: 60)
        }
        let right = store("a long passphrase")
        defer { right.lock() }
        try SecretsFile.update(right, profile: "dev", [("password", .string("pw-in-store"))])
        #expect(TestXDG.mode(path) == 0o600)
        #expect(try SecretsFile.load(right).value(profile: "dev", key: "password") == "pw-in-store")
        #expect(try !String(decoding: Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains("pw-in-store"))

        right.lock()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let started = Date()
        let wrong = #expect(throws: StoreError.self) { try SecretsFile.update(store("another passphrase"), profile: "dev", [("password", .string("x"))]) }
        #expect(wrong?.kind == .wrongPassphrase && wrong?.message == "wrong passphrase for the secure store \(path)")
        #expect(Date().timeIntervalSince(started) >= Double(EncryptedSecretStore.wrongPassphraseDelay))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        var damaged = [UInt8](before)
        damaged[damaged.count - 20] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        right.lock()
        let refused = #expect(throws: StoreError.self) { try SecretsFile.update(right, profile: "dev", [("password", .string("y"))]) }
        #expect(refused?.kind == .corrupted && refused?.message.contains(path) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(damaged), "a damaged store is left as it was")
    }

    @Test func thePassphrasePolicy() throws {
        #expect(throws: StoreError.self) { try StorePassphrase.check("", allowEmpty: false) }
        #expect(throws: StoreError.self) { try StorePassphrase.check("short", allowEmpty: false) }
        try StorePassphrase.check("", allowEmpty: true)
        try StorePassphrase.check("eight ch", allowEmpty: false)
        let asked = StorePassphrase(environment: [:], readSecret: { _ in "" })
        let error = #expect(throws: StoreError.self) { try asked.new(for: "/s", allowEmpty: false) }
        #expect(error?.kind == .weakPassphrase && error?.message.contains("--insecure-store") == true)
    }

    @Test func theSessionKeyringHoldsAKeyUntilItIsForgotten() throws {
        let path = "/nonexistent/odsh-keyring-test-\(getpid())-\(UUID().uuidString)"
        let k = try key("correct horse")
        guard SessionKeyring.remember(k, for: path, seconds: 30) else {
            print("skipped: the kernel keyring is not available here (add_key refused)")
            return
        }
        #expect(SessionKeyring.recall(for: path) == k)
        #expect(SessionKeyring.forget(path))
        #expect(SessionKeyring.recall(for: path) == nil)
        #expect(!SessionKeyring.forget(path))
    }
}
