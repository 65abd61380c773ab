// The few libcrypto (OpenSSL 3) functions odsh needs: SHA-256 and RSA-SHA256 (PKCS #1 v1.5) with a PEM private key
// to sign a SAML assertion (ODataClient); random bytes, scrypt and AES-256-GCM for the shell's secure store; and
// the kernel keyring (keyring.c), which holds the store's key for a while after it is unlocked. libcrypto is loaded with dlopen on first use, like libcurl (which
// depends on it), so that neither its headers nor a link-time dependency are needed.
#ifndef ODSH_CCRYPTO_H
#define ODSH_CCRYPTO_H
#include <stddef.h>
#include <stdint.h>

/// NULL when libcrypto is loaded, else why not.
const char *odsh_crypto_load(void);

/// SHA-256 of `data`; `digest` has room for 32 bytes. Returns 1 on success.
int odsh_crypto_sha256(const void *data, size_t length, unsigned char digest[32]);

/// Signs `data` with RSA-SHA256 (PKCS #1 v1.5) with the private key `pem` (PEM, unencrypted, PKCS #1 or #8).
/// `signature` has room for `*signatureLength` bytes (512 covers RSA keys up to 4096 bits); on success returns 1
/// and sets `*signatureLength`. On failure returns 0 and writes libcrypto's reason to `error` (`errorSize` bytes).
int odsh_crypto_rsa_sha256_sign(const char *pem, size_t pemLength, const void *data, size_t length,
                                unsigned char *signature, size_t *signatureLength, char *error, size_t errorSize);

/// Fills `buffer` with `length` bytes from libcrypto's CSPRNG. Returns 1 on success.
int odsh_crypto_random(void *buffer, size_t length);

/// Derives `keyLength` bytes from a passphrase with scrypt (N, r, p). Returns 1 on success, 0 when libcrypto
/// fails or the parameters would need more than 1 GiB of memory.
int odsh_crypto_scrypt(const char *passphrase, size_t passphraseLength, const unsigned char *salt, size_t saltLength,
                       uint64_t n, uint64_t r, uint64_t p, unsigned char *key, size_t keyLength);

/// AES-256-GCM: encrypts `length` bytes of `plain` into `out` (as long) and authenticates them with `aad`;
/// writes the 16-byte tag. Returns 1 on success.
int odsh_crypto_aes256gcm_seal(const unsigned char key[32], const unsigned char nonce[12], const void *aad, size_t aadLength,
                               const void *plain, size_t length, unsigned char *out, unsigned char tag[16]);

/// AES-256-GCM: decrypts `length` bytes into `out` when `tag` authenticates them and `aad`. Returns 1 on success;
/// 0 (and `out` zeroed) when they do not authenticate: a wrong key or altered bytes.
int odsh_crypto_aes256gcm_open(const unsigned char key[32], const unsigned char nonce[12], const void *aad, size_t aadLength,
                               const void *sealed, size_t length, const unsigned char tag[16], unsigned char *out);

/// Overwrites `length` bytes with zeros in a way the compiler keeps.
void odsh_crypto_cleanse(void *buffer, size_t length);

/// Adds (or replaces) a "user" key in the session keyring (the user's session keyring when the process has
/// none), readable by its possessor only, that expires after `timeoutSeconds` (0: never). Returns its serial
/// number, or -errno.
long odsh_keyring_add(const char *description, const void *payload, size_t length, unsigned timeoutSeconds);

/// The serial number of the "user" key `description` in the session keyring, or -errno (-ENOKEY: none).
long odsh_keyring_find(const char *description);

/// Reads key `serial` into `buffer` (`length` bytes); returns the key's full length, or -errno.
long odsh_keyring_read(long serial, void *buffer, size_t length);

/// Destroys key `serial` (invalidated, so no keyring keeps it). Returns 0, or -errno.
long odsh_keyring_forget(long serial);

/// Sets how long key `serial` lives from now on, in seconds (0: for ever). Returns 0, or -errno.
long odsh_keyring_set_timeout(long serial, unsigned timeoutSeconds);

#endif
