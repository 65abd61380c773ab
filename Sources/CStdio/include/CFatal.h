#ifndef ODSH_CFATAL_H
#define ODSH_CFATAL_H
// A fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) ends odsh with one line on stderr instead of a backtrace:
// "out of memory" (exit 4) when a limit is set on the process's memory (ulimit -v or -d: only then does an
// allocation fail on Linux), else "internal error" (exit 70). The handler runs on its own stack, so a stack overflow reaches it too, and
// uses only async-signal-safe calls. Installing it replaces the Swift runtime's backtracer for these signals.
void odsh_install_fatal_handlers(void);
#endif
