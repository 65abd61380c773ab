import FoundationEssentials
import Glibc

/// The plain secrets file (`secrets.toml`, or a profile's own `file:PATH`): mode 0600 and, like ssh with its keys,
/// refused when its group or others may read it or it belongs to someone else.
struct PlainSecretStore: SecretStore {
    let location: String
    var backend: StoreBackend { .plain }

    init(_ path: String) { location = path }

    func read() throws -> [UInt8]? {
        var st = stat()
        guard stat(location, &st) == 0 else {
            if errno == ENOENT { return nil }
            throw ProfileError("cannot read the secrets file \(location): \(String(cString: strerror(errno)))")
        }
        let mode = st.st_mode & 0o777
        if mode & 0o077 != 0 {
            throw ProfileError("the secrets file \(location) may be read by others (mode \(String(mode, radix: 8))); odsh will not use it. "
                               + "Make it private with: chmod 600 \(location)")
        }
        if st.st_uid != geteuid() {
            throw ProfileError("the secrets file \(location) belongs to another user (uid \(st.st_uid)); odsh will not use it")
        }
        guard let data = FileManager.default.contents(atPath: location) else {
            throw ProfileError("cannot read the secrets file \(location): \(String(cString: strerror(errno)))")
        }
        return Array(data)
    }

    func write(_ document: [UInt8]) throws {
        try AtomicFile.write(Data(document), to: location, mode: 0o600)
    }

    func destroy() throws -> Bool {
        unlink(location + ".lock")
        return unlink(location) == 0
    }
}
