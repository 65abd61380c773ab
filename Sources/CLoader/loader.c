// See include/CLoader.h.
#include "CLoader.h"
#include <dlfcn.h>
#include <stdio.h>

static const char *open_library(odsh_library *l) {
    int mode = (l->lazy ? RTLD_LAZY : RTLD_NOW) | RTLD_LOCAL;
    void *handle = dlopen(l->soname, mode);
    if (!handle) {
        char dev[64];
        snprintf(dev, sizeof dev, "%s.so", l->name);
        handle = dlopen(dev, mode);
    }
    if (!handle) {
        snprintf(l->message, sizeof l->message, "%s could not be loaded (%s); install %s", l->name, dlerror(), l->package);
        return l->message;
    }
    for (size_t i = 0; i < l->count; i++) {
        if (!(l->functions[i] = dlsym(handle, l->names[i]))) {
            snprintf(l->message, sizeof l->message, "the %s found lacks %s%s%s%s", l->name, l->names[i],
                     l->requirement ? " (" : "", l->requirement ? l->requirement : "", l->requirement ? ")" : "");
            return l->message;
        }
    }
    return l->initialise ? l->initialise() : NULL;
}

const char *odsh_library_load(odsh_library *l) {
    pthread_mutex_lock(&l->lock);
    if (!l->done) {
        l->failure = open_library(l);
        l->done = 1;
    }
    const char *failure = l->failure;
    pthread_mutex_unlock(&l->lock);
    return failure;
}
