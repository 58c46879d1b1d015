/* The display an SDL window is on, switched off for power saving and on again: DPMS on X11
 * (libXext), the wlr output power management protocol on Wayland, the connector's DPMS
 * property on KMS (libdrm). Each library is opened at run time, as SDL opens them. */
#include "lumen_window_system.h"
#include "wayland_client.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <xf86drmMode.h>

/* MARK: X11 */

static int x11_power(void *display, int on, const char **how) {
    void *ext = dlopen("libXext.so.6", RTLD_NOW | RTLD_LOCAL);
    void *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    int (*query)(void *, int *, int *) = ext ? (int (*)(void *, int *, int *))dlsym(ext, "DPMSQueryExtension") : NULL;
    int (*capable)(void *) = ext ? (int (*)(void *))dlsym(ext, "DPMSCapable") : NULL;
    int (*enable)(void *) = ext ? (int (*)(void *))dlsym(ext, "DPMSEnable") : NULL;
    int (*force)(void *, unsigned short) = ext ? (int (*)(void *, unsigned short))dlsym(ext, "DPMSForceLevel") : NULL;
    int (*sync)(void *, int) = x11 ? (int (*)(void *, int))dlsym(x11, "XSync") : NULL;
    int result = 0, event, error;
    if (!query || !capable || !enable || !force || !sync) {
        *how = "no libXext to ask for DPMS";
    } else if (!query(display, &event, &error) || !capable(display)) {
        *how = "the X server has no DPMS (Display Power Management Signaling)";
    } else {
        enable(display);   /* DPMSForceLevel is refused while DPMS is disabled */
        force(display, on ? 0 /* DPMSModeOn */ : 3 /* DPMSModeOff */);
        sync(display, 0);
        *how = "DPMS";
        result = 1;
    }
    if (x11) dlclose(x11);
    if (ext) dlclose(ext);
    return result;
}

/* MARK: KMS */

struct drm_calls {
    drmModeResPtr (*resources)(int);
    void (*free_resources)(drmModeResPtr);
    drmModeConnectorPtr (*connector)(int, uint32_t);
    void (*free_connector)(drmModeConnectorPtr);
    drmModePropertyPtr (*property)(int, uint32_t);
    void (*free_property)(drmModePropertyPtr);
    int (*set)(int, uint32_t, uint32_t, uint64_t);
};

/* The DPMS property of `c`, or 0. */
static uint32_t dpms_property(const struct drm_calls *d, int fd, drmModeConnectorPtr c) {
    for (int i = 0; i < c->count_props; i++) {
        drmModePropertyPtr p = d->property(fd, c->props[i]);
        if (!p) continue;
        int found = strcmp(p->name, "DPMS") == 0;
        uint32_t id = p->prop_id;
        d->free_property(p);
        if (found) return id;
    }
    return 0;
}

/* Every connector that shows something (connected, with an encoder) set to DPMS on or off. */
static int kms_power(int fd, int on, const char **how) {
    void *lib = dlopen("libdrm.so.2", RTLD_NOW | RTLD_LOCAL);
    struct drm_calls d = {0};
    if (lib) {
        d.resources = (drmModeResPtr (*)(int))dlsym(lib, "drmModeGetResources");
        d.free_resources = (void (*)(drmModeResPtr))dlsym(lib, "drmModeFreeResources");
        d.connector = (drmModeConnectorPtr (*)(int, uint32_t))dlsym(lib, "drmModeGetConnector");
        d.free_connector = (void (*)(drmModeConnectorPtr))dlsym(lib, "drmModeFreeConnector");
        d.property = (drmModePropertyPtr (*)(int, uint32_t))dlsym(lib, "drmModeGetProperty");
        d.free_property = (void (*)(drmModePropertyPtr))dlsym(lib, "drmModeFreeProperty");
        d.set = (int (*)(int, uint32_t, uint32_t, uint64_t))dlsym(lib, "drmModeConnectorSetProperty");
    }
    drmModeResPtr r = d.resources && d.free_resources && d.connector && d.free_connector && d.property && d.free_property && d.set
        ? d.resources(fd) : NULL;
    int switched = 0, failed = 0;
    for (int i = 0; r && i < r->count_connectors; i++) {
        drmModeConnectorPtr c = d.connector(fd, r->connectors[i]);
        if (!c) continue;
        uint32_t prop = c->connection == DRM_MODE_CONNECTED && c->encoder_id ? dpms_property(&d, fd, c) : 0;
        if (prop) {
            if (d.set(fd, c->connector_id, prop, on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF) == 0) switched++; else failed++;
        }
        d.free_connector(c);
    }
    if (r) d.free_resources(r);
    if (lib) dlclose(lib);
    *how = switched ? "the connector's DPMS property" : failed ? "the kernel refused the connector's DPMS property"
         : lib ? "no connector in use has a DPMS property" : "no libdrm";
    return switched ? 1 : failed ? -1 : 0;
}

/* MARK: Wayland */

/* zwlr_output_power_manager_v1 and zwlr_output_power_v1 (wlr-protocols,
 * wlr-output-power-management-unstable-v1.xml, version 1): the interface tables
 * wayland-scanner makes from the XML, written out here for the two requests and events used. */
static const struct wl_interface *no_types[2] = { NULL, NULL };
static const struct wl_message manager_requests[] = { { "get_output_power", "no", no_types }, { "destroy", "", no_types } };
static const struct wl_message power_requests[] = { { "set_mode", "u", no_types }, { "destroy", "", no_types } };
static const struct wl_message power_events[] = { { "mode", "u", no_types }, { "failed", "", no_types } };
static const struct wl_interface manager_interface = { "zwlr_output_power_manager_v1", 1, 2, manager_requests, 0, NULL };
static const struct wl_interface power_interface = { "zwlr_output_power_v1", 1, 2, power_requests, 2, power_events };

/* The requests' opcodes, as wayland-scanner names them (their order in the XML). */
enum { ZWLR_OUTPUT_POWER_MANAGER_V1_GET_OUTPUT_POWER = 0, ZWLR_OUTPUT_POWER_V1_SET_MODE = 0 };
/* zwlr_output_power_v1's modes. */
enum { ZWLR_OUTPUT_POWER_V1_MODE_OFF = 0, ZWLR_OUTPUT_POWER_V1_MODE_ON = 1 };

enum { max_outputs = 16 };

/* One connection's worth, kept while the process runs: SDL's display, a queue of Lumen's own. */
static struct {
    struct lumen_wl w;
    struct wl_proxy *display, *wrapper, *registry, *manager;
    struct wl_event_queue *queue;
    struct wl_proxy *outputs[max_outputs], *powers[max_outputs];
    int output_count, failed, ready;
    uint32_t modes[max_outputs];   /* each output's mode as the compositor last told it */
} wlp;

static void on_global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    uint32_t bind = WL_REGISTRY_BIND;
    if (strcmp(interface, "zwlr_output_power_manager_v1") == 0 && !wlp.manager) {
        wlp.manager = wlp.w.marshal(registry, bind, &manager_interface, 1, 0, name, manager_interface.name, 1, NULL);
    } else if (strcmp(interface, "wl_output") == 0 && wlp.output_count < max_outputs) {
        const struct wl_interface *output = dlsym(wlp.w.lib, "wl_output_interface");
        if (output) wlp.outputs[wlp.output_count++] = wlp.w.marshal(registry, bind, output, 1, 0, name, output->name, 1, NULL);
    }
}
static void on_global_remove(void *data, struct wl_proxy *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static void on_done(void *data, struct wl_proxy *callback, uint32_t serial) { (void)callback; (void)serial; *(int *)data = 1; }
static void on_mode(void *data, struct wl_proxy *power, uint32_t mode) { (void)power; wlp.modes[(intptr_t)data] = mode; }
static void on_failed(void *data, struct wl_proxy *power) { (void)data; (void)power; wlp.failed = 1; }
/* wl_output's events, all ignored (geometry, mode, done, scale at version 1…2). */
static void ignore(void) {}

/* A sync request and its answer: every request before it is done, every event come. */
static int roundtrip(void) {
    static void (*listener[1])(void) = { (void (*)(void))on_done };
    int done = 0;
    struct wl_proxy *sync = wlp.w.marshal(wlp.wrapper, WL_DISPLAY_SYNC, wlp.w.callback_interface, 1, 0, NULL);
    int result = sync && wlp.w.add_listener(sync, listener, &done) == 0 ? lumen_wl_wait(&wlp.w, wlp.display, wlp.queue, &done, 2000) : -1;
    if (sync) wlp.w.destroy(sync);
    return result;
}

static int wayland_setup(void *display) {
    if (wlp.ready) return wlp.display == display ? 1 : 0;
    if (!lumen_wl_load(&wlp.w, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD)) return 0;
    wlp.display = display;
    wlp.queue = wlp.w.create_queue(display);
    wlp.wrapper = wlp.queue ? wlp.w.create_wrapper(display) : NULL;
    if (!wlp.wrapper) return 0;
    wlp.w.set_queue(wlp.wrapper, wlp.queue);
    const struct wl_interface *registry_interface = dlsym(wlp.w.lib, "wl_registry_interface");
    static const void *registry_listener[2] = { (void *)on_global, (void *)on_global_remove };
    wlp.registry = registry_interface ? wlp.w.marshal(wlp.wrapper, WL_DISPLAY_GET_REGISTRY, registry_interface, 1, 0, NULL) : NULL;
    if (!wlp.registry || wlp.w.add_listener(wlp.registry, (void (**)(void))registry_listener, NULL) != 0 || roundtrip() != 0) return 0;
    static void (*output_listener[4])(void) = { ignore, ignore, ignore, ignore };
    for (int i = 0; i < wlp.output_count; i++) wlp.w.add_listener(wlp.outputs[i], output_listener, NULL);
    wlp.ready = 1;
    return 1;
}

static int wayland_power(void *display, int on, const char **how) {
    if (!wayland_setup(display)) { *how = "the compositor could not be asked"; return -1; }
    if (!wlp.manager) { *how = "the compositor has no wlr output power management (zwlr_output_power_manager_v1)"; return 0; }
    static const void *power_listener[2] = { (void *)on_mode, (void *)on_failed };
    wlp.failed = 0;
    for (int i = 0; i < wlp.output_count; i++) {
        if (!wlp.powers[i]) {
            wlp.powers[i] = wlp.w.marshal(wlp.manager, ZWLR_OUTPUT_POWER_MANAGER_V1_GET_OUTPUT_POWER, &power_interface, 1, 0, NULL, wlp.outputs[i]);
            if (wlp.powers[i]) wlp.w.add_listener(wlp.powers[i], (void (**)(void))power_listener, (void *)(intptr_t)i);
        }
        uint32_t mode = on ? ZWLR_OUTPUT_POWER_V1_MODE_ON : ZWLR_OUTPUT_POWER_V1_MODE_OFF;
        if (wlp.powers[i]) wlp.w.marshal(wlp.powers[i], ZWLR_OUTPUT_POWER_V1_SET_MODE, NULL, 1, 0, mode);
    }
    /* The compositor answers a mode it applied with a mode event; one that could not apply it
     * (sway 1.7 on wlroots' headless backend fails the output's commit) sends none, or `failed`. */
    int answered = roundtrip(), kept = 0;
    for (int i = 0; i < wlp.output_count; i++) if (wlp.powers[i] && wlp.modes[i] != (uint32_t)(on ? ZWLR_OUTPUT_POWER_V1_MODE_ON : ZWLR_OUTPUT_POWER_V1_MODE_OFF)) kept++;
    *how = wlp.failed ? "the compositor refused the output's power mode"
         : kept ? "the compositor took the request (wlr output power management) but kept the output's mode"
         : "the wlr output power management protocol";
    return answered == 0 && !wlp.failed && !kept && wlp.output_count > 0 ? 1 : -1;
}

/* MARK: Any */

int lumen_display_power(void *window, int on, const char **how) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    *how = "the window system is not X11, Wayland or KMS";
    if (!window || !SDL_GetWindowWMInfo((SDL_Window *)window, &info)) return 0;
    switch (info.subsystem) {
    case SDL_SYSWM_X11: return x11_power(info.info.x11.display, on, how);
    case SDL_SYSWM_WAYLAND: return wayland_power(info.info.wl.display, on, how);
    case SDL_SYSWM_KMSDRM: return kms_power(info.info.kmsdrm.drm_fd, on, how);
    default: return 0;
    }
}
