#ifndef ODSH_CLIBEDIT_H
#define ODSH_CLIBEDIT_H
// libedit, loaded on first use with dlopen rather than linked: only the interactive shell edits lines, and loading
// libedit.so.2 with the libraries it needs (libtinfo, libbsd, libmd) is a cost of every process start (measured in
// docs/performance.md) that `odsh -c`, scripts, `metadata` and `diff` should not pay. Swift calls the odsh_el_* and odsh_history_* functions
// below; each forwards to libedit. Types come from histedit.h as usual.
#include <stdio.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <histedit.h>

// Loads libedit (once; thread-safe). Returns NULL on success, else a message saying what is missing. Every other
// odsh_el_* and odsh_history_* function may only be called after a successful load.
const char *odsh_edit_load(void);

EditLine *odsh_el_init(const char *program, FILE *in, FILE *out, FILE *err);
void odsh_el_end(EditLine *el);
const char *odsh_el_gets(EditLine *el, int *count);
void odsh_el_push(EditLine *el, const char *text);
int odsh_el_source(EditLine *el, const char *file);
void odsh_el_deletestr(EditLine *el, int count);
int odsh_el_cursor(EditLine *el, int count);
const LineInfoW *odsh_el_wline(EditLine *el);
int odsh_el_winsertstr(EditLine *el, const wchar_t *text);
History *odsh_history_init(void);
void odsh_history_end(History *h);

// el_set, el_get and history are variadic and cannot be called from Swift: each use gets a typed wrapper here.

typedef char *(*odsh_prompt_fn)(EditLine *);
typedef unsigned char (*odsh_key_fn)(EditLine *, int);

/// The prompt function; `ignore` brackets invisible runs (colour codes) in the prompt text (0: none).
int odsh_el_set_prompt(EditLine *el, odsh_prompt_fn fn, char ignore);
/// "emacs" or "vi".
int odsh_el_set_editor(EditLine *el, const char *mode);
/// 1: libedit installs its handlers for SIGTSTP/SIGCONT/SIGWINCH (and others) while it reads a line.
int odsh_el_set_signal(EditLine *el, int on);
int odsh_el_set_editmode(EditLine *el, int on);
int odsh_el_set_history(EditLine *el, History *h);
int odsh_el_set_clientdata(EditLine *el, void *data);
void *odsh_el_get_clientdata(EditLine *el);
/// Registers a named editor function (then bound to keys with odsh_el_bind).
int odsh_el_addfn(EditLine *el, const char *name, const char *help, odsh_key_fn fn);
/// Binds a key sequence (as in editrc: "^I", "\\e[A") to a named editor function, in the main keymap or, with
/// `alternate`, in vi's command keymap.
int odsh_el_bind(EditLine *el, const char *key, const char *function, int alternate);
/// One `setty` argument (as in editrc), e.g. "-d", "-intr" to take away the interrupt character while editing.
int odsh_el_setty(EditLine *el, const char *a, const char *b);
/// Redraws the prompt and line after output written outside libedit.
int odsh_el_refresh(EditLine *el);
/// The terminal width libedit works with ("co"), or 0.
int odsh_el_columns(EditLine *el);

int odsh_history_setsize(History *h, HistEvent *ev, int size);
int odsh_history_setunique(History *h, HistEvent *ev, int on);
int odsh_history_enter(History *h, HistEvent *ev, const char *line);
int odsh_history_clear(History *h, HistEvent *ev);
int odsh_history_first(History *h, HistEvent *ev);
int odsh_history_next(History *h, HistEvent *ev);
int odsh_history_getsize(History *h, HistEvent *ev);

// Terminal helpers from the C library (no libedit needed).

/// Display columns of a character (wcwidth needs _XOPEN_SOURCE in glibc's headers, so it is declared here).
extern int wcwidth(wchar_t c);
static inline int odsh_wcwidth(wchar_t c) { return wcwidth(c); }

/// Terminal size of a file descriptor through TIOCGWINSZ; 0 when it is not a terminal.
static inline int odsh_terminal_size(int fd, int *columns, int *rows) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *columns = ws.ws_col;
    *rows = ws.ws_row;
    return 0;
}
#endif
