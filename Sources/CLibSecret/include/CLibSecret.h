// The desktop keyring through the Secret Service API (GNOME Keyring, KWallet, KeePassXC): libsecret, loaded with
// dlopen on first use like libcurl, so that odsh neither needs its headers to build nor libsecret to run. One item
// per odsh store, found by the attribute "store" of the schema "org.odsh.SecureStore"; its secret is text.
#ifndef ODSH_CLIBSECRET_H
#define ODSH_CLIBSECRET_H
#include <stddef.h>

/// NULL when libsecret is loaded, else why not.
const char *odsh_secret_load(void);

/// Looks up the item of `store`. Returns 1 and sets `*secret` (free it with odsh_secret_free) when there is one,
/// 0 when there is none, -1 on failure (no Secret Service on the session bus, a locked keyring the user would
/// not unlock, ...) with the reason in `error`.
int odsh_secret_lookup(const char *store, char **secret, char *error, size_t errorSize);

/// Stores `secret` as the item of `store`, labelled `label`, in the default collection. Returns 1, or -1 with the
/// reason in `error`.
int odsh_secret_store(const char *store, const char *label, const char *secret, char *error, size_t errorSize);

/// Removes the item of `store`. Returns 1 when one was removed, 0 when there was none, -1 on failure.
int odsh_secret_clear(const char *store, char *error, size_t errorSize);

/// Frees (after overwriting) a secret odsh_secret_lookup returned.
void odsh_secret_free(char *secret);

#endif
