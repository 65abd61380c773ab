#ifndef ODSH_CCURL_SHIM_H
#define ODSH_CCURL_SHIM_H
#include <curl/curl.h>
// curl_easy_setopt is variadic and so unavailable from Swift: typed wrappers.
static inline CURLcode odsh_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode odsh_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode odsh_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode odsh_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode odsh_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }

// Callbacks, one wrapper per signature (CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION share one).
static inline CURLcode odsh_curl_setopt_write_callback(CURL *h, CURLoption o, curl_write_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode odsh_curl_setopt_xferinfo_callback(CURL *h, CURLoption o, curl_xferinfo_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode odsh_curl_setopt_debug_callback(CURL *h, CURLoption o, curl_debug_callback v) { return curl_easy_setopt(h, o, v); }

// curl_easy_getinfo is variadic too.
static inline CURLcode odsh_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode odsh_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode odsh_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }

// Macros with casts are not imported into Swift: re-exported as constants.
static const long ODSH_CURLAUTH_NONE = (long)CURLAUTH_NONE;
static const long ODSH_CURLAUTH_BASIC = (long)CURLAUTH_BASIC;
static const long ODSH_CURLAUTH_DIGEST = (long)CURLAUTH_DIGEST;
static const long ODSH_CURLAUTH_BEARER = (long)CURLAUTH_BEARER;
static const long ODSH_CURLAUTH_ANY = (long)CURLAUTH_ANY;
static const CURLversion ODSH_CURLVERSION_NOW = CURLVERSION_NOW;
#endif
