import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A secrets document: `[profile.NAME]` tables of secrets (`password`, `token`, `cookie`, `client-secret`, a cached
/// OAuth2 token, session cookies), each profile's apart, in a `SecretStore`: the encrypted store, or a plain file
/// (mode 0600, refused when others may read it, like ssh's keys).
struct SecretsFile {
    /// Where the document lives, for messages.
    let path: String
    private(set) var root = TOMLTable()
    private var text = ""

    /// Reads the plain secrets file at `path` (none yet: empty).
    static func load(_ path: String) throws -> SecretsFile {
        try load(PlainSecretStore(path))
    }

    /// Reads the document of `store` (none yet: empty).
    static func load(_ store: any SecretStore) throws -> SecretsFile {
        var file = SecretsFile(path: store.location)
        guard let bytes = try store.read() else { return file }
        file.text = String(decoding: bytes, as: UTF8.self)
        do {
            file.root = try TOMLReader.parse(file.text, source: store.location).root
        } catch let e as TOMLError {
            throw ProfileError(e.description)
        }
        return file
    }

    private init(path: String) {
        self.path = path
    }

    /// The secrets of one profile.
    func table(profile: String) -> TOMLTable? {
        root["profile"]?.table?[profile]?.table
    }

    /// One secret of a profile as text.
    func value(profile: String, key: String) -> String? {
        table(profile: profile)?[key]?.string
    }

    /// The profiles that have secrets, in document order.
    var profiles: [String] { root["profile"]?.table?.entries.map(\.key) ?? [] }

    /// Sets (or, for nil, removes) secrets of a profile in the plain file at `path`.
    static func update(_ path: String, profile: String, _ changes: [(String, TOMLValue?)]) throws {
        try update(PlainSecretStore(path), profile: profile, changes)
    }

    /// Sets (or, for nil, removes) secrets of a profile and writes the store. The document is re-read under
    /// a lock first, so two odsh processes do not lose each other's changes.
    static func update(_ store: any SecretStore, profile: String, _ changes: [(String, TOMLValue?)]) throws {
        try locked(store.lockFile) {
            let current = try load(store)
            var table = current.table(profile: profile) ?? TOMLTable()
            for (key, value) in changes { table[key] = value }
            var editor = TOMLEditor(current.text)
            try editor.removeTables(under: ["profile", profile])
            if !table.entries.isEmpty {
                editor.append(tableText(profile, table))
            }
            try store.write(Array(editor.text.utf8))
            try SecureStore.noteWritten(store)
        }
    }

    /// Sets whole tables of several profiles at once (a migration), keeping what the store has already.
    static func merge(_ store: any SecretStore, _ tables: [(String, TOMLTable)]) throws {
        try locked(store.lockFile) {
            let current = try load(store)
            var editor = TOMLEditor(current.text)
            for (profile, incoming) in tables {
                var table = current.table(profile: profile) ?? TOMLTable()
                for (key, value) in incoming.entries where table[key] == nil { table[key] = value }
                try editor.removeTables(under: ["profile", profile])
                if !table.entries.isEmpty { editor.append(tableText(profile, table)) }
            }
            try store.write(Array(editor.text.utf8))
            try SecureStore.noteWritten(store)
        }
    }

    private static func tableText(_ profile: String, _ table: TOMLTable) -> String {
        "[profile.\(TOMLValue.key(profile))]\n" + table.entries.map { "\(TOMLValue.key($0.key)) = \($0.value.tomlText)\n" }.joined()
    }

    /// Removes all secrets of a profile from the plain file at `path`. False when it had none (or there is no file).
    @discardableResult
    static func removeProfile(_ path: String, profile: String) throws -> Bool {
        try removeProfile(PlainSecretStore(path), profile: profile)
    }

    /// Removes all secrets of a profile. False when it had none (or there is no store).
    @discardableResult
    static func removeProfile(_ store: any SecretStore, profile: String) throws -> Bool {
        guard store.exists else { return false }
        return try locked(store.lockFile) {
            let current = try load(store)
            guard current.table(profile: profile) != nil else { return false }
            var editor = TOMLEditor(current.text)
            try editor.removeTables(under: ["profile", profile])
            try store.write(Array(editor.text.utf8))
            try SecureStore.noteWritten(store)
            return true
        }
    }

    private static func locked<T>(_ lockFile: String, _ body: () throws -> T) throws -> T {
        try XDGDirectories.ensure(FileSystemPath.deletingLastComponent(lockFile))
        let fd = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ProfileError("cannot lock \(lockFile): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
