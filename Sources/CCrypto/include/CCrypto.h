// The few libcrypto (OpenSSL 3) functions ODataClient needs to sign a SAML assertion: SHA-256 and RSA-SHA256
// (PKCS #1 v1.5) with a PEM private key. libcrypto is loaded with dlopen on first use, like libcurl (which
// depends on it), so that neither its headers nor a link-time dependency are needed.
#ifndef ODSH_CCRYPTO_H
#define ODSH_CCRYPTO_H
#include <stddef.h>

/// NULL when libcrypto is loaded, else why not.
const char *odsh_crypto_load(void);

/// SHA-256 of `data`; `digest` has room for 32 bytes. Returns 1 on success.
int odsh_crypto_sha256(const void *data, size_t length, unsigned char digest[32]);

/// Signs `data` with RSA-SHA256 (PKCS #1 v1.5) with the private key `pem` (PEM, unencrypted, PKCS #1 or #8).
/// `signature` has room for `*signatureLength` bytes (512 covers RSA keys up to 4096 bits); on success returns 1
/// and sets `*signatureLength`. On failure returns 0 and writes libcrypto's reason to `error` (`errorSize` bytes).
int odsh_crypto_rsa_sha256_sign(const char *pem, size_t pemLength, const void *data, size_t length,
                                unsigned char *signature, size_t *signatureLength, char *error, size_t errorSize);

#endif
