/// Where odsh keeps its secrets document: the TOML text of `[profile.NAME]` tables (passwords, tokens, API keys,
/// cached OAuth2 tokens, session cookies) that `SecretsFile` reads and edits. Backends: the encrypted file
/// (`EncryptedSecretStore`) and the plain 0600 file (`PlainSecretStore`).
protocol SecretStore: Sendable, CustomStringConvertible {
    /// The path of its file, for messages and the lock beside it.
    var location: String { get }
    var backend: StoreBackend { get }
    /// The document, or nil when there is none yet.
    func read() throws -> [UInt8]?
    /// Replaces the document.
    func write(_ document: [UInt8]) throws
    /// Removes the store and all it holds. False when there was none.
    func destroy() throws -> Bool
}

extension SecretStore {
    var description: String { location }
}
