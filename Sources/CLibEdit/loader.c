// Loads libedit with dlopen on first use; see include/CLibEdit.h for why.
#include "CLibEdit.h"
#include "CLoader.h"
#include <stdio.h>

#define EDIT_FUNCTIONS(X) \
    X(EditLine *, el_init, (const char *program, FILE *in, FILE *out, FILE *err)) \
    X(void, el_end, (EditLine *el)) \
    X(const char *, el_gets, (EditLine *el, int *count)) \
    X(void, el_push, (EditLine *el, const char *text)) \
    X(int, el_source, (EditLine *el, const char *file)) \
    X(void, el_deletestr, (EditLine *el, int count)) \
    X(int, el_cursor, (EditLine *el, int count)) \
    X(const LineInfoW *, el_wline, (EditLine *el)) \
    X(int, el_winsertstr, (EditLine *el, const wchar_t *text)) \
    X(int, el_set, (EditLine *el, int op, ...)) \
    X(int, el_get, (EditLine *el, int op, ...)) \
    X(History *, history_init, (void)) \
    X(void, history_end, (History *h)) \
    X(int, history, (History *h, HistEvent *ev, int op, ...))

ODSH_LIBRARY_FUNCTIONS(EDIT_FUNCTIONS);

// The runtime package's name (Debian: libedit2); "libedit.so" only exists with the -dev package.
static odsh_library libedit = ODSH_LIBRARY(.name = "libedit", .soname = "libedit.so.2", .package = "libedit2");

const char *odsh_edit_load(void) { return odsh_library_load(&libedit); }

EditLine *odsh_el_init(const char *program, FILE *in, FILE *out, FILE *err) { return api.el_init(program, in, out, err); }
void odsh_el_end(EditLine *el) { api.el_end(el); }
const char *odsh_el_gets(EditLine *el, int *count) { return api.el_gets(el, count); }
void odsh_el_push(EditLine *el, const char *text) { api.el_push(el, text); }
int odsh_el_source(EditLine *el, const char *file) { return api.el_source(el, file); }
void odsh_el_deletestr(EditLine *el, int count) { api.el_deletestr(el, count); }
int odsh_el_cursor(EditLine *el, int count) { return api.el_cursor(el, count); }
const LineInfoW *odsh_el_wline(EditLine *el) { return api.el_wline(el); }
int odsh_el_winsertstr(EditLine *el, const wchar_t *text) { return api.el_winsertstr(el, text); }
History *odsh_history_init(void) { return api.history_init(); }
void odsh_history_end(History *h) { api.history_end(h); }

int odsh_el_set_prompt(EditLine *el, odsh_prompt_fn fn, char ignore) {
    return ignore ? api.el_set(el, EL_PROMPT_ESC, fn, ignore) : api.el_set(el, EL_PROMPT, fn);
}
int odsh_el_set_editor(EditLine *el, const char *mode) { return api.el_set(el, EL_EDITOR, mode); }
int odsh_el_set_signal(EditLine *el, int on) { return api.el_set(el, EL_SIGNAL, on); }
int odsh_el_set_editmode(EditLine *el, int on) { return api.el_set(el, EL_EDITMODE, on); }
int odsh_el_set_history(EditLine *el, History *h) { return api.el_set(el, EL_HIST, api.history, h); }
int odsh_el_set_clientdata(EditLine *el, void *data) { return api.el_set(el, EL_CLIENTDATA, data); }
void *odsh_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    api.el_get(el, EL_CLIENTDATA, &data);
    return data;
}
int odsh_el_addfn(EditLine *el, const char *name, const char *help, odsh_key_fn fn) {
    return api.el_set(el, EL_ADDFN, name, help, fn);
}
int odsh_el_bind(EditLine *el, const char *key, const char *function, int alternate) {
    return alternate ? api.el_set(el, EL_BIND, "-a", key, function, NULL) : api.el_set(el, EL_BIND, key, function, NULL);
}
int odsh_el_setty(EditLine *el, const char *a, const char *b) { return api.el_set(el, EL_SETTY, a, b, NULL); }
int odsh_el_refresh(EditLine *el) { return api.el_set(el, EL_REFRESH); }
int odsh_el_columns(EditLine *el) {
    int cols = 0;
    if (api.el_get(el, EL_GETTC, "co", &cols, NULL) != 0) return 0;
    return cols;
}

int odsh_history_setsize(History *h, HistEvent *ev, int size) { return api.history(h, ev, H_SETSIZE, size); }
int odsh_history_setunique(History *h, HistEvent *ev, int on) { return api.history(h, ev, H_SETUNIQUE, on); }
int odsh_history_enter(History *h, HistEvent *ev, const char *line) { return api.history(h, ev, H_ENTER, line); }
int odsh_history_clear(History *h, HistEvent *ev) { return api.history(h, ev, H_CLEAR); }
int odsh_history_first(History *h, HistEvent *ev) { return api.history(h, ev, H_FIRST); }
int odsh_history_next(History *h, HistEvent *ev) { return api.history(h, ev, H_NEXT); }
int odsh_history_getsize(History *h, HistEvent *ev) { return api.history(h, ev, H_GETSIZE); }
