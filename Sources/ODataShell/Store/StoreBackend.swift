/// Where odsh keeps what is secret between runs (passwords, tokens, API keys, session cookies): `[store] backend`
/// in config.toml, or `$ODSH_STORE`.
enum StoreBackend: String, Sendable, CaseIterable {
    /// The desktop keyring through the Secret Service API (GNOME Keyring, KWallet, KeePassXC): the default where a
    /// session bus offers it.
    case keyring
    /// A file encrypted with a key derived from a passphrase (`secrets.store`): the default elsewhere.
    case file
    /// The plain 0600 files of earlier versions (`secrets.toml`, `cookies-NAME.txt`): an explicit choice, for CI
    /// and containers where the file system is the protection.
    case plain

    /// The spellings, for messages (`auto`: the keyring where there is one, else the file).
    static let spellings = (["auto"] + allCases.map(\.rawValue)).joined(separator: ", ")
}
