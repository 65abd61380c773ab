// Loads libcrypto with dlopen on first use; see include/CCrypto.h for why.
#include "CCrypto.h"
#include "CLoader.h"
#include <stdio.h>
#include <string.h>

// Opaque OpenSSL types; only pointers to them pass through here.
typedef struct bio_st BIO;
typedef struct evp_pkey_st EVP_PKEY;
typedef struct evp_md_st EVP_MD;
typedef struct evp_md_ctx_st EVP_MD_CTX;
typedef struct engine_st ENGINE;
typedef struct evp_pkey_ctx_st EVP_PKEY_CTX;

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
