#ifndef ODSH_CLIBEDIT_SHIM_H
#define ODSH_CLIBEDIT_SHIM_H
#include <stdio.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <histedit.h>

// el_set, el_get and history are variadic and cannot be called from Swift: each use gets a typed wrapper here.

typedef char *(*odsh_prompt_fn)(EditLine *);
typedef unsigned char (*odsh_key_fn)(EditLine *, int);

/// The prompt function; `ignore` brackets invisible runs (colour codes) in the prompt text (0: none).
static inline int odsh_el_set_prompt(EditLine *el, odsh_prompt_fn fn, char ignore) {
    return ignore ? el_set(el, EL_PROMPT_ESC, fn, ignore) : el_set(el, EL_PROMPT, fn);
}
/// "emacs" or "vi".
static inline int odsh_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
/// 1: libedit installs its handlers for SIGTSTP/SIGCONT/SIGWINCH (and others) while it reads a line.
static inline int odsh_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int odsh_el_set_editmode(EditLine *el, int on) { return el_set(el, EL_EDITMODE, on); }
static inline int odsh_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int odsh_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *odsh_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
/// Registers a named editor function (then bound to keys with odsh_el_bind).
static inline int odsh_el_addfn(EditLine *el, const char *name, const char *help, odsh_key_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
/// Binds a key sequence (as in editrc: "^I", "\\e[A") to a named editor function, in the main keymap or, with
/// `alternate`, in vi's command keymap.
static inline int odsh_el_bind(EditLine *el, const char *key, const char *function, int alternate) {
    return alternate ? el_set(el, EL_BIND, "-a", key, function, NULL) : el_set(el, EL_BIND, key, function, NULL);
}
/// One `setty` argument (as in editrc), e.g. "-d", "-intr" to take away the interrupt character while editing.
static inline int odsh_el_setty(EditLine *el, const char *a, const char *b) {
    return el_set(el, EL_SETTY, a, b, NULL);
}
/// Redraws the prompt and line after output written outside libedit.
static inline int odsh_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
/// The terminal width libedit works with ("co"), or 0.
static inline int odsh_el_columns(EditLine *el) {
    int cols = 0;
    if (el_get(el, EL_GETTC, "co", &cols, NULL) != 0) return 0;
    return cols;
}

static inline int odsh_history_setsize(History *h, HistEvent *ev, int size) { return history(h, ev, H_SETSIZE, size); }
static inline int odsh_history_setunique(History *h, HistEvent *ev, int on) { return history(h, ev, H_SETUNIQUE, on); }
static inline int odsh_history_enter(History *h, HistEvent *ev, const char *line) { return history(h, ev, H_ENTER, line); }
static inline int odsh_history_clear(History *h, HistEvent *ev) { return history(h, ev, H_CLEAR); }
static inline int odsh_history_first(History *h, HistEvent *ev) { return history(h, ev, H_FIRST); }
static inline int odsh_history_next(History *h, HistEvent *ev) { return history(h, ev, H_NEXT); }
static inline int odsh_history_getsize(History *h, HistEvent *ev) { return history(h, ev, H_GETSIZE); }

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
