#ifndef ODSH_CSTDIO_H
#define ODSH_CSTDIO_H
// The C library's standard streams are global variables, which Swift 6 sees as shared mutable state; the shell
// reaches them through these functions.
#include <stdio.h>
#include "CFatal.h"
static inline FILE *odsh_stdin(void) { return stdin; }
static inline FILE *odsh_stdout(void) { return stdout; }
static inline FILE *odsh_stderr(void) { return stderr; }
#endif
