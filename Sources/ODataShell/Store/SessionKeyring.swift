import CCrypto
import Glibc

/// The kernel's session keyring, where an unlocked store's key waits for a bounded time, so that one terminal
/// session asks for the passphrase once. The key is readable by its possessor only (this session's processes)
/// and the kernel drops it when its time is up; `odsh store lock` drops it at once. Where the kernel offers no
/// keyring (seccomp in some containers), nothing is held and odsh asks each time.
enum SessionKeyring {
    /// The key's description: the store's path, so that each store has its own.
    static func description(of path: String) -> String { "odsh:store:" + path }

    /// Holds `key` for `seconds`. False when the keyring refused it.
    @discardableResult
    static func remember(_ key: StoreKey, for path: String, seconds: Int) -> Bool {
        var payload = [key.parameters.logN, key.parameters.r, key.parameters.p] + key.salt + key.bytes
        defer { odsh_crypto_cleanse(&payload, payload.count) }
        return odsh_keyring_add(description(of: path), payload, payload.count, UInt32(clamping: max(seconds, 1))) > 0
    }

    /// The key held for the store at `path`, if any (and if it is still whole).
    static func recall(for path: String) -> StoreKey? {
        let serial = odsh_keyring_find(description(of: path))
        guard serial > 0 else { return nil }
        let length = 3 + StoreKey.saltLength + StoreKey.length
        var payload = [UInt8](repeating: 0, count: length)
        defer { odsh_crypto_cleanse(&payload, payload.count) }
        guard odsh_keyring_read(serial, &payload, length) == length else { return nil }
        return StoreKey(parameters: StoreKey.Parameters(logN: payload[0], r: payload[1], p: payload[2]),
                        salt: Array(payload[3..<(3 + StoreKey.saltLength)]),
                        bytes: Array(payload[(3 + StoreKey.saltLength)...]))
    }

    /// Drops the key held for the store at `path`. False when none was held.
    @discardableResult
    static func forget(_ path: String) -> Bool {
        var forgot = false
        // A key added twice (two sessions' keyrings linked) is found again: drop every one.
        while case let serial = odsh_keyring_find(description(of: path)), serial > 0 {
            guard odsh_keyring_forget(serial) == 0 else { break }
            forgot = true
        }
        return forgot
    }

    /// Whether a key is held for the store at `path`.
    static func holds(_ path: String) -> Bool { odsh_keyring_find(description(of: path)) > 0 }
}
