import CCrypto

/// The bytes of an encrypted store file: a header that says how to derive the key and is authenticated with the
/// content, then the content encrypted with AES-256-GCM (a fresh random nonce at every write).
///
///     offset  size  field
///          0     8  magic "ODSHSTOR"
///          8     1  format version (1)
///          9     1  flags (bit 0: the passphrase is empty, by choice: `--insecure-store`)
///         10     1  key derivation (1: scrypt)
///         11     3  scrypt's log2 N, r, p
///         14     1  cipher (1: AES-256-GCM)
///         15    16  salt
///         31    16  key check (tells a wrong passphrase from a damaged file)
///         47    12  nonce
///         59     …  ciphertext, then its 16-byte tag; the 59 header bytes are its additional data
enum SealedStoreFile {
    static let magic = Array("ODSHSTOR".utf8)
    static let version: UInt8 = 1
    static let headerLength = 59
    static let nonceLength = 12
    static let tagLength = 16

    /// What the header says.
    struct Header: Equatable {
        var version: UInt8
        var emptyPassphrase: Bool
        var parameters: StoreKey.Parameters
        var salt: [UInt8]
        var check: [UInt8]
    }

    /// Whether the bytes start like a store file (else they are something else altogether).
    static func looksLikeStore(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// Reads the header; `place` names the file in messages.
    static func header(of bytes: [UInt8], place: String) throws -> Header {
        guard bytes.count >= headerLength + tagLength, looksLikeStore(bytes) else {
            throw StoreError(.corrupted, "\(place) is not an odsh secure store (or it was cut short); odsh leaves it as it is")
        }
        guard bytes[8] == version else {
            throw StoreError(.corrupted, "\(place) was written in store format \(bytes[8]), which this odsh does not know (it reads \(version)); a newer odsh wrote it?")
        }
        let parameters = StoreKey.Parameters(logN: bytes[11], r: bytes[12], p: bytes[13])
        guard bytes[10] == 1, bytes[14] == 1, bytes[9] & ~1 == 0, parameters.isAcceptable else {
            throw StoreError(.corrupted, "\(place) has a damaged header; odsh leaves it as it is")
        }
        return Header(version: bytes[8], emptyPassphrase: bytes[9] & 1 == 1, parameters: parameters,
                      salt: Array(bytes[15..<31]), check: Array(bytes[31..<47]))
    }

    /// Encrypts `content` under `key` into the bytes of a store file.
    static func seal(_ content: [UInt8], key: StoreKey, emptyPassphrase: Bool) throws -> [UInt8] {
        var head = magic + [version, emptyPassphrase ? 1 : 0, 1, key.parameters.logN, key.parameters.r, key.parameters.p, 1]
        head += key.salt + key.check + (try StoreKey.randomBytes(nonceLength))
        let nonce = Array(head[(headerLength - nonceLength)...])
        var sealed = [UInt8](repeating: 0, count: content.count)
        var tag = [UInt8](repeating: 0, count: tagLength)
        guard odsh_crypto_aes256gcm_seal(key.bytes, nonce, head, head.count, content, content.count, &sealed, &tag) == 1 else {
            throw StoreError(.unavailable, "libcrypto could not encrypt the store (AES-256-GCM)")
        }
        return head + sealed + tag
    }

    /// Decrypts the content of a store file whose header `key` matches; a file that does not authenticate
    /// (altered, cut, or its header edited) is refused.
    static func open(_ bytes: [UInt8], key: StoreKey, place: String) throws -> [UInt8] {
        let head = Array(bytes[..<headerLength])
        let nonce = Array(head[(headerLength - nonceLength)...])
        let sealed = Array(bytes[headerLength..<(bytes.count - tagLength)])
        let tag = Array(bytes[(bytes.count - tagLength)...])
        var content = [UInt8](repeating: 0, count: sealed.count)
        guard odsh_crypto_aes256gcm_open(key.bytes, nonce, head, head.count, sealed, sealed.count, tag, &content) == 1 else {
            throw StoreError(.corrupted, "\(place) is damaged: its content does not authenticate; odsh leaves it as it is "
                             + "(restore it from a backup, or remove it with: odsh store reset)")
        }
        return content
    }
}
