#ifndef ODSH_CLOADER_H
#define ODSH_CLOADER_H
// The one dlopen loader of odsh's C shims (CCurl, CLibEdit, CCrypto, CLibSecret): each library is opened on first use rather
// than linked (see their headers for why), its functions looked up by name into a table of typed pointers.
#include <pthread.h>
#include <stddef.h>

// A library opened on first use: what it is, the functions odsh calls in it, and how loading went.
typedef struct {
    const char *name;          // how messages name it: "libcurl" (NAME.so, the -dev package's file, is tried second)
    const char *soname;        // the runtime package's file: "libcurl.so.4"
    const char *package;       // what to install when it is missing: "libcurl4"
    const char *requirement;   // what a library that lacks a function falls short of, or NULL
    int lazy;                  // bind lazily (RTLD_LAZY), as when a program links it, rather than all at once
    const char *const *names;  // the functions to look up...
    void **functions;          // ...and where their addresses go, in the same order
    size_t count;
    const char *(*initialise)(void);  // run once the functions are found (NULL: nothing); returns why it failed
    pthread_mutex_t lock;
    int done;
    const char *failure;
    char message[512];
} odsh_library;

// Loads the library once (thread-safe). Returns NULL on success, else a message saying what is missing.
const char *odsh_library_load(odsh_library *library);

// In a shim, after `#define FUNCTIONS(X) X(ret, name, (params)) ...`: `ODSH_LIBRARY_FUNCTIONS(FUNCTIONS)` declares
// `api`, whose members are the typed functions (api.curl_easy_init), and `ODSH_LIBRARY(api, ...)` the library that
// fills it. A function pointer and dlsym's `void *` have the same size and representation on every platform that has
// dlsym, which the union relies on (checked below).
#define ODSH_LIBRARY_DECLARE_(ret, name, params) ret (*name) params;
#define ODSH_LIBRARY_NAME_(ret, name, params) #name,
#define ODSH_LIBRARY_FUNCTIONS(FUNCTIONS) \
    static const char *const api_names[] = { FUNCTIONS(ODSH_LIBRARY_NAME_) }; \
    static union { struct { FUNCTIONS(ODSH_LIBRARY_DECLARE_) }; void *slots[sizeof api_names / sizeof *api_names]; } api; \
    _Static_assert(sizeof api == sizeof api.slots, "function pointers are not the size of void *")
#define ODSH_LIBRARY(...) \
    { __VA_ARGS__, .names = api_names, .functions = api.slots, .count = sizeof api_names / sizeof *api_names, \
      .lock = PTHREAD_MUTEX_INITIALIZER }

#endif
