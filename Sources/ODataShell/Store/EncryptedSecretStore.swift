import FoundationEssentials
import Glibc
import Synchronization

/// The secrets document in a file encrypted with a key derived from a passphrase (`SealedStoreFile`). The key,
/// once derived, is held by this process and by the session keyring for `unlockSeconds`; a store whose key the
/// keyring no longer holds (expired, `odsh store lock`, the keyring gone) asks for the passphrase again.
struct EncryptedSecretStore: SecretStore {
    let location: String
    var passphrase: StorePassphrase
    var unlockSeconds: Int
    var backend: StoreBackend { .file }

    /// Keys this process has unlocked, by store path.
    private static let unlocked = Mutex<[String: StoreKey]>([:])
    /// How long a wrong passphrase waits before it is reported: guessing by hand or by script is slowed down.
    static let wrongPassphraseDelay: UInt32 = 1

    init(_ path: String, passphrase: StorePassphrase, unlockSeconds: Int) {
        location = path
        self.passphrase = passphrase
        self.unlockSeconds = unlockSeconds
    }

    /// The store file's bytes, nil when there is none.
    func fileBytes() throws -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: location) else {
            if access(location, F_OK) != 0 && errno == ENOENT { return nil }
            throw StoreError(.unavailable, "cannot read the secure store \(location): \(String(cString: strerror(errno)))")
        }
        return Array(data)
    }

    func read() throws -> [UInt8]? {
        guard let bytes = try fileBytes() else { return nil }
        return try open(bytes)
    }

    private func open(_ bytes: [UInt8]) throws -> [UInt8] {
        let header = try SealedStoreFile.header(of: bytes, place: "the secure store \(location)")
        let key = try key(for: header)
        return try SealedStoreFile.open(bytes, key: key, place: "the secure store \(location)")
    }

    func write(_ document: [UInt8]) throws {
        let key: StoreKey, empty: Bool
        if let bytes = try fileBytes() {
            // The store is opened before it is replaced: one that does not authenticate is never overwritten.
            let header = try SealedStoreFile.header(of: bytes, place: "the secure store \(location)")
            key = try self.key(for: header)
            _ = try SealedStoreFile.open(bytes, key: key, place: "the secure store \(location)")
            empty = header.emptyPassphrase
        } else {
            (key, empty) = try create(allowEmpty: false)
        }
        try AtomicFile.write(Data(try SealedStoreFile.seal(document, key: key, emptyPassphrase: empty)), to: location, mode: 0o600)
    }

    /// A key for a store that does not exist yet, from a new passphrase; it is held as for an unlocked store.
    func create(allowEmpty: Bool) throws -> (StoreKey, Bool) {
        let given = try passphrase.new(for: location, allowEmpty: allowEmpty)
        let key = try StoreKey.new(given)
        hold(key)
        return (key, given.isEmpty)
    }

    /// The store's key: held by this process, else by the session keyring, else derived from the passphrase. A
    /// passphrase the run was given (`ODSH_STORE_PASSPHRASE`, a passphrase file) is always the one used, so a wrong
    /// one fails even while the store is unlocked for the session.
    func key(for header: SealedStoreFile.Header) throws -> StoreKey {
        if let held = Self.unlocked.withLock({ $0[location] }), held.salt == header.salt, held.check == header.check {
            return held
        }
        if !passphrase.isScripted, let held = SessionKeyring.recall(for: location) {
            if held.salt == header.salt, held.parameters == header.parameters, held.check == header.check {
                Self.unlocked.withLock { $0[location] = held }
                return held
            }
            SessionKeyring.forget(location)  // a key of an earlier passphrase
        }
        // A person at the terminal may try `StorePassphrase.tries` times; a passphrase a script gave, once.
        let tries = header.emptyPassphrase || passphrase.isScripted ? 1 : StorePassphrase.tries
        for attempt in 0..<tries {
            let given = header.emptyPassphrase ? "" : try passphrase.existing(for: location, again: attempt > 0)
            let key = try StoreKey.derive(given, parameters: header.parameters, salt: header.salt)
            if key.check == header.check {
                hold(key)
                return key
            }
            sleep(Self.wrongPassphraseDelay)
        }
        throw StoreError(.wrongPassphrase, tries == 1 ? "wrong passphrase for the secure store \(location)"
                         : "\(tries) wrong passphrases for the secure store \(location); nothing was changed")
    }

    /// Holds the key for this process, and for the session (`unlockSeconds`) when a person typed the passphrase: one
    /// a script gave opens the store for its own run only (`odsh store unlock` opens it for the session either way).
    private func hold(_ key: StoreKey) {
        Self.unlocked.withLock { $0[location] = key }
        if !passphrase.isScripted { SessionKeyring.remember(key, for: location, seconds: unlockSeconds) }
    }

    /// Unlocks the store for `unlockSeconds` (asks for its passphrase unless it is unlocked); creates it (asking
    /// for a new passphrase) when there is none. True when it was created.
    @discardableResult
    func unlock(allowEmpty: Bool) throws -> Bool {
        guard let bytes = try fileBytes() else {
            let (key, empty) = try create(allowEmpty: allowEmpty)
            try AtomicFile.write(Data(try SealedStoreFile.seal(Array("".utf8), key: key, emptyPassphrase: empty)), to: location, mode: 0o600)
            return true
        }
        let key = try key(for: try SealedStoreFile.header(of: bytes, place: "the secure store \(location)"))
        _ = try SealedStoreFile.open(bytes, key: key, place: "the secure store \(location)")
        // Unlocked again: the time starts anew.
        SessionKeyring.remember(key, for: location, seconds: unlockSeconds)
        return false
    }

    /// Forgets the key, here and in the session keyring. True when the keyring held it.
    @discardableResult
    func lock() -> Bool {
        Self.unlocked.withLock { _ = $0.removeValue(forKey: location) }
        return SessionKeyring.forget(location)
    }

    /// Re-encrypts the store under a new passphrase (new salt, new key).
    func changePassphrase(allowEmpty: Bool, newPassphrase: StorePassphrase) throws {
        guard let document = try read() else {
            throw StoreError(.locked, "there is no secure store at \(location) yet (odsh store unlock creates one)")
        }
        let given = try newPassphrase.new(for: location, allowEmpty: allowEmpty)
        let key = try StoreKey.new(given)
        try AtomicFile.write(Data(try SealedStoreFile.seal(document, key: key, emptyPassphrase: given.isEmpty)), to: location, mode: 0o600)
        lock()
        hold(key)
    }

    func destroy() throws -> Bool {
        lock()
        unlink(location + ".lock")
        return unlink(location) == 0
    }

    /// Whether reading it now would ask for the passphrase on the terminal (`profile show` does not ask).
    var wouldAsk: Bool {
        guard exists, !passphrase.isScripted, !isUnlocked, let bytes = try? fileBytes(),
              let header = try? SealedStoreFile.header(of: bytes, place: location) else { return false }
        return !header.emptyPassphrase
    }

    var wouldAskToCreate: Bool { !exists && !passphrase.isScripted }

    /// Whether this process or the session keyring holds the key.
    var isUnlocked: Bool {
        Self.unlocked.withLock { $0[location] != nil } || SessionKeyring.holds(location)
    }
}
