// Loads libcurl with dlopen on first use; see include/CCurl.h for why.
#include "CCurl.h"
#include "CLoader.h"
#include <pthread.h>
#include <stdlib.h>

#define CURL_FUNCTIONS(X) \
    X(CURLcode, curl_global_init, (long flags)) \
    X(CURL *, curl_easy_init, (void)) \
    X(void, curl_easy_cleanup, (CURL *h)) \
    X(CURLcode, curl_easy_perform, (CURL *h)) \
    X(CURLcode, curl_easy_pause, (CURL *h, int bitmask)) \
    X(const char *, curl_easy_strerror, (CURLcode code)) \
    X(CURLcode, curl_easy_setopt, (CURL *h, CURLoption o, ...)) \
    X(CURLcode, curl_easy_getinfo, (CURL *h, CURLINFO i, ...)) \
    X(void, curl_free, (void *p)) \
    X(curl_version_info_data *, curl_version_info, (CURLversion v)) \
    X(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *line)) \
    X(void, curl_slist_free_all, (struct curl_slist *list)) \
    X(CURLM *, curl_multi_init, (void)) \
    X(CURLMcode, curl_multi_cleanup, (CURLM *m)) \
    X(CURLMcode, curl_multi_add_handle, (CURLM *m, CURL *h)) \
    X(CURLMcode, curl_multi_remove_handle, (CURLM *m, CURL *h)) \
    X(CURLMcode, curl_multi_perform, (CURLM *m, int *running)) \
    X(CURLMcode, curl_multi_poll, (CURLM *m, struct curl_waitfd extra_fds[], unsigned int extra_nfds, int timeout_ms, int *numfds)) \
    X(CURLMsg *, curl_multi_info_read, (CURLM *m, int *left)) \
    X(CURLMcode, curl_multi_wakeup, (CURLM *m)) \
    X(CURLSH *, curl_share_init, (void)) \
    X(CURLSHcode, curl_share_setopt, (CURLSH *s, CURLSHoption o, ...)) \
    X(CURLSHcode, curl_share_cleanup, (CURLSH *s)) \
    X(CURLU *, curl_url, (void)) \
    X(void, curl_url_cleanup, (CURLU *u)) \
    X(CURLUcode, curl_url_set, (CURLU *u, CURLUPart part, const char *content, unsigned int flags)) \
    X(CURLUcode, curl_url_get, (CURLU *u, CURLUPart part, char **content, unsigned int flags))

ODSH_LIBRARY_FUNCTIONS(CURL_FUNCTIONS);

static const char *initialise(void) {
    return api.curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? NULL : "libcurl could not be initialised";
}

// The runtime package's name (Debian: libcurl4); "libcurl.so" only exists with the -dev package. Lazy binding, as
// when a program links libcurl: RTLD_NOW would bind every function libcurl and the libraries under it import (TLS,
// HTTP/2, LDAP, Kerberos, ...), each looked up through all of odsh's libraries first, though a request calls few of
// them. The functions odsh calls are looked up by name, so a libcurl that lacks one still fails to load.
static odsh_library libcurl = ODSH_LIBRARY(.name = "libcurl", .soname = "libcurl.so.4", .package = "libcurl4",
                                           .requirement = "version 7.80 or later is needed", .lazy = 1,
                                           .initialise = initialise);

const char *odsh_curl_load(void) { return odsh_library_load(&libcurl); }

CURL *odsh_curl_easy_init(void) { return api.curl_easy_init(); }
void odsh_curl_easy_cleanup(CURL *h) { api.curl_easy_cleanup(h); }
CURLcode odsh_curl_easy_perform(CURL *h) { return api.curl_easy_perform(h); }
CURLcode odsh_curl_easy_pause(CURL *h, int bitmask) { return api.curl_easy_pause(h, bitmask); }
const char *odsh_curl_easy_strerror(CURLcode code) { return api.curl_easy_strerror(code); }
void odsh_curl_free(void *p) { api.curl_free(p); }
curl_version_info_data *odsh_curl_version_info(CURLversion v) { return api.curl_version_info(v); }
struct curl_slist *odsh_curl_slist_append(struct curl_slist *list, const char *line) { return api.curl_slist_append(list, line); }
void odsh_curl_slist_free_all(struct curl_slist *list) { api.curl_slist_free_all(list); }

CURLM *odsh_curl_multi_init(void) { return api.curl_multi_init(); }
CURLMcode odsh_curl_multi_cleanup(CURLM *m) { return api.curl_multi_cleanup(m); }
CURLMcode odsh_curl_multi_add_handle(CURLM *m, CURL *h) { return api.curl_multi_add_handle(m, h); }
CURLMcode odsh_curl_multi_remove_handle(CURLM *m, CURL *h) { return api.curl_multi_remove_handle(m, h); }
CURLMcode odsh_curl_multi_perform(CURLM *m, int *running) { return api.curl_multi_perform(m, running); }
CURLMcode odsh_curl_multi_poll(CURLM *m, struct curl_waitfd extra_fds[], unsigned int extra_nfds, int timeout_ms, int *numfds) {
    return api.curl_multi_poll(m, extra_fds, extra_nfds, timeout_ms, numfds);
}
CURLMsg *odsh_curl_multi_info_read(CURLM *m, int *left) { return api.curl_multi_info_read(m, left); }

CURLMcode odsh_curl_multi_wakeup(CURLM *m) { return api.curl_multi_wakeup(m); }

// The share handle's data is used by easy handles on several threads: libcurl asks for a lock per kind of data.
struct odsh_share {
    CURLSH *share;
    pthread_mutex_t locks[CURL_LOCK_DATA_LAST];
};

static void share_lock(CURL *h, curl_lock_data data, curl_lock_access access, void *user) {
    (void)h; (void)access;
    pthread_mutex_lock(&((struct odsh_share *)user)->locks[data]);
}

static void share_unlock(CURL *h, curl_lock_data data, void *user) {
    (void)h;
    pthread_mutex_unlock(&((struct odsh_share *)user)->locks[data]);
}

odsh_share_t *odsh_curl_share_new(void) {
    struct odsh_share *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (!(s->share = api.curl_share_init())) { free(s); return NULL; }
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&s->locks[i], NULL);
    api.curl_share_setopt(s->share, CURLSHOPT_LOCKFUNC, share_lock);
    api.curl_share_setopt(s->share, CURLSHOPT_UNLOCKFUNC, share_unlock);
    api.curl_share_setopt(s->share, CURLSHOPT_USERDATA, (void *)s);
    api.curl_share_setopt(s->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_COOKIE);
    api.curl_share_setopt(s->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    api.curl_share_setopt(s->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
    api.curl_share_setopt(s->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
    return s;
}

CURLcode odsh_curl_setopt_share(CURL *h, odsh_share_t *s) { return api.curl_easy_setopt(h, CURLOPT_SHARE, s->share); }

void odsh_curl_share_free(odsh_share_t *s) {
    if (!s) return;
    api.curl_share_cleanup(s->share);
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_destroy(&s->locks[i]);
    free(s);
}

CURLU *odsh_curl_url(void) { return api.curl_url(); }
void odsh_curl_url_cleanup(CURLU *u) { api.curl_url_cleanup(u); }
CURLUcode odsh_curl_url_set(CURLU *u, CURLUPart part, const char *content, unsigned int flags) { return api.curl_url_set(u, part, content, flags); }
CURLUcode odsh_curl_url_get(CURLU *u, CURLUPart part, char **content, unsigned int flags) { return api.curl_url_get(u, part, content, flags); }

CURLcode odsh_curl_setopt_long(CURL *h, CURLoption o, long v) { return api.curl_easy_setopt(h, o, v); }
CURLcode odsh_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return api.curl_easy_setopt(h, o, v); }
CURLcode odsh_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return api.curl_easy_setopt(h, o, v); }
CURLcode odsh_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return api.curl_easy_setopt(h, o, v); }
CURLcode odsh_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return api.curl_easy_setopt(h, o, v); }
CURLcode odsh_curl_setopt_write_callback(CURL *h, CURLoption o, curl_write_callback v) { return api.curl_easy_setopt(h, o, v); }
CURLcode odsh_curl_setopt_xferinfo_callback(CURL *h, CURLoption o, curl_xferinfo_callback v) { return api.curl_easy_setopt(h, o, v); }
CURLcode odsh_curl_setopt_debug_callback(CURL *h, CURLoption o, curl_debug_callback v) { return api.curl_easy_setopt(h, o, v); }
CURLcode odsh_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return api.curl_easy_getinfo(h, i, v); }
CURLcode odsh_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return api.curl_easy_getinfo(h, i, v); }
CURLcode odsh_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return api.curl_easy_getinfo(h, i, v); }
CURLcode odsh_curl_getinfo_slist(CURL *h, CURLINFO i, struct curl_slist **v) { return api.curl_easy_getinfo(h, i, v); }
