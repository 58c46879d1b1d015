/* A connection of Lumen's own to the X server, through libxcb loaded at run time. An X server
 * resets when its last client goes (Xorg and Xvfb without -noreset): where Lumen is the only
 * client (a bare X kiosk) and closes SDL to open it again (the GPU window given up for Cairo),
 * the second connection met the reset and SDL fell through to its offscreen driver. */
#include <dlfcn.h>
#include <stdlib.h>
#include "lumen_window_system.h"

struct lumen_x11_hold {
    void *lib;
    void *connection;
    void (*disconnect)(void *);
};

lumen_x11_hold *lumen_x11_hold_open(const char *display) {
    void *lib = dlopen("libxcb.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return NULL;
    void *(*connect)(const char *, int *) = (void *(*)(const char *, int *))dlsym(lib, "xcb_connect");
    int (*has_error)(void *) = (int (*)(void *))dlsym(lib, "xcb_connection_has_error");
    void (*disconnect)(void *) = (void (*)(void *))dlsym(lib, "xcb_disconnect");
    lumen_x11_hold *h = connect && has_error && disconnect ? calloc(1, sizeof *h) : NULL;
    if (!h) { dlclose(lib); return NULL; }
    h->lib = lib;
    h->disconnect = disconnect;
    /* xcb_connect never returns NULL: a failed connection is an error object, disconnected too. */
    h->connection = connect(display, NULL);
    if (has_error(h->connection)) { lumen_x11_hold_close(h); return NULL; }
    return h;
}

void lumen_x11_hold_close(lumen_x11_hold *h) {
    if (!h) return;
    h->disconnect(h->connection);
    dlclose(h->lib);
    free(h);
}
