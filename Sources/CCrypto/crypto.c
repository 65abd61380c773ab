// Loads libcrypto with dlopen on first use; see include/CCrypto.h for why.
#include "CCrypto.h"
#include "CLoader.h"
#include <stdio.h>
#include <stdint.h>
#include <string.h>

// Opaque OpenSSL types; only pointers to them pass through here.
typedef struct bio_st BIO;
typedef struct evp_pkey_st EVP_PKEY;
typedef struct evp_md_st EVP_MD;
typedef struct evp_md_ctx_st EVP_MD_CTX;
typedef struct engine_st ENGINE;
typedef struct evp_pkey_ctx_st EVP_PKEY_CTX;
typedef struct evp_cipher_st EVP_CIPHER;
typedef struct evp_cipher_ctx_st EVP_CIPHER_CTX;

// EVP_CIPHER_CTX_ctrl commands for GCM (openssl/evp.h).
#define ODSH_EVP_CTRL_GCM_GET_TAG 0x10
#define ODSH_EVP_CTRL_GCM_SET_TAG 0x11

#define CRYPTO_FUNCTIONS(X) \
    X(BIO *, BIO_new_mem_buf, (const void *buf, int len)) \
    X(int, BIO_free, (BIO *b)) \
    X(EVP_PKEY *, PEM_read_bio_PrivateKey, (BIO *b, EVP_PKEY **x, void *cb, void *u)) \
    X(void, EVP_PKEY_free, (EVP_PKEY *k)) \
    X(int, EVP_PKEY_get_base_id, (const EVP_PKEY *k)) \
    X(const EVP_MD *, EVP_sha256, (void)) \
    X(int, EVP_Digest, (const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type, ENGINE *impl)) \
    X(EVP_MD_CTX *, EVP_MD_CTX_new, (void)) \
    X(void, EVP_MD_CTX_free, (EVP_MD_CTX *c)) \
    X(int, EVP_DigestSignInit, (EVP_MD_CTX *c, EVP_PKEY_CTX **pc, const EVP_MD *type, ENGINE *e, EVP_PKEY *k)) \
    X(int, EVP_DigestSign, (EVP_MD_CTX *c, unsigned char *sig, size_t *siglen, const unsigned char *tbs, size_t tbslen)) \
    X(int, RAND_bytes, (unsigned char *buf, int num)) \
    X(int, EVP_PBE_scrypt, (const char *pass, size_t passlen, const unsigned char *salt, size_t saltlen, uint64_t N, uint64_t r, uint64_t p, uint64_t maxmem, unsigned char *key, size_t keylen)) \
    X(const EVP_CIPHER *, EVP_aes_256_gcm, (void)) \
    X(EVP_CIPHER_CTX *, EVP_CIPHER_CTX_new, (void)) \
    X(void, EVP_CIPHER_CTX_free, (EVP_CIPHER_CTX *c)) \
    X(int, EVP_CIPHER_CTX_ctrl, (EVP_CIPHER_CTX *c, int type, int arg, void *ptr)) \
    X(int, EVP_EncryptInit_ex, (EVP_CIPHER_CTX *c, const EVP_CIPHER *cipher, ENGINE *e, const unsigned char *key, const unsigned char *iv)) \
    X(int, EVP_EncryptUpdate, (EVP_CIPHER_CTX *c, unsigned char *out, int *outl, const unsigned char *in, int inl)) \
    X(int, EVP_EncryptFinal_ex, (EVP_CIPHER_CTX *c, unsigned char *out, int *outl)) \
    X(int, EVP_DecryptInit_ex, (EVP_CIPHER_CTX *c, const EVP_CIPHER *cipher, ENGINE *e, const unsigned char *key, const unsigned char *iv)) \
    X(int, EVP_DecryptUpdate, (EVP_CIPHER_CTX *c, unsigned char *out, int *outl, const unsigned char *in, int inl)) \
    X(int, EVP_DecryptFinal_ex, (EVP_CIPHER_CTX *c, unsigned char *out, int *outl)) \
    X(void, OPENSSL_cleanse, (void *ptr, size_t len)) \
    X(unsigned long, ERR_get_error, (void)) \
    X(void, ERR_error_string_n, (unsigned long e, char *buf, size_t len))

ODSH_LIBRARY_FUNCTIONS(CRYPTO_FUNCTIONS);

static odsh_library libcrypto = ODSH_LIBRARY(.name = "libcrypto", .soname = "libcrypto.so.3", .package = "libssl3",
                                             .requirement = "OpenSSL 3 is needed");

const char *odsh_crypto_load(void) { return odsh_library_load(&libcrypto); }

int odsh_crypto_sha256(const void *data, size_t length, unsigned char digest[32]) {
    if (odsh_crypto_load()) return 0;
    unsigned int size = 0;
    return api.EVP_Digest(data, length, digest, &size, api.EVP_sha256(), NULL) == 1 && size == 32;
}

static int fail(char *error, size_t errorSize, const char *what) {
    unsigned long code = api.ERR_get_error();
    char reason[256] = "";
    if (code) api.ERR_error_string_n(code, reason, sizeof reason);
    snprintf(error, errorSize, "%s%s%s", what, code ? ": " : "", reason);
    while (api.ERR_get_error()) {}
    return 0;
}

int odsh_crypto_rsa_sha256_sign(const char *pem, size_t pemLength, const void *data, size_t length,
                                unsigned char *signature, size_t *signatureLength, char *error, size_t errorSize) {
    const char *problem = odsh_crypto_load();
    if (problem) {
        snprintf(error, errorSize, "%s", problem);
        return 0;
    }
    BIO *bio = api.BIO_new_mem_buf(pem, (int)pemLength);
    if (!bio) return fail(error, errorSize, "out of memory");
    // A NULL callback and NULL password: an encrypted key fails instead of asking on the terminal.
    EVP_PKEY *key = api.PEM_read_bio_PrivateKey(bio, NULL, NULL, (void *)"");
    api.BIO_free(bio);
    if (!key) return fail(error, errorSize, "not an unencrypted PEM private key");
    if (api.EVP_PKEY_get_base_id(key) != 6 /* EVP_PKEY_RSA */) {
        api.EVP_PKEY_free(key);
        snprintf(error, errorSize, "not an RSA key");
        return 0;
    }
    EVP_MD_CTX *ctx = api.EVP_MD_CTX_new();
    int ok = ctx && api.EVP_DigestSignInit(ctx, NULL, api.EVP_sha256(), NULL, key) == 1
        && api.EVP_DigestSign(ctx, signature, signatureLength, data, length) == 1;
    if (!ok) fail(error, errorSize, "signing failed");
    if (ctx) api.EVP_MD_CTX_free(ctx);
    api.EVP_PKEY_free(key);
    return ok;
}

int odsh_crypto_random(void *buffer, size_t length) {
    if (odsh_crypto_load() || length > INT32_MAX) return 0;
    return api.RAND_bytes(buffer, (int)length) == 1;
}

int odsh_crypto_scrypt(const char *passphrase, size_t passphraseLength, const unsigned char *salt, size_t saltLength,
                       uint64_t n, uint64_t r, uint64_t p, unsigned char *key, size_t keyLength) {
    if (odsh_crypto_load()) return 0;
    // scrypt needs 128 * N * r * p bytes and a little more; libcrypto's default ceiling (32 MiB) is too low for
    // the parameters odsh writes, so the ceiling follows the parameters, up to 1 GiB (a header asking for more
    // is refused rather than allowed to exhaust memory).
    uint64_t need = 128 * n * r * (p + 1) + (1 << 20);
    if (n == 0 || r == 0 || p == 0 || n > (1u << 22) || r > 32 || p > 16 || need > ((uint64_t)1 << 30)) return 0;
    int ok = api.EVP_PBE_scrypt(passphrase, passphraseLength, salt, saltLength, n, r, p, need, key, keyLength) == 1;
    while (api.ERR_get_error()) {}
    return ok;
}

int odsh_crypto_aes256gcm_seal(const unsigned char key[32], const unsigned char nonce[12], const void *aad, size_t aadLength,
                               const void *plain, size_t length, unsigned char *out, unsigned char tag[16]) {
    if (odsh_crypto_load() || length > INT32_MAX || aadLength > INT32_MAX) return 0;
    EVP_CIPHER_CTX *ctx = api.EVP_CIPHER_CTX_new();
    if (!ctx) return 0;
    int n = 0, ok = api.EVP_EncryptInit_ex(ctx, api.EVP_aes_256_gcm(), NULL, key, nonce) == 1
        && (aadLength == 0 || api.EVP_EncryptUpdate(ctx, NULL, &n, aad, (int)aadLength) == 1)
        && (length == 0 || api.EVP_EncryptUpdate(ctx, out, &n, plain, (int)length) == 1)
        && api.EVP_EncryptFinal_ex(ctx, out + (length == 0 ? 0 : n), &n) == 1
        && api.EVP_CIPHER_CTX_ctrl(ctx, ODSH_EVP_CTRL_GCM_GET_TAG, 16, tag) == 1;
    api.EVP_CIPHER_CTX_free(ctx);
    while (api.ERR_get_error()) {}
    return ok;
}

int odsh_crypto_aes256gcm_open(const unsigned char key[32], const unsigned char nonce[12], const void *aad, size_t aadLength,
                               const void *sealed, size_t length, const unsigned char tag[16], unsigned char *out) {
    if (odsh_crypto_load() || length > INT32_MAX || aadLength > INT32_MAX) return 0;
    EVP_CIPHER_CTX *ctx = api.EVP_CIPHER_CTX_new();
    if (!ctx) return 0;
    unsigned char expected[16];
    memcpy(expected, tag, 16);
    int n = 0, ok = api.EVP_DecryptInit_ex(ctx, api.EVP_aes_256_gcm(), NULL, key, nonce) == 1
        && (aadLength == 0 || api.EVP_DecryptUpdate(ctx, NULL, &n, aad, (int)aadLength) == 1)
        && (length == 0 || api.EVP_DecryptUpdate(ctx, out, &n, sealed, (int)length) == 1)
        && api.EVP_CIPHER_CTX_ctrl(ctx, ODSH_EVP_CTRL_GCM_SET_TAG, 16, expected) == 1
        && api.EVP_DecryptFinal_ex(ctx, out + (length == 0 ? 0 : n), &n) == 1;
    api.EVP_CIPHER_CTX_free(ctx);
    while (api.ERR_get_error()) {}
    // What did not authenticate is not handed out, not even in part.
    if (!ok && length) api.OPENSSL_cleanse(out, length);
    return ok;
}

void odsh_crypto_cleanse(void *buffer, size_t length) {
    if (odsh_crypto_load()) {
        volatile unsigned char *p = buffer;
        while (length--) *p++ = 0;
        return;
    }
    api.OPENSSL_cleanse(buffer, length);
}
