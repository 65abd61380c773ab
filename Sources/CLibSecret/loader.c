// Loads libsecret with dlopen on first use; see include/CLibSecret.h for why.
#include "CLibSecret.h"
#include "CLoader.h"
#include <stdio.h>
#include <string.h>

// libsecret's and GLib's types as far as odsh touches them (their layout is part of their stable ABI).
typedef struct { const char *name; int type; } SchemaAttribute;
typedef struct {
    const char *name;
    int flags;
    SchemaAttribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} Schema;
typedef struct { unsigned int domain; int code; char *message; } GErrorLayout;

#define SECRET_FUNCTIONS(X) \
    X(int, secret_password_store_sync, (const Schema *schema, const char *collection, const char *label, const char *password, void *cancellable, GErrorLayout **error, ...)) \
    X(char *, secret_password_lookup_sync, (const Schema *schema, void *cancellable, GErrorLayout **error, ...)) \
    X(int, secret_password_clear_sync, (const Schema *schema, void *cancellable, GErrorLayout **error, ...)) \
    X(void, secret_password_free, (char *password)) \
    X(void, g_error_free, (GErrorLayout *error))

ODSH_LIBRARY_FUNCTIONS(SECRET_FUNCTIONS);

// dlsym on libsecret's handle finds GLib's g_error_free too: it searches the libraries libsecret loaded.
static odsh_library libsecret = ODSH_LIBRARY(.name = "libsecret-1", .soname = "libsecret-1.so.0", .package = "libsecret-1-0",
                                             .lazy = 1);

// SECRET_SCHEMA_ATTRIBUTE_STRING is 0, SECRET_SCHEMA_NONE is 0.
static const Schema schema = { "org.odsh.SecureStore", 0, { { "store", 0 }, { NULL, 0 } } };

const char *odsh_secret_load(void) { return odsh_library_load(&libsecret); }

static int fail(GErrorLayout *e, char *error, size_t errorSize) {
    snprintf(error, errorSize, "%s", e && e->message ? e->message : "the Secret Service failed");
    if (e) api.g_error_free(e);
    return -1;
}

int odsh_secret_lookup(const char *store, char **secret, char *error, size_t errorSize) {
    const char *problem = odsh_secret_load();
    if (problem) { snprintf(error, errorSize, "%s", problem); return -1; }
    GErrorLayout *e = NULL;
    *secret = api.secret_password_lookup_sync(&schema, NULL, &e, "store", store, NULL);
    if (e) return fail(e, error, errorSize);
    return *secret ? 1 : 0;
}

int odsh_secret_store(const char *store, const char *label, const char *secret, char *error, size_t errorSize) {
    const char *problem = odsh_secret_load();
    if (problem) { snprintf(error, errorSize, "%s", problem); return -1; }
    GErrorLayout *e = NULL;
    int ok = api.secret_password_store_sync(&schema, "default", label, secret, NULL, &e, "store", store, NULL);
    if (e || !ok) return fail(e, error, errorSize);
    return 1;
}

int odsh_secret_clear(const char *store, char *error, size_t errorSize) {
    const char *problem = odsh_secret_load();
    if (problem) { snprintf(error, errorSize, "%s", problem); return -1; }
    GErrorLayout *e = NULL;
    int removed = api.secret_password_clear_sync(&schema, NULL, &e, "store", store, NULL);
    if (e) return fail(e, error, errorSize);
    return removed ? 1 : 0;
}

void odsh_secret_free(char *secret) {
    if (!secret) return;
    // secret_password_free overwrites the text before freeing it.
    api.secret_password_free(secret);
}
