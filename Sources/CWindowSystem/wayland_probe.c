/* One round trip to the compositor's registry for several globals (see lumen_window_system.h). The few libwayland-client
 * calls are looked up by name; the two inline helpers of its header (wl_display_get_registry,
 * wl_registry_add_listener) are spelled out over wl_proxy_marshal_flags and
 * wl_proxy_add_listener, as wayland-client-protocol.h defines them. */
#include "lumen_window_system.h"
#include <dlfcn.h>
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

int lumen_wayland_has_globals(const char *const *interfaces, int count, int *found) {
    for (int i = 0; i < count; i++) found[i] = 0;
    void *lib = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return -1;
    struct wl_proxy *(*connect)(const char *) = (struct wl_proxy *(*)(const char *))dlsym(lib, "wl_display_connect");
    void (*disconnect)(struct wl_proxy *) = (void (*)(struct wl_proxy *))dlsym(lib, "wl_display_disconnect");
    int (*roundtrip)(struct wl_proxy *) = (int (*)(struct wl_proxy *))dlsym(lib, "wl_display_roundtrip");
    struct wl_proxy *(*marshal)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...) =
        (struct wl_proxy *(*)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...))dlsym(lib, "wl_proxy_marshal_flags");
    uint32_t (*version)(struct wl_proxy *) = (uint32_t (*)(struct wl_proxy *))dlsym(lib, "wl_proxy_get_version");
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *) = (int (*)(struct wl_proxy *, void (**)(void), void *))dlsym(lib, "wl_proxy_add_listener");
    void (*destroy)(struct wl_proxy *) = (void (*)(struct wl_proxy *))dlsym(lib, "wl_proxy_destroy");
    const struct wl_interface *registry_interface = dlsym(lib, "wl_registry_interface");
    int result = -1;
    struct wl_proxy *display;
    if (connect && disconnect && roundtrip && marshal && version && add_listener && destroy && registry_interface
        && (display = connect(NULL))) {
        /* WL_DISPLAY_GET_REGISTRY is request 1 of wl_display. */
        struct wl_proxy *registry = marshal(display, 1, registry_interface, version(display), 0, NULL);
        static const struct registry_listener listener = { on_global, on_global_remove };
        struct search s = { interfaces, count, found };
        if (registry && add_listener(registry, (void (**)(void))&listener, &s) == 0 && roundtrip(display) >= 0) result = 0;
        if (registry) destroy(registry);
        disconnect(display);
    }
    dlclose(lib);
    return result;
}
