// oneshot-floor URL: the least a one-shot query can cost a program that loads its libraries as odsh does, for
// scripts/bench-oneshot.sh. It is linked against libxml2 (odsh reads the cached $metadata with it, and its link pulls
// libicu and libstdc++ into the process's global scope), opens libcurl with dlopen (RTLD_LAZY | RTLD_LOCAL) and
// initialises it with CURL_GLOBAL_DEFAULT as Sources/CCurl does, then makes the one GET odsh makes within the
// freshness window and writes the body to stdout. It parses nothing, binds nothing and has no runtime to start:
// what odsh takes above it is odsh's own work.
// Exit status: 0 when the server answered below 400, 1 otherwise.
#include <curl/curl.h>
#include <dlfcn.h>
#include <libxml/parser.h>
#include <stdio.h>

static size_t write_body(char *data, size_t size, size_t count, void *stream) {
    return fwrite(data, size, count, (FILE *)stream);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: oneshot-floor URL\n");
        return 2;
    }
    xmlInitParser();
    void *curl = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (!curl) {
        fprintf(stderr, "oneshot-floor: %s\n", dlerror());
        return 1;
    }
    CURLcode (*global_init)(long) = (CURLcode (*)(long))dlsym(curl, "curl_global_init");
    CURL *(*easy_init)(void) = (CURL * (*)(void)) dlsym(curl, "curl_easy_init");
    CURLcode (*setopt)(CURL *, CURLoption, ...) = (CURLcode (*)(CURL *, CURLoption, ...))dlsym(curl, "curl_easy_setopt");
    CURLcode (*perform)(CURL *) = (CURLcode (*)(CURL *))dlsym(curl, "curl_easy_perform");
    CURLcode (*getinfo)(CURL *, CURLINFO, ...) = (CURLcode (*)(CURL *, CURLINFO, ...))dlsym(curl, "curl_easy_getinfo");
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *) =
        (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(curl, "curl_slist_append");
    if (!global_init || !easy_init || !setopt || !perform || !getinfo || !slist_append ||
        global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        fprintf(stderr, "oneshot-floor: libcurl could not be initialised\n");
        return 1;
    }
    CURL *easy = easy_init();
    struct curl_slist *headers = slist_append(NULL, "Accept: application/json");
    setopt(easy, CURLOPT_URL, argv[1]);
    setopt(easy, CURLOPT_HTTPHEADER, headers);
    setopt(easy, CURLOPT_WRITEFUNCTION, write_body);
    setopt(easy, CURLOPT_WRITEDATA, stdout);
    CURLcode result = perform(easy);
    long status = 0;
    getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    if (result != CURLE_OK) {
        fprintf(stderr, "oneshot-floor: request failed (libcurl error %d)\n", (int)result);
        return 1;
    }
    return status >= 400;
}
