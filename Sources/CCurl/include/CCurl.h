#ifndef ODSH_CCURL_H
#define ODSH_CCURL_H
// libcurl, loaded on first use with dlopen rather than linked: loading libcurl.so.4 and the thirty-odd libraries
// it needs (TLS, HTTP/2, IDN, LDAP, Kerberos, ...) is a cost of every process start (measured in
// docs/performance.md) that commands that never touch the network (`metadata FILE`, `diff`, `complete`) should not
// pay. Swift calls the odsh_curl_* functions
// below; each forwards to the libcurl function of the same name. Types and constants come from curl.h as usual.
#include <curl/curl.h>

// Loads libcurl (once; thread-safe) and runs curl_global_init. Returns NULL on success, else a message saying
// what is missing. Every other odsh_curl_* function may only be called after a successful load.
const char *odsh_curl_load(void);

CURL *odsh_curl_easy_init(void);
void odsh_curl_easy_cleanup(CURL *h);
CURLcode odsh_curl_easy_perform(CURL *h);
// Only on the engine's thread (see CurlEngine): resumes a transfer its write callback paused.
CURLcode odsh_curl_easy_pause(CURL *h, int bitmask);
const char *odsh_curl_easy_strerror(CURLcode code);
void odsh_curl_free(void *p);
curl_version_info_data *odsh_curl_version_info(CURLversion v);
struct curl_slist *odsh_curl_slist_append(struct curl_slist *list, const char *line);
void odsh_curl_slist_free_all(struct curl_slist *list);

CURLM *odsh_curl_multi_init(void);
CURLMcode odsh_curl_multi_cleanup(CURLM *m);
CURLMcode odsh_curl_multi_add_handle(CURLM *m, CURL *h);
CURLMcode odsh_curl_multi_remove_handle(CURLM *m, CURL *h);
CURLMcode odsh_curl_multi_perform(CURLM *m, int *running);
CURLMcode odsh_curl_multi_poll(CURLM *m, struct curl_waitfd extra_fds[], unsigned int extra_nfds, int timeout_ms, int *numfds);
CURLMsg *odsh_curl_multi_info_read(CURLM *m, int *left);
// Thread-safe: ends a curl_multi_poll that another thread waits in (task cancellation).
CURLMcode odsh_curl_multi_wakeup(CURLM *m);

// A share handle (cookies, DNS cache, TLS sessions, the connection pool) for the easy handles of one HTTP session
// that run on several threads at once, with its locks.
typedef struct odsh_share odsh_share_t;
odsh_share_t *odsh_curl_share_new(void);
CURLcode odsh_curl_setopt_share(CURL *h, odsh_share_t *s);
// After every easy handle using it was cleaned up.
void odsh_curl_share_free(odsh_share_t *s);

CURLU *odsh_curl_url(void);
void odsh_curl_url_cleanup(CURLU *u);
CURLUcode odsh_curl_url_set(CURLU *u, CURLUPart part, const char *content, unsigned int flags);
CURLUcode odsh_curl_url_get(CURLU *u, CURLUPart part, char **content, unsigned int flags);

// curl_easy_setopt and curl_easy_getinfo are variadic and so unavailable from Swift: typed wrappers.
CURLcode odsh_curl_setopt_long(CURL *h, CURLoption o, long v);
CURLcode odsh_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v);
CURLcode odsh_curl_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode odsh_curl_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode odsh_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
// Callbacks, one wrapper per signature (CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION share one).
CURLcode odsh_curl_setopt_write_callback(CURL *h, CURLoption o, curl_write_callback v);
CURLcode odsh_curl_setopt_xferinfo_callback(CURL *h, CURLoption o, curl_xferinfo_callback v);
CURLcode odsh_curl_setopt_debug_callback(CURL *h, CURLoption o, curl_debug_callback v);
CURLcode odsh_curl_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode odsh_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v);
CURLcode odsh_curl_getinfo_string(CURL *h, CURLINFO i, char **v);
CURLcode odsh_curl_getinfo_slist(CURL *h, CURLINFO i, struct curl_slist **v);

// Macros with casts are not imported into Swift: re-exported as constants.
static const long ODSH_CURLAUTH_NONE = (long)CURLAUTH_NONE;
static const long ODSH_CURLAUTH_BASIC = (long)CURLAUTH_BASIC;
static const long ODSH_CURLAUTH_DIGEST = (long)CURLAUTH_DIGEST;
static const long ODSH_CURLAUTH_BEARER = (long)CURLAUTH_BEARER;
static const long ODSH_CURLAUTH_NEGOTIATE = (long)CURLAUTH_NEGOTIATE;
static const long ODSH_CURLAUTH_ANY = (long)CURLAUTH_ANY;
static const CURLversion ODSH_CURLVERSION_NOW = CURLVERSION_NOW;
static const size_t ODSH_CURL_WRITEFUNC_PAUSE = CURL_WRITEFUNC_PAUSE;
static const int ODSH_CURLPAUSE_CONT = CURLPAUSE_CONT;
#endif
