import CCrypto

/// The key of an encrypted store, derived from its passphrase with scrypt, and the parameters and salt it was
/// derived with (kept in the store's header, so that stores written with other parameters stay readable).
struct StoreKey: Sendable, Equatable {
    /// scrypt's cost parameters: N = 2^logN, r, p.
    struct Parameters: Sendable, Equatable {
        var logN: UInt8
        var r: UInt8
        var p: UInt8

        /// What odsh writes: 64 MiB of memory, a fraction of a second on a laptop; a guess costs an attacker as much.
        static let standard = Parameters(logN: 16, r: 8, p: 1)

        /// Whether libcrypto may be asked for them (a corrupted header must not ask for terabytes).
        var isAcceptable: Bool { (10...22).contains(logN) && (1...32).contains(r) && (1...16).contains(p) }
    }

    static let length = 32
    static let saltLength = 16
    static let checkLength = 16

    var parameters: Parameters
    var salt: [UInt8]
    var bytes: [UInt8]

    /// A short digest of the key, kept in the header: it tells a wrong passphrase from a damaged file. Knowing it
    /// saves an attacker nothing, since each guess still costs a scrypt derivation.
    var check: [UInt8] {
        var input = Array("odsh secure store key check".utf8) + bytes
        defer { odsh_crypto_cleanse(&input, input.count) }
        var digest = [UInt8](repeating: 0, count: 32)
        _ = odsh_crypto_sha256(input, input.count, &digest)
        return Array(digest.prefix(Self.checkLength))
    }

    /// Derives the key of `passphrase` with `parameters` and `salt`.
    static func derive(_ passphrase: String, parameters: Parameters, salt: [UInt8]) throws -> StoreKey {
        try requireCrypto()
        guard parameters.isAcceptable else { throw StoreError(.corrupted, "the key parameters are out of range") }
        var key = [UInt8](repeating: 0, count: length)
        var pass = Array(passphrase.utf8)
        defer { odsh_crypto_cleanse(&pass, pass.count) }
        let ok = odsh_crypto_scrypt(pass, pass.count, salt, salt.count, UInt64(1) << parameters.logN,
                                    UInt64(parameters.r), UInt64(parameters.p), &key, key.count)
        guard ok == 1 else { throw StoreError(.unavailable, "libcrypto could not derive the store's key (scrypt)") }
        return StoreKey(parameters: parameters, salt: salt, bytes: key)
    }

    /// A key for a new store (or a new passphrase): a fresh random salt, the standard parameters.
    static func new(_ passphrase: String) throws -> StoreKey {
        try derive(passphrase, parameters: .standard, salt: try randomBytes(saltLength))
    }

    static func randomBytes(_ count: Int) throws -> [UInt8] {
        try requireCrypto()
        var bytes = [UInt8](repeating: 0, count: count)
        guard odsh_crypto_random(&bytes, count) == 1 else { throw StoreError(.unavailable, "libcrypto gave no random bytes") }
        return bytes
    }

    static func requireCrypto() throws {
        if let failure = odsh_crypto_load() {
            throw StoreError(.unavailable, "the secure store needs libcrypto: \(String(cString: failure))")
        }
    }
}
