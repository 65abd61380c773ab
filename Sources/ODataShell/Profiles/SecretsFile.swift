import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A secrets file: `[profile.NAME]` tables of secrets (`password`, `token`, `cookie`, `client-secret`, a cached
/// OAuth2 token), each profile's apart. odsh writes it with mode 0600 and, like ssh with its keys, refuses to
/// read one that its group or others may read, or that belongs to someone else.
struct SecretsFile {
    let path: String
    private(set) var root = TOMLTable()
    private var text = ""

    /// Reads the file (none yet: empty), after checking who may read it.
    static func load(_ path: String) throws -> SecretsFile {
        var file = SecretsFile(path: path)
        var st = stat()
        guard stat(path, &st) == 0 else {
            if errno == ENOENT { return file }
            throw ProfileError("cannot read the secrets file \(path): \(String(cString: strerror(errno)))")
        }
        try checkPrivate(path, st)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProfileError("cannot read the secrets file \(path): \(String(cString: strerror(errno)))")
        }
        file.text = String(decoding: data, as: UTF8.self)
        do {
            file.root = try TOMLReader.parse(file.text, source: path).root
        } catch let e as TOMLError {
            throw ProfileError(e.description)
        }
        return file
    }

    private init(path: String) {
        self.path = path
    }

    private static func checkPrivate(_ path: String, _ st: stat) throws {
        let mode = st.st_mode & 0o777
        if mode & 0o077 != 0 {
            throw ProfileError("the secrets file \(path) may be read by others (mode \(String(mode, radix: 8))); odsh will not use it. "
                               + "Make it private with: chmod 600 \(path)")
        }
        if st.st_uid != geteuid() {
            throw ProfileError("the secrets file \(path) belongs to another user (uid \(st.st_uid)); odsh will not use it")
        }
    }

    /// The secrets of one profile.
    func table(profile: String) -> TOMLTable? {
        root["profile"]?.table?[profile]?.table
    }

    /// One secret of a profile as text.
    func value(profile: String, key: String) -> String? {
        table(profile: profile)?[key]?.string
    }

    /// Sets (or, for nil, removes) secrets of a profile and writes the file (0600). The file is re-read under
    /// a lock first, so two odsh processes do not lose each other's changes.
    static func update(_ path: String, profile: String, _ changes: [(String, TOMLValue?)]) throws {
        try locked(path) {
            let current = try load(path)
            var table = current.table(profile: profile) ?? TOMLTable()
            for (key, value) in changes { table[key] = value }
            var editor = TOMLEditor(current.text)
            try editor.removeTables(under: ["profile", profile])
            if !table.entries.isEmpty {
                editor.append("[profile.\(TOMLValue.key(profile))]\n"
                              + table.entries.map { "\(TOMLValue.key($0.key)) = \($0.value.tomlText)\n" }.joined())
            }
            try AtomicFile.write(Data(editor.text.utf8), to: path, mode: 0o600)
        }
    }

    /// Removes all secrets of a profile. False when it had none (or there is no file).
    @discardableResult
    static func removeProfile(_ path: String, profile: String) throws -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        return try locked(path) {
            let current = try load(path)
            guard current.table(profile: profile) != nil else { return false }
            var editor = TOMLEditor(current.text)
            try editor.removeTables(under: ["profile", profile])
            try AtomicFile.write(Data(editor.text.utf8), to: path, mode: 0o600)
            return true
        }
    }

    private static func locked<T>(_ path: String, _ body: () throws -> T) throws -> T {
        try XDGDirectories.ensure(FileSystemPath.deletingLastComponent(path))
        let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ProfileError("cannot lock \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
