import CLibSecret
import FoundationEssentials
import Glibc

/// The secrets document as one item of the desktop keyring, through the Secret Service API (libsecret): GNOME
/// Keyring, KWallet or KeePassXC keep it encrypted and unlock it with the user's session. Used when a session bus
/// offers the service.
struct KeyringSecretStore: SecretStore {
    /// The item's "store" attribute: the config folder, so that each odsh setup has its own item.
    let identity: String
    /// A file beside the config that serialises writers (the keyring has no lock of its own for odsh). It stays
    /// after the first write, and then also says that the keyring holds odsh's secrets (`SecureStore.automatic`).
    let lockFile: String
    var backend: StoreBackend { .keyring }
    var location: String { "the desktop keyring (Secret Service item \"odsh secrets\" for \(identity))" }

    init(dirs: XDGDirectories) {
        identity = dirs.config
        lockFile = Self.lockFile(dirs)
    }

    static func lockFile(_ dirs: XDGDirectories) -> String { dirs.config + "/keyring.lock" }

    /// Whether libsecret loads and a Secret Service answers on the session bus.
    static func isAvailable(_ environment: [String: String], dirs: XDGDirectories) -> Bool {
        guard !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty, odsh_secret_load() == nil else { return false }
        do {
            _ = try KeyringSecretStore(dirs: dirs).lookup()  // found or not: the service answered
            return true
        } catch {
            return false
        }
    }

    private func lookup() throws -> [UInt8]? {
        var error = [CChar](repeating: 0, count: 512)
        var secret: UnsafeMutablePointer<CChar>?
        switch odsh_secret_lookup(identity, &secret, &error, error.count) {
        case 1:
            defer { odsh_secret_free(secret) }
            return secret.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
        case 0:
            return nil
        default:
            throw StoreError(.unavailable, "the desktop keyring cannot be used: \(Self.text(error))")
        }
    }

    /// The document; `[]` stands for "none", as the item holds text.
    func read() throws -> [UInt8]? {
        guard let found = try lookup() else { return nil }
        return found
    }

    var exists: Bool { ((try? lookup()) ?? nil) != nil }

    func write(_ document: [UInt8]) throws {
        var error = [CChar](repeating: 0, count: 512)
        let text = String(decoding: document, as: UTF8.self)
        guard odsh_secret_store(identity, "odsh secrets (\(identity))", text, &error, error.count) == 1 else {
            throw StoreError(.unavailable, "the desktop keyring cannot keep odsh's secrets: \(Self.text(error))")
        }
    }

    /// The C string in a buffer libsecret's loader filled.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func destroy() throws -> Bool {
        var error = [CChar](repeating: 0, count: 512)
        let r = odsh_secret_clear(identity, &error, error.count)
        guard r >= 0 else { throw StoreError(.unavailable, "the desktop keyring cannot remove odsh's secrets: \(Self.text(error))") }
        return r == 1
    }
}
