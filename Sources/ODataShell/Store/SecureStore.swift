import FoundationEssentials
import Glibc
import Synchronization

/// Opens the store the settings choose. The encrypted store takes over, on first use, what earlier versions kept
/// in plain files (`secrets.toml`, `cookies-NAME.txt`), and removes those files once it holds their content.
enum SecureStore {
    /// The store of `dirs`, as `[store]` in config.toml and `$ODSH_STORE` choose it.
    static func open(dirs: XDGDirectories, environment: [String: String],
                     readSecret: @escaping @Sendable (String) throws -> String, passphraseFile: String? = nil) throws -> any SecretStore {
        let settings = try StoreSettings.load(dirs, environment: environment)
        if let chosen = settings.backend, !settings.configNamesBackend {
            // ODSH_STORE chose it and config.toml does not say: once this run has written to the store, the choice
            // is written down (unless the automatic choice finds that store by then), so that the next run, without
            // the variable, finds it rather than moving its files into another store. The automatic choice may ask
            // the desktop keyring, so it is made at that first write, not here at every start.
            pendingChoice.withLock { $0 = PendingChoice(backend: chosen, dirs: dirs, environment: environment) }
        }
        switch settings.backend ?? automatic(dirs, environment) {
        case .plain:
            return PlainSecretStore(dirs.secretsFile)
        case .keyring:
            let store = KeyringSecretStore(dirs: dirs)
            try migratePlainFiles(dirs, into: store)
            return store
        case .file:
            let store = EncryptedSecretStore(dirs.secureStoreFile,
                                             passphrase: StorePassphrase(environment: environment, file: passphraseFile, readSecret: readSecret),
                                             unlockSeconds: settings.unlockSeconds)
            try migratePlainFiles(dirs, into: store)
            return store
        }
    }

    /// The backend `ODSH_STORE` chose in this process, not yet written down.
    private struct PendingChoice: Sendable {
        var backend: StoreBackend
        var dirs: XDGDirectories
        var environment: [String: String]
    }
    private static let pendingChoice = Mutex<PendingChoice?>(nil)

    /// After a write to `store`: writes its backend into config.toml when `ODSH_STORE` chose it, config.toml did
    /// not say, and the automatic choice would not find this store, with a line saying so (once a process).
    static func noteWritten(_ store: any SecretStore) throws {
        guard let pending = pendingChoice.withLock({ p -> PendingChoice? in
            guard let c = p, c.backend == store.backend else { return nil }
            p = nil
            return c
        }) else { return }
        let (chosen, dirs) = (pending.backend, pending.dirs)
        guard chosen != automatic(dirs, pending.environment) else { return }
        try StoreSettings.remember(chosen, in: dirs)
        Stderr.write("odsh: [store] backend = \"\(chosen.rawValue)\" (ODSH_STORE) is now in \(dirs.configFile): later runs need no variable\n")
    }

    /// The backend `auto` stands for: an encrypted store that exists already, else the desktop keyring once odsh
    /// wrote to it (though it may not answer now: its secrets are then asked for, rather than looked for in a new
    /// store), else the desktop keyring where a session bus offers one, else a new encrypted store.
    static func automatic(_ dirs: XDGDirectories, _ environment: [String: String]) -> StoreBackend {
        if access(dirs.secureStoreFile, F_OK) == 0 { return .file }
        if access(KeyringSecretStore.lockFile(dirs), F_OK) == 0 { return .keyring }
        return KeyringSecretStore.isAvailable(environment, dirs: dirs) ? .keyring : .file
    }

    /// The plain cookie jars of profiles in the state folder: (profile, path).
    static func plainCookieJars(_ dirs: XDGDirectories) -> [(String, String)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dirs.state) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasPrefix("cookies-"), name.hasSuffix(".txt") else { return nil }
            let profile = String(name.dropFirst(8).dropLast(4))
            guard !profile.isEmpty, dirs.cookieJar(profile: profile) == dirs.state + "/" + name else { return nil }
            return (profile, dirs.state + "/" + name)
        }
    }

    /// Moves the plain secrets file and cookie jars into `store`, with a message; the plain files are removed
    /// only once the store holds their content.
    static func migratePlainFiles(_ dirs: XDGDirectories, into store: any SecretStore) throws {
        let plain = PlainSecretStore(dirs.secretsFile)
        let jars = plainCookieJars(dirs)
        let hasSecrets = access(plain.location, F_OK) == 0
        guard hasSecrets || !jars.isEmpty else { return }
        var tables: [(String, TOMLTable)] = []
        if hasSecrets {
            let file = try SecretsFile.load(plain)
            for profile in file.profiles { if let t = file.table(profile: profile) { tables.append((profile, t)) } }
        }
        for (profile, path) in jars {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let lines = StoreCookies.cookieLines(String(decoding: data, as: UTF8.self))
            guard !lines.isEmpty else { continue }
            var t = tables.first { $0.0 == profile }?.1 ?? TOMLTable()
            t[StoreCookies.key] = .array(lines.map { .string($0) })
            tables.removeAll { $0.0 == profile }
            tables.append((profile, t))
        }
        var moved: [String] = []
        if hasSecrets { moved.append(plain.location) }
        moved += jars.map(\.1)
        Stderr.write("odsh: moving \(moved.count == 1 ? "the plain file" : "\(moved.count) plain files") "
                     + "(\(moved.joined(separator: ", "))) into the secure store \(store.location)\n")
        try SecretsFile.merge(store, tables)
        // The plain copies go only now, when the store holds what they held.
        if hasSecrets { _ = try plain.destroy() }
        for (_, path) in jars { unlink(path) }
        Stderr.write("odsh: done; no plain copy is left ([store] backend = \"plain\" or ODSH_STORE=plain keeps plain files)\n")
    }
}
