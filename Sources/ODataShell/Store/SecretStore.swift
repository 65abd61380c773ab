import Glibc

/// Where odsh keeps its secrets document: the TOML text of `[profile.NAME]` tables (passwords, tokens, API keys,
/// cached OAuth2 tokens, session cookies) that `SecretsFile` reads and edits. Backends: the encrypted file
/// (`EncryptedSecretStore`) and the plain 0600 file (`PlainSecretStore`).
protocol SecretStore: Sendable, CustomStringConvertible {
    /// Where it is, for messages: the path of its file.
    var location: String { get }
    /// The file whose lock serialises writers (odsh processes editing the document at once).
    var lockFile: String { get }
    /// Whether it holds a document.
    var exists: Bool { get }
    var backend: StoreBackend { get }
    /// Whether the first write would ask for a new passphrase on the terminal (an encrypted store not made yet,
    /// with no scripted passphrase): a write in the middle of a request does not, it waits for one made on purpose.
    var wouldAskToCreate: Bool { get }
    /// The document, or nil when there is none yet.
    func read() throws -> [UInt8]?
    /// Replaces the document.
    func write(_ document: [UInt8]) throws
    /// Removes the store and all it holds. False when there was none.
    func destroy() throws -> Bool
}

extension SecretStore {
    var description: String { location }
    var lockFile: String { location + ".lock" }
    var exists: Bool { access(location, F_OK) == 0 }
    var wouldAskToCreate: Bool { false }
}
