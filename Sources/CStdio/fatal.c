#include "CFatal.h"
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static char alternate_stack[64 * 1024];

static void put(const char *s) {
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(2, s, n);
        if (w <= 0) return;
        s += w;
        n -= (size_t)w;
    }
}

// The limit on the process's memory (RLIMIT_AS, else RLIMIT_DATA) in MiB; 0 when none is set. Without one an
// allocation does not fail on Linux (the kernel overcommits, and an out-of-memory kill cannot be caught), so a
// fault under one is taken for an allocation that failed: the Swift runtime aborts (SIGABRT), a C library that does
// not check reads through the null pointer it got (SIGSEGV).
static unsigned long memory_limit_mib(void) {
    struct rlimit r;
    if (getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY) return (unsigned long)(r.rlim_cur >> 20);
    if (getrlimit(RLIMIT_DATA, &r) == 0 && r.rlim_cur != RLIM_INFINITY) return (unsigned long)(r.rlim_cur >> 20);
    return 0;
}

static void number(char *out, unsigned long v) {
    char tmp[24];
    int i = 0;
    do { tmp[i++] = (char)('0' + v % 10); v /= 10; } while (v > 0);
    int j = 0;
    while (i > 0) out[j++] = tmp[--i];
    out[j] = 0;
}

static void on_fault(int sig) {
    unsigned long limit = memory_limit_mib();
    if (limit > 0 && (sig == SIGABRT || sig == SIGSEGV || sig == SIGBUS)) {
        char mib[24];
        number(mib, limit);
        put("odsh: out of memory: the process may use at most ");
        put(mib);
        put(" MiB (ulimit -v or -d) and needed more; nothing more was done. "
            "Raise the limit, or keep less: --max-body-size, --max-metadata-size, --max-value-size.\n");
        _exit(4);
    }
    char n[24];
    number(n, (unsigned long)sig);
    put("odsh: internal error (signal ");
    put(n);
    put("): odsh stopped; nothing more was done. Please report it with the command that caused it.\n");
    _exit(70);
}

void odsh_install_fatal_handlers(void) {
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = alternate_stack;
    ss.ss_size = sizeof alternate_stack;
    sigaltstack(&ss, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
    int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &sa, NULL);
}
