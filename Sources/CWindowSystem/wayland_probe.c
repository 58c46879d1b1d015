/* One round trip to the compositor's registry for several globals (see lumen_window_system.h),
 * on a connection and event queue of its own, waited on for 2 s at most: wl_display_roundtrip
 * waits for ever, and a compositor that takes connections but no longer runs its loop (cage
 * ending after its last output went) would hang the caller. */
#include "lumen_window_system.h"
#include "wayland_client.h"
#include <dlfcn.h>
#include <stdint.h>
#include <string.h>

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

/* The registry's globals into `s`, then a sync whose answer says they have all come. */
static int ask(const struct lumen_wl *w, struct wl_proxy *display, struct search *s) {
    struct wl_event_queue *queue = w->create_queue(display);
    struct wl_proxy *wrapper = queue ? w->create_wrapper(display) : NULL;
    if (!wrapper) {
        if (queue) w->queue_destroy(queue);
        return -1;
    }
    w->set_queue(wrapper, queue);
    const struct wl_interface *registry_interface = dlsym(w->lib, "wl_registry_interface");
    struct wl_proxy *registry = registry_interface ? w->marshal(wrapper, WL_DISPLAY_GET_REGISTRY, registry_interface, w->version(wrapper), 0, NULL) : NULL;
    static const struct registry_listener listener = { on_global, on_global_remove };
    static void (*sync_listener[1])(void) = { (void (*)(void))on_done };
    int done = 0, result = -1;
    if (registry && w->add_listener(registry, (void (**)(void))&listener, s) == 0) {
        struct wl_proxy *sync = w->marshal(wrapper, WL_DISPLAY_SYNC, w->callback_interface, w->version(wrapper), 0, NULL);
        if (sync && w->add_listener(sync, sync_listener, &done) == 0) result = lumen_wl_wait(w, display, queue, &done, 2000);
        if (sync) w->destroy(sync);
    }
    if (registry) w->destroy(registry);
    w->wrapper_destroy(wrapper);
    w->queue_destroy(queue);
    return result;
}

int lumen_wayland_has_globals(const char *const *interfaces, int count, int *found) {
    for (int i = 0; i < count; i++) found[i] = 0;
    struct lumen_wl w;
    if (!lumen_wl_load(&w, RTLD_NOW | RTLD_LOCAL)) return -1;
    struct wl_proxy *(*connect)(const char *) = (struct wl_proxy *(*)(const char *))dlsym(w.lib, "wl_display_connect");
    void (*disconnect)(struct wl_proxy *) = (void (*)(struct wl_proxy *))dlsym(w.lib, "wl_display_disconnect");
    struct wl_proxy *display;
    int result = -1;
    if (connect && disconnect && (display = connect(NULL))) {
        struct search s = { interfaces, count, found };
        result = ask(&w, display, &s);
        disconnect(display);
    }
    if (result != 0) for (int i = 0; i < count; i++) found[i] = 0;
    lumen_wl_unload(&w);
    return result;
}
