/* Swaps of an SDL window's EGL surface on Wayland done by Lumen (see lumen_window_system.h).
 * SDL 2's swap there calls eglSwapBuffers, which damages the whole surface; this one tells the
 * compositor the frame's damage (EGL_KHR_swap_buffers_with_damage, or the EXT one before it)
 * and paces itself as SDL does: before a swap it waits, for a bounded time, for the frame
 * callback the compositor sends once the swap before was shown (SDL sets the EGL swap interval
 * to 0 on Wayland, so EGL itself never waits). The callback is asked for on a queue of its own,
 * through a wrapper of SDL's wl_surface, so SDL's dispatch never sees it. libwayland-client and
 * EGL are looked up in what SDL loaded. */
#define _GNU_SOURCE
#include "lumen_window_system.h"
#include "shared.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct wl_proxy;
struct wl_interface;
struct wl_event_queue;

enum { SURFACE_FRAME = 3 };
#define EGL_EXTENSIONS 0x3055
#define EGL_DRAW 0x3059

typedef struct wl_proxy *(*marshal_fn)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...);

struct lumen_damage_swap {
    void *wl, *egl;
    marshal_fn marshal;
    uint32_t (*version)(struct wl_proxy *);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    void (*destroy)(struct wl_proxy *);
    void (*wrapper_destroy)(void *);
    void (*queue_destroy)(struct wl_event_queue *);
    int (*prepare_read_queue)(struct wl_proxy *, struct wl_event_queue *);
    int (*dispatch_queue_pending)(struct wl_proxy *, struct wl_event_queue *);
    void (*cancel_read)(struct wl_proxy *);
    int (*read_events)(struct wl_proxy *);
    int (*get_fd)(struct wl_proxy *);
    int (*flush)(struct wl_proxy *);
    const struct wl_interface *callback_interface;
    unsigned (*swap)(void *, void *);
    unsigned (*swap_damage)(void *, void *, const int *, int);   /* NULL: whole frames */
    int (*egl_error)(void);
    void *(*current_display)(void);
    void *(*current_surface)(int);
    struct wl_proxy *display, *surface;   /* SDL's display; a wrapper of its surface on `queue` */
    struct wl_event_queue *queue;
    struct wl_proxy *pending;             /* the frame callback asked for with the last swap */
    int *rects;
    int capacity;
};

static void on_frame(void *data, struct wl_proxy *callback, uint32_t time) {
    struct lumen_damage_swap *s = data;
    (void)time;
    s->destroy(callback);
    if (s->pending == callback) s->pending = NULL;
}
static void (*frame_listener[1])(void) = { (void (*)(void))on_frame };

/* The libwayland-client calls; 0 when one is missing. */
static int load_wayland(struct lumen_damage_swap *s) {
    void *l = s->wl;
    s->marshal = (marshal_fn)dlsym(l, "wl_proxy_marshal_flags");
    s->version = (uint32_t (*)(struct wl_proxy *))dlsym(l, "wl_proxy_get_version");
    s->add_listener = (int (*)(struct wl_proxy *, void (**)(void), void *))dlsym(l, "wl_proxy_add_listener");
    s->destroy = (void (*)(struct wl_proxy *))dlsym(l, "wl_proxy_destroy");
    s->wrapper_destroy = (void (*)(void *))dlsym(l, "wl_proxy_wrapper_destroy");
    s->queue_destroy = (void (*)(struct wl_event_queue *))dlsym(l, "wl_event_queue_destroy");
    s->prepare_read_queue = (int (*)(struct wl_proxy *, struct wl_event_queue *))dlsym(l, "wl_display_prepare_read_queue");
    s->dispatch_queue_pending = (int (*)(struct wl_proxy *, struct wl_event_queue *))dlsym(l, "wl_display_dispatch_queue_pending");
    s->cancel_read = (void (*)(struct wl_proxy *))dlsym(l, "wl_display_cancel_read");
    s->read_events = (int (*)(struct wl_proxy *))dlsym(l, "wl_display_read_events");
    s->get_fd = (int (*)(struct wl_proxy *))dlsym(l, "wl_display_get_fd");
    s->flush = (int (*)(struct wl_proxy *))dlsym(l, "wl_display_flush");
    s->callback_interface = dlsym(l, "wl_callback_interface");
    return s->marshal && s->version && s->add_listener && s->destroy && s->wrapper_destroy && s->queue_destroy
        && s->prepare_read_queue && s->dispatch_queue_pending && s->cancel_read && s->read_events && s->get_fd
        && s->flush && s->callback_interface;
}

/* EGL's swaps for the current context's surface; 0 when it has none, or (unless `force`) when
 * its display cannot swap with damage. */
static int load_egl(struct lumen_damage_swap *s, int force) {
    void *l = s->egl;
    void *(*get_proc)(const char *) = (void *(*)(const char *))dlsym(l, "eglGetProcAddress");
    void *(*display)(void) = (void *(*)(void))dlsym(l, "eglGetCurrentDisplay");
    void *(*surface)(int) = (void *(*)(int))dlsym(l, "eglGetCurrentSurface");
    const char *(*query)(void *, int) = (const char *(*)(void *, int))dlsym(l, "eglQueryString");
    s->swap = (unsigned (*)(void *, void *))dlsym(l, "eglSwapBuffers");
    s->egl_error = (int (*)(void))dlsym(l, "eglGetError");
    if (!get_proc || !display || !surface || !query || !s->swap || !s->egl_error) return 0;
    s->current_display = display;
    s->current_surface = surface;
    if (!display() || !surface(EGL_DRAW)) return 0;
    const char *extensions = query(display(), EGL_EXTENSIONS);
    if (lumen_has_word(extensions, "EGL_KHR_swap_buffers_with_damage"))
        s->swap_damage = (unsigned (*)(void *, void *, const int *, int))get_proc("eglSwapBuffersWithDamageKHR");
    else if (lumen_has_word(extensions, "EGL_EXT_swap_buffers_with_damage"))
        s->swap_damage = (unsigned (*)(void *, void *, const int *, int))get_proc("eglSwapBuffersWithDamageEXT");
    return s->swap_damage || force;
}

lumen_damage_swap *lumen_damage_swap_open(void *window, int force) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!window || !SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_WAYLAND
        || !info.info.wl.display || !info.info.wl.surface) return NULL;
    struct lumen_damage_swap *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->wl = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_NOLOAD);
    s->egl = dlopen("libEGL.so.1", RTLD_NOW | RTLD_NOLOAD);
    struct wl_event_queue *(*create_queue)(struct wl_proxy *) = NULL;
    void *(*create_wrapper)(void *) = NULL;
    void (*set_queue)(struct wl_proxy *, struct wl_event_queue *) = NULL;
    if (s->wl) {
        create_queue = (struct wl_event_queue *(*)(struct wl_proxy *))dlsym(s->wl, "wl_display_create_queue");
        create_wrapper = (void *(*)(void *))dlsym(s->wl, "wl_proxy_create_wrapper");
        set_queue = (void (*)(struct wl_proxy *, struct wl_event_queue *))dlsym(s->wl, "wl_proxy_set_queue");
    }
    if (!s->wl || !s->egl || !create_queue || !create_wrapper || !set_queue || !load_wayland(s) || !load_egl(s, force)) {
        lumen_damage_swap_close(s);
        return NULL;
    }
    s->display = (struct wl_proxy *)info.info.wl.display;
    s->queue = create_queue(s->display);
    s->surface = s->queue ? create_wrapper(info.info.wl.surface) : NULL;
    if (!s->surface) {
        lumen_damage_swap_close(s);
        return NULL;
    }
    set_queue(s->surface, s->queue);
    return s;
}

int lumen_damage_swap_sends_damage(const lumen_damage_swap *s) { return s && s->swap_damage; }

/* Waits up to `limit_ms` for the frame callback asked for with the last swap. */
static void wait_for_frame(struct lumen_damage_swap *s, int limit_ms) {
    long deadline = lumen_now_ms() + limit_ms;
    while (s->pending) {
        s->flush(s->display);
        if (s->prepare_read_queue(s->display, s->queue) != 0) {
            if (s->dispatch_queue_pending(s->display, s->queue) < 0) return;
            continue;
        }
        long left = deadline - lumen_now_ms();
        struct pollfd p = { s->get_fd(s->display), POLLIN, 0 };
        if (left <= 0 || poll(&p, 1, (int)left) <= 0) {
            s->cancel_read(s->display);
            return;
        }
        if (s->read_events(s->display) < 0 || s->dispatch_queue_pending(s->display, s->queue) < 0) return;
    }
}

int lumen_damage_swap_present(lumen_damage_swap *s, const int *rects, int count, int height, int wait_ms, int *egl_error) {
    if (!s) return -1;
    if (wait_ms > 0) wait_for_frame(s, wait_ms);
    /* A callback that never came (a hidden window) is let go; a new one goes with this swap. */
    if (s->pending) s->destroy(s->pending);
    s->pending = s->marshal(s->surface, SURFACE_FRAME, s->callback_interface, s->version(s->surface), 0, NULL);
    if (s->pending) s->add_listener(s->pending, frame_listener, s);
    void *display = s->current_display(), *surface = s->current_surface(EGL_DRAW);
    unsigned ok;
    if (s->swap_damage && count > 0) {
        if (count > s->capacity) {
            int *grown = realloc(s->rects, sizeof(int) * 4 * (size_t)count);
            if (!grown) return -1;
            s->rects = grown;
            s->capacity = count;
        }
        /* EGL counts rows from the bottom of the surface. */
        for (int i = 0; i < count; i++) {
            const int *r = rects + 4 * i;
            int *e = s->rects + 4 * i;
            e[0] = r[0]; e[1] = height - r[1] - r[3]; e[2] = r[2]; e[3] = r[3];
        }
        ok = s->swap_damage(display, surface, s->rects, count);
    } else {
        ok = s->swap(display, surface);
    }
    s->flush(s->display);
    if (ok) return 0;
    if (egl_error) *egl_error = s->egl_error();
    return -1;
}

void lumen_damage_swap_close(lumen_damage_swap *s) {
    if (!s) return;
    if (s->pending) s->destroy(s->pending);
    if (s->surface) s->wrapper_destroy(s->surface);
    if (s->queue) s->queue_destroy(s->queue);
    if (s->wl) dlclose(s->wl);
    if (s->egl) dlclose(s->egl);
    free(s->rects);
    free(s);
}
