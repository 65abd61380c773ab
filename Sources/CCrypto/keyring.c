// The kernel's key retention service through its system calls (no libkeyutils needed): the secure store's
// derived key is held in the session keyring for a bounded time, so that one terminal session unlocks once.
#include "CCrypto.h"
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

// linux/keyctl.h
#define ODSH_KEY_SPEC_SESSION_KEYRING (-3)
#define ODSH_KEYCTL_GET_KEYRING_ID 0
#define ODSH_KEYCTL_SETPERM 5
#define ODSH_KEYCTL_SEARCH 10
#define ODSH_KEYCTL_READ 11
#define ODSH_KEYCTL_SET_TIMEOUT 15
#define ODSH_KEYCTL_INVALIDATE 21
// Possessor: view, read, write, search, link, setattr; user, group, others: nothing.
#define ODSH_KEY_POSSESSOR_ALL 0x3f000000

static long result(long r) { return r < 0 ? -errno : r; }

// The session keyring, looked up without creating one: a process that has none (no pam_keyinit in its login)
// gets the user's session keyring, which its later processes share. Asked to create, the kernel would give this
// process an anonymous keyring of its own, gone when it exits, and the unlock would last one command.
static long session(void) {
    return syscall(SYS_keyctl, ODSH_KEYCTL_GET_KEYRING_ID, ODSH_KEY_SPEC_SESSION_KEYRING, 0);
}

long odsh_keyring_add(const char *description, const void *payload, size_t length, unsigned timeoutSeconds) {
    long keyring = session();
    if (keyring < 0) return -errno;
    long serial = syscall(SYS_add_key, "user", description, payload, length, keyring);
    if (serial < 0) return -errno;
    // The default permissions let the user's other processes (not just those of this session) read the key.
    if (syscall(SYS_keyctl, ODSH_KEYCTL_SETPERM, serial, ODSH_KEY_POSSESSOR_ALL) < 0
        || (timeoutSeconds && syscall(SYS_keyctl, ODSH_KEYCTL_SET_TIMEOUT, serial, timeoutSeconds) < 0)) {
        long error = -errno;
        syscall(SYS_keyctl, ODSH_KEYCTL_INVALIDATE, serial);
        return error;
    }
    return serial;
}

long odsh_keyring_find(const char *description) {
    long keyring = session();
    if (keyring < 0) return -errno;
    return result(syscall(SYS_keyctl, ODSH_KEYCTL_SEARCH, keyring, "user", description, 0));
}

long odsh_keyring_read(long serial, void *buffer, size_t length) {
    return result(syscall(SYS_keyctl, ODSH_KEYCTL_READ, serial, buffer, length));
}

long odsh_keyring_forget(long serial) {
    return result(syscall(SYS_keyctl, ODSH_KEYCTL_INVALIDATE, serial));
}

long odsh_keyring_set_timeout(long serial, unsigned timeoutSeconds) {
    return result(syscall(SYS_keyctl, ODSH_KEYCTL_SET_TIMEOUT, serial, timeoutSeconds));
}
