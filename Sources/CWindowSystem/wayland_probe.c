/* One round trip to the compositor's registry for several globals (see lumen_window_system.h). The few libwayland-client
 * calls are looked up by name; the two inline helpers of its header (wl_display_get_registry,
 * wl_registry_add_listener) are spelled out over wl_proxy_marshal_flags and
 * wl_proxy_add_listener, as wayland-client-protocol.h defines them. */
#include "lumen_window_system.h"
#include "shared.h"
#include <dlfcn.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>

struct wl_proxy;
struct wl_interface;

struct registry_listener {
    void (*global)(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version);
    void (*global_remove)(void *data, struct wl_proxy *registry, uint32_t name);
};

struct search { const char *const *interfaces; int count; int *found; };

static void on_global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry; (void)name; (void)version;
    struct search *s = data;
    for (int i = 0; interface && i < s->count; i++) if (strcmp(interface, s->interfaces[i]) == 0) s->found[i] = 1;
}

static void on_global_remove(void *data, struct wl_proxy *registry, uint32_t name) { (void)data; (void)registry; (void)name; }

static void on_done(void *data, struct wl_proxy *callback, uint32_t serial) { (void)callback; (void)serial; *(int *)data = 1; }

/* The calls a round trip with a time limit needs (wl_display_roundtrip waits for ever: a
 * compositor that accepts connections but no longer runs its loop, such as cage ending after
 * its last output went, would hang the caller). */
struct client {
    struct wl_proxy *(*marshal)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...);
    uint32_t (*version)(struct wl_proxy *);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    void (*destroy)(struct wl_proxy *);
    int (*get_fd)(struct wl_proxy *);
    int (*flush)(struct wl_proxy *);
    int (*prepare_read)(struct wl_proxy *);
    void (*cancel_read)(struct wl_proxy *);
    int (*read_events)(struct wl_proxy *);
    int (*dispatch_pending)(struct wl_proxy *);
    const struct wl_interface *callback_interface;
};

/* 0 once the compositor has answered everything sent before, -1 on an error, -2 when it did
 * not answer within `limit_ms`. */
static int roundtrip_within(const struct client *c, struct wl_proxy *display, int limit_ms) {
    int done = 0;
    /* WL_DISPLAY_SYNC is request 0 of wl_display. */
    struct wl_proxy *callback = c->marshal(display, 0, c->callback_interface, c->version(display), 0, NULL);
    static void (*listener[1])(void) = { (void (*)(void))on_done };
    if (!callback || c->add_listener(callback, listener, &done) != 0) return -1;
    long deadline = lumen_now_ms() + limit_ms;
    int result = 0;
    while (!done && result == 0) {
        if (c->prepare_read(display) != 0) {
            if (c->dispatch_pending(display) < 0) result = -1;
            continue;
        }
        c->flush(display);
        long left = deadline - lumen_now_ms();
        struct pollfd p = { c->get_fd(display), POLLIN, 0 };
        if (left <= 0 || poll(&p, 1, (int)left) <= 0) {
            c->cancel_read(display);
            result = -2;
        } else if (c->read_events(display) < 0 || c->dispatch_pending(display) < 0) {
            result = -1;
        }
    }
    c->destroy(callback);
    return result;
}

int lumen_wayland_has_globals(const char *const *interfaces, int count, int *found) {
    for (int i = 0; i < count; i++) found[i] = 0;
    void *lib = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return -1;
    struct wl_proxy *(*connect)(const char *) = (struct wl_proxy *(*)(const char *))dlsym(lib, "wl_display_connect");
    void (*disconnect)(struct wl_proxy *) = (void (*)(struct wl_proxy *))dlsym(lib, "wl_display_disconnect");
    struct client c = {
        (struct wl_proxy *(*)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...))dlsym(lib, "wl_proxy_marshal_flags"),
        (uint32_t (*)(struct wl_proxy *))dlsym(lib, "wl_proxy_get_version"),
        (int (*)(struct wl_proxy *, void (**)(void), void *))dlsym(lib, "wl_proxy_add_listener"),
        (void (*)(struct wl_proxy *))dlsym(lib, "wl_proxy_destroy"),
        (int (*)(struct wl_proxy *))dlsym(lib, "wl_display_get_fd"),
        (int (*)(struct wl_proxy *))dlsym(lib, "wl_display_flush"),
        (int (*)(struct wl_proxy *))dlsym(lib, "wl_display_prepare_read"),
        (void (*)(struct wl_proxy *))dlsym(lib, "wl_display_cancel_read"),
        (int (*)(struct wl_proxy *))dlsym(lib, "wl_display_read_events"),
        (int (*)(struct wl_proxy *))dlsym(lib, "wl_display_dispatch_pending"),
        dlsym(lib, "wl_callback_interface"),
    };
    const struct wl_interface *registry_interface = dlsym(lib, "wl_registry_interface");
    int result = -1;
    struct wl_proxy *display;
    if (connect && disconnect && c.marshal && c.version && c.add_listener && c.destroy && c.get_fd && c.flush && c.prepare_read
        && c.cancel_read && c.read_events && c.dispatch_pending && c.callback_interface && registry_interface
        && (display = connect(NULL))) {
        /* WL_DISPLAY_GET_REGISTRY is request 1 of wl_display. */
        struct wl_proxy *registry = c.marshal(display, 1, registry_interface, c.version(display), 0, NULL);
        static const struct registry_listener listener = { on_global, on_global_remove };
        struct search s = { interfaces, count, found };
        if (registry && c.add_listener(registry, (void (**)(void))&listener, &s) == 0) result = roundtrip_within(&c, display, 2000);
        if (result == -2) for (int i = 0; i < count; i++) found[i] = 0;
        if (registry) c.destroy(registry);
        disconnect(display);
    }
    dlclose(lib);
    return result;
}
